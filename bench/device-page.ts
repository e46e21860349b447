/**
 * The device page a person can use: from navigation to `?virtual=made68pro@1.4.0`, a click on the first device
 * card the moment it is clickable, to the first frame on which a key of the drawing, clicked, shows as selected.
 * Measured in headless Chromium against a static page's first frame loaded in turn in the same browser (the same
 * yardstick as the first screen's ratios, bench/ui.ts).
 *
 * "Usable" is precise: a key of the drawing (an element with role gridcell and aria-selected="false") takes a real
 * mouse click, and the frame counts once that same key has aria-selected="true". Until the page takes the click
 * the click is repeated, so a drawing shown before it listens is not counted as usable.
 */
import type { Page } from '@playwright/test';
import { withServedApp } from './browser.ts';
import type { Metric } from './metric.ts';
import { freshPage, median, STATIC_FIRST_FRAME, STATIC_PAGE, withStaticPage } from './ui.ts';

const DIST = 'dist';
const PORT = 4397;
export const DEVICE_PAGE_ADDRESS = '?virtual=made68pro@1.4.0';

// A string, not a function: the benchmark runner's transpiler decorates functions with helpers the page lacks.
/**
 * Installed before the page's own scripts: remembers the key a pointer went down on, and notes the first animation
 * frame after that key shows as selected.
 */
export const USABLE_KEY_INIT = `(() => {
  let clicked = null;
  document.addEventListener('pointerdown', (e) => {
    const key = e.target instanceof Element ? e.target.closest('[role="gridcell"][data-key-id]') : null;
    if (key && clicked === null) clicked = key.getAttribute('data-key-id');
  }, true);
  const check = () => {
    if (clicked === null || window.__usableFrame !== undefined) return;
    const key = document.querySelector('[role="gridcell"][data-key-id="' + CSS.escape(clicked) + '"]');
    if (key && key.getAttribute('aria-selected') === 'true') {
      window.__usableFrame = null;
      requestAnimationFrame(() => { window.__usableFrame = performance.now(); });
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true,
    attributeFilter: ['aria-selected'] });
})()`;
const USABLE_FRAME = `new Promise((resolve) => {
  const check = () => {
    if (typeof window.__usableFrame === 'number') resolve(window.__usableFrame);
    else setTimeout(check, 5);
  };
  check();
})`;

/** Clicks the first card as soon as it can be clicked, then the first unselected key until it shows selected. */
async function openAndSelect(page: Page): Promise<void> {
  await page.click('.device-card button.device-card__open', { timeout: 20_000 });
  const key = page.locator('[role="gridcell"][aria-selected="false"]').first();
  const deadline = Date.now() + 20_000;
  await key.waitFor({ timeout: 20_000 });
  const id = await key.getAttribute('data-key-id');
  const same = page.locator(`[role="gridcell"][data-key-id="${id}"]`);
  while (Date.now() < deadline) {
    await same.click({ timeout: 20_000 });
    try {
      await page.waitForSelector(`[role="gridcell"][data-key-id="${id}"][aria-selected="true"]`, { timeout: 100 });
      return;
    } catch {
      // The page did not take the click yet: click again.
    }
  }
  throw new Error('no key of the drawing became selected');
}

export interface DevicePageUsable {
  /** Navigation to the frame with a clicked key shown selected, median over the loads. */
  usableMs: number;
  /** A static page's first frame, median over as many loads in the same browser. */
  staticMs: number;
}

export async function devicePageUsable(loads: number, dist = DIST): Promise<DevicePageUsable> {
  return withStaticPage(dist, () =>
    withServedApp(dist, PORT, async (browser, origin) => {
      const usable: number[] = [];
      const still: number[] = [];
      for (let i = 0; i < loads + 1; i++) {
        const page = await freshPage(browser, origin, USABLE_KEY_INIT);
        await page.goto(`${origin}/${DEVICE_PAGE_ADDRESS}`, { waitUntil: 'commit' });
        await openAndSelect(page);
        const usableMs = (await page.evaluate(USABLE_FRAME)) as number;
        await page.context().close();
        const staticPage = await freshPage(browser, origin, '');
        await staticPage.goto(`${origin}/${STATIC_PAGE}`);
        const staticMs = (await staticPage.evaluate(STATIC_FIRST_FRAME)) as number;
        await staticPage.context().close();
        // The first load of each warms the preview server's file cache.
        if (i > 0) {
          usable.push(usableMs);
          still.push(staticMs);
        }
      }
      return { usableMs: median(usable), staticMs: median(still) };
    }),
  );
}

export function devicePageMetrics(m: DevicePageUsable): Metric[] {
  return [
    { name: 'device_page_usable_ms', value: m.usableMs, unit: 'ms' },
    { name: 'device_page_usable_ratio_to_static', value: m.usableMs / m.staticMs, unit: 'x', limit: 3 },
  ];
}

export async function devicePageUsableMetrics(): Promise<Metric[]> {
  return devicePageMetrics(await devicePageUsable(3));
}

// `node --import tsx bench/device-page.ts` runs this suite alone (after a build).
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const { formatMetric } = await import('./metric.ts');
  const m = await devicePageUsable(Number(process.env.LOADS ?? 3));
  console.log(`static_page_first_frame_ms ${m.staticMs.toFixed(1)} ms`);
  for (const line of devicePageMetrics(m)) console.log(formatMetric(line));
}
