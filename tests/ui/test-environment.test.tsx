// @vitest-environment jsdom
/**
 * The component tests' environment prints nothing a test does not check: the app's own files are served by path
 * (the drawing loader's "/devices/made68pro.svg"), and service events between a test's steps reach the screens inside
 * act().
 */
import { waitFor } from '@testing-library/react';
import { openPerfTab } from './performance/perf-helpers';

afterEach(() => vi.restoreAllMocks());

/** Everything written to the console while `run` runs, as text. */
async function printed(run: () => Promise<void> | void): Promise<string[]> {
  const lines: string[] = [];
  for (const level of ['log', 'info', 'warn', 'error'] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
  await run();
  return lines;
}

describe('the component test environment', () => {
  it('serves the app’s files by path, as the dev server does, and nothing outside public/', async () => {
    const drawing = await fetch('/devices/made68pro.svg');
    expect(drawing.ok).toBe(true);
    expect(await drawing.text()).toMatch(/^<svg|<\?xml/);
    expect((await fetch('/devices/no-such-model.svg')).status).toBe(404);
    expect((await fetch('/../package.json')).status).toBe(404);
  });

  it('a service event between two steps of a test updates the screen without an act() warning', async () => {
    const tab = await openPerfTab();
    const lines = await printed(async () => {
      // Straight to the service, as many tests set a keyboard up: its get_key_perf_info event re-renders the tab.
      await tab.host.live.client.setPerfInfo({ path: tab.path, key_ids: [16], trigger: 1.5 });
      await waitFor(async () => expect((await tab.perf()).key_triggers[16]).toBe(1.5));
    });
    expect(lines.filter((l) => /act\(/.test(l))).toEqual([]);
  });
});
