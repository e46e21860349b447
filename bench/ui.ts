/**
 * The app's first screen: the JavaScript a browser must load before it (entry script and its preloaded imports,
 * gzipped), the time from navigation to the first frame with a device card on screen in headless Chromium (median of
 * fresh loads), and that time over a static page's first frame measured in the same run (the machine's floor).
 *
 * The first card is the one index.html draws before the app loads (src/ui/startup/first-paint.ts: the devices of
 * the last visit and those the address asks for, "connecting"); `device_list_interactive_ms` is the frame with a
 * card a person can open (its name a button, whose choice is honoured as soon as the app lists the device).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { withServedApp } from './browser.ts';
import type { Browser, Page } from '@playwright/test';
import type { Metric } from './metric.ts';

const DIST = 'dist';
const PORT = 4319;

/** Every script the HTML loads or preloads, followed through their static imports. */
export function initialScripts(dist = DIST): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const queue = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  const seen = new Set<string>();
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    // Static imports only: `import{…}from"./x.js"` and `import"./x.js"`; dynamic import() loads later.
    for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g))
      queue.push(join('assets', m[1]!));
  }
  return [...seen];
}

export function initialJsGzipKb(dist = DIST): number {
  return (
    initialScripts(dist).reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0) / 1024
  );
}

/**
 * The yardstick for the first screen: a static page with no script of its own but one that notes the time of its
 * first frame (a requestAnimationFrame callback, the same clock the device list check reads). It is written into the
 * build for the run and removed after, so the same server, browser and loads measure both pages.
 */
export const STATIC_PAGE = 'bench-static.html';
export const STATIC_PAGE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Keytune</title>
  </head>
  <body>
    <h1>Keytune</h1>
    <p>A static page: its first frame is the floor any first screen is measured against.</p>
    <script>
      requestAnimationFrame(function () {
        window.__firstFrame = performance.now();
      });
    </script>
  </body>
</html>
`;

// Strings, not functions: the benchmark runner's transpiler decorates functions with helpers the page lacks.
/**
 * Installed before the page's own scripts: notes the frame on which a device card is first on screen (the first
 * frame's "connecting" card drawn by index.html, or the app's own), and the frame on which the app's own card is,
 * the one a person can open. Each is the time of the first animation frame after the card entered the page.
 */
export const CARD_FRAMES_INIT = `(() => {
  const note = (key, selector) => {
    const check = () => {
      if (window[key] === undefined && document.querySelector(selector)) {
        window[key] = null;
        requestAnimationFrame(() => { window[key] = performance.now(); });
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  };
  note('__cardFrame', '.device-card');
  // A card a person can open: its name is a button (the first frame's cards take a click at once and open their
  // device as soon as the app lists it; the app's own cards open it directly).
  note('__liveCardFrame', '.device-card button.device-card__open');
})()`;
/** Both frames, once the app's card is there. */
const CARD_FRAMES = `new Promise((resolve) => {
  const check = () => {
    if (typeof window.__liveCardFrame === 'number') resolve([window.__cardFrame, window.__liveCardFrame]);
    else setTimeout(check, 5);
  };
  check();
})`;
/** The static page's first frame, as its own script noted it. */
export const STATIC_FIRST_FRAME = `new Promise((resolve) => {
  const check = () => {
    if (typeof window.__firstFrame === 'number') resolve(window.__firstFrame);
    else setTimeout(check, 5);
  };
  check();
})`;

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export interface FirstRender {
  /** Navigation to the first frame with a device card on screen, median over the loads. */
  deviceListMs: number;
  /** Navigation to the first frame with the app's own card (the one that opens the device), median over the loads. */
  deviceListLiveMs: number;
  /** Navigation to a static page's first frame, median over as many loads in the same browser. */
  staticMs: number;
}

/** A page in a fresh browser context (no virtual keyboard of an earlier load, no cache), `init` run before its own scripts. */
export async function freshPage(browser: Browser, origin: string, init: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'CheckDevPermission', value: '0', url: `${origin}/` }]);
  const page = await context.newPage();
  await page.addInitScript(init);
  return page;
}

/** Runs `measure` with the static page written into the build, and removes it after. */
export async function withStaticPage<T>(dist: string, measure: () => Promise<T>): Promise<T> {
  const staticFile = join(dist, STATIC_PAGE);
  writeFileSync(staticFile, STATIC_PAGE_HTML);
  try {
    return await measure();
  } finally {
    rmSync(staticFile, { force: true });
  }
}

/** Both first screens, loaded in turn (app, static, app, …) so a slow moment of the machine weighs on both. */
export async function firstRenders(loads: number, dist = DIST): Promise<FirstRender> {
  return withStaticPage(dist, () =>
    withServedApp(dist, PORT, async (browser, origin) => {
      const measure = async <T>(url: string, check: string): Promise<T> => {
        const page = await freshPage(browser, origin, CARD_FRAMES_INIT);
        await page.goto(url);
        const value = (await page.evaluate(check)) as T;
        await page.context().close();
        return value;
      };
      const first: number[] = [];
      const live: number[] = [];
      const still: number[] = [];
      for (let i = 0; i < loads + 1; i++) {
        const [firstMs, liveMs] = await measure<[number, number]>(`${origin}/?virtual=made68pro@1.3.7`, CARD_FRAMES);
        const staticMs = await measure<number>(`${origin}/${STATIC_PAGE}`, STATIC_FIRST_FRAME);
        // The first load of each also warms the preview server's file cache.
        if (i > 0) {
          first.push(firstMs);
          live.push(liveMs);
          still.push(staticMs);
        }
      }
      return { deviceListMs: median(first), deviceListLiveMs: median(live), staticMs: median(still) };
    }),
  );
}

/** The first-screen lines of `npm run bench`. */
export function firstScreenMetrics(initialKb: number, render: FirstRender): Metric[] {
  return [
    { name: 'initial_js_gzip_kb', value: initialKb, unit: 'kB', limit: 120 },
    { name: 'device_list_first_render_ms', value: render.deviceListMs, unit: 'ms', limit: 300 },
    { name: 'device_list_interactive_ms', value: render.deviceListLiveMs, unit: 'ms' },
    { name: 'static_page_first_frame_ms', value: render.staticMs, unit: 'ms' },
    {
      name: 'device_list_first_render_ratio_to_static',
      value: render.deviceListMs / render.staticMs,
      unit: 'x',
      limit: 3,
    },
    {
      name: 'device_list_interactive_ratio_to_static',
      value: render.deviceListLiveMs / render.staticMs,
      unit: 'x',
      limit: 4,
    },
  ];
}

export async function uiMetrics(): Promise<Metric[]> {
  return firstScreenMetrics(initialJsGzipKb(), await firstRenders(5));
}

// `node --import tsx bench/ui.ts` runs this suite alone (after a build), for work on the first screen.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const { formatMetric } = await import('./metric.ts');
  for (const m of await uiMetrics()) console.log(formatMetric(m));
}
