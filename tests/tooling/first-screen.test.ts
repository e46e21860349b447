/**
 * The first screen's budget lines of `npm run bench` (bench/ui.ts) and what keeps its script small: a build's initial
 * JavaScript carries no table the device list does not show.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { formatMetric, missesBudget } from '../../bench/metric';
import { firstScreenMetrics, initialScripts, median, STATIC_PAGE_HTML } from '../../bench/ui';

describe('first-screen bench lines', () => {
  it('prints the device list time over a static first frame, against a budget of 3x', () => {
    const lines = firstScreenMetrics(112.34, { deviceListMs: 170, deviceListLiveMs: 290, staticMs: 40 }).map(
      formatMetric,
    );
    expect(lines).toEqual([
      'initial_js_gzip_kb 112.3 kB  (limit 120.00, 0.94 of limit)',
      'device_list_first_render_ms 170 ms  (limit 300.00, 0.57 of limit)',
      'device_list_interactive_ms 290 ms',
      'static_page_first_frame_ms 40 ms',
      'device_list_first_render_ratio_to_static 4.250 x  (limit 3.00, 1.42 of limit)',
      'device_list_interactive_ratio_to_static 7.250 x  (limit 4.00, 1.81 of limit)',
    ]);
  });

  it('prints a floor for goals where higher is better, and misses it only below the floor', () => {
    const fps = { name: 'fps', value: 57, unit: 'fps', floor: 60 };
    expect(formatMetric(fps)).toBe('fps 57 fps  (floor 60.00, 0.95 of floor)');
    expect(missesBudget(fps)).toBe(true);
    expect(missesBudget({ ...fps, value: 61 })).toBe(false);
    expect(missesBudget({ name: 'ms', value: 301, unit: 'ms', limit: 300 })).toBe(true);
    expect(missesBudget({ name: 'ms', value: 299, unit: 'ms', limit: 300 })).toBe(false);
  });

  it('takes the middle of the loads', () => {
    expect(median([90, 30, 50, 70, 10])).toBe(50);
    expect(() => median([])).toThrow();
  });

  it('measures the static page by its own first frame, with no script but that note', () => {
    expect(STATIC_PAGE_HTML.match(/<script/g)).toHaveLength(1);
    expect(STATIC_PAGE_HTML).toContain('requestAnimationFrame');
    expect(STATIC_PAGE_HTML).not.toMatch(/src=|<link/);
  });
});

describe('the initial script of a production build', () => {
  const out = mkdtempSync(join(tmpdir(), 'keytune-first-screen-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('leaves the key-code table to the screens that show key codes', async () => {
    await build({ configFile: 'vite.config.ts', logLevel: 'silent', build: { outDir: out, emptyOutDir: true } });
    const initial = initialScripts(out)
      .map((file) => readFileSync(join(out, file), 'utf8'))
      .join('\n');
    expect(initial).toContain('createRoot');
    // A description only the key-code table holds (src/core/keycodes.ts).
    expect(initial).not.toContain('The key left of Enter on ISO keyboards');
  }, 60000);
});
