// @vitest-environment jsdom
/**
 * Calibration on the virtual HE60 (libhmk): Start measures the rest readings and opens a run ("Calibrating", its
 * steps, Save and Cancel) instead of saying "saved" at once; a key pressed to the bottom on the keyboard turns green
 * and is counted; Save keeps what the run taught (SAVE_CALIBRATION_THRESHOLD on 1.7) and ends it; a key held down at
 * Start is refused.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { serveDrawings } from '../keycode/drawing-helpers';
import { key, openPerfTab, shown, viewTab } from './perf-helpers';

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
});
afterEach(() => vi.unstubAllGlobals());

const capFill = (id: number) => (key(id).querySelector('.kb-key__cap') as SVGElement).style.fill;
const state = () => document.querySelector('.calibration-panel__state')!.textContent ?? '';

describe('calibration on the HE60', () => {
  it('runs: steps while calibrating, a key pressed to the bottom counted and green, Save ends it', async () => {
    const tab = await openPerfTab('HE60 (libhmk)', '1.7.0');
    const user = userEvent.setup();
    await user.click(viewTab('perf.tab.verify'));
    await user.click(screen.getByRole('button', { name: shown('perf.cal.start') }));
    await waitFor(() => expect(state()).toContain(shown('perf.cal.state.1')));
    expect(state()).not.toContain(shown('perf.cal.state.2'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 });
    for (const step of ['perf.cal.step.1', 'perf.cal.step.2', 'perf.cal.step.3'] as const)
      expect(screen.getByText(shown(step))).toBeInTheDocument();
    expect(state()).toContain(shown('perf.cal.progress', 0, 67));

    // Halfway down the key only moves; to the bottom it is calibrated.
    const press = (depth: number) =>
      act(() => tab.host.live.client.pressKey({ path: tab.path, key_id: 16, depth }).then(() => undefined));
    await press(1.5);
    await waitFor(() => expect(capFill(16)).toBe('rgb(240, 169, 46)'));
    await press(0);
    expect(state()).toContain(shown('perf.cal.progress', 0, 67));
    await press(4);
    await waitFor(() => expect(capFill(16)).toBe('rgb(63, 185, 80)'));
    await press(0);
    expect(state()).toContain(shown('perf.cal.progress', 1, 67));
    expect(capFill(17)).toBe('');

    await user.click(screen.getByRole('button', { name: shown('perf.cal.save') }));
    await waitFor(() => expect(state()).toBe(shown('perf.cal.state.2')));
    expect((await tab.perf()).calibration_state).toBe(2);
    expect(screen.getByRole('button', { name: shown('perf.cal.start') })).toBeInTheDocument();
  });

  it('refuses to start while a key is held down', async () => {
    const tab = await openPerfTab('HE60 (libhmk)', '1.7.0');
    const user = userEvent.setup();
    await user.click(viewTab('perf.tab.verify'));
    await tab.host.live.client.pressKey({ path: tab.path, key_id: 16, depth: 3 });
    await user.click(screen.getByRole('button', { name: shown('perf.cal.start') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await tab.perf()).calibration_state).toBe(0);
    expect(state()).toBe(shown('perf.cal.state.0'));
    await tab.host.live.client.pressKey({ path: tab.path, key_id: 16, depth: 0 });
    await user.click(screen.getByRole('button', { name: shown('perf.cal.start') }));
    await waitFor(async () => expect((await tab.perf()).calibration_state).toBe(1));
    fireEvent.click(await screen.findByRole('button', { name: shown('perf.cal.cancel') }));
    await waitFor(async () => expect((await tab.perf()).calibration_state).toBe(0));
  });
});
