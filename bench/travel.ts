/**
 * The live travel view under load, in headless Chromium on the built app: a virtual made84ultra on the verify view of
 * the Key performance tab, its 84 keys moving while the keyboard streams their depth, drawn over the drawing.
 *
 * The stream is the virtual keyboard's own: a loop in the page moves the keys with press_key (the call the drawing's
 * press mode uses), one key at a time in turn, 1,000 moves a second; each move makes the reference firmware push one
 * trigger report through the device worker's USB link (1 ms a report, so 1 kHz is the most it carries) to the
 * service and on to the page as up_trigger_adc. Every key follows its own triangle wave over the whole travel, so
 * all 84 keys cross their actuation point and the view redraws every frame.
 *
 * Measured: the frames the view drew a second, the script run per frame (every rAF callback and every message from
 * the device worker, the view's own and any other part of the app's, measured by wrapping them in an init script,
 * so no test hook is needed in the app), and the reports sent that the drawn frames never took in: the canvas says
 * after each frame how many reports it holds (data-reports), checked against the moves the loop made.
 */
import type { Page } from '@playwright/test';
import { withServedApp } from './browser.ts';
import type { Metric } from './metric.ts';

const DIST = 'dist';
const PORT = 4322;
const ORIGIN = `http://127.0.0.1:${PORT}`;

export const KEYS = 84;
/** Reports a second the loop asks for: the virtual USB link's whole capacity. */
export const REPORTS_PER_S = 1000;
export const SECONDS = 5;
/** The view's goal (60 fps) and its floor: 58 allows for the display clock's jitter, as the tester's scroll does. */
export const FPS_GOAL = 60;
export const FPS_FLOOR = 58;

// Strings, not functions: the benchmark runner's transpiler decorates functions with helpers the page lacks.

/**
 * Installed before the app's scripts: times every requestAnimationFrame callback and every message handler of a
 * Worker (the device worker's events and answers reach the page that way), and adds the time to the frame it falls
 * in. A frame ends at the measuring loop's own callback (`__travelFrames.cut`), which is not timed.
 */
const INSTRUMENT = `(() => {
  const rec = { current: 0, frames: [] };
  window.__travelFrames = rec;
  const raf = window.requestAnimationFrame.bind(window);
  window.__rawRaf = raf;
  window.requestAnimationFrame = (cb) => raf((t) => {
    const start = performance.now();
    try { cb(t); } finally { rec.current += performance.now() - start; }
  });
  const timed = (fn) => function (e) {
    const start = performance.now();
    try { return fn.call(this, e); } finally { rec.current += performance.now() - start; }
  };
  let proto = Worker.prototype;
  let desc;
  while (proto && !(desc = Object.getOwnPropertyDescriptor(proto, 'onmessage'))) proto = Object.getPrototypeOf(proto);
  Object.defineProperty(Worker.prototype, 'onmessage', {
    configurable: true,
    get() { return desc.get.call(this); },
    set(fn) { desc.set.call(this, typeof fn === 'function' ? timed(fn) : fn); },
  });
  const add = Worker.prototype.addEventListener;
  Worker.prototype.addEventListener = function (type, fn, opts) {
    return add.call(this, type, type === 'message' && typeof fn === 'function' ? timed(fn) : fn, opts);
  };
})()`;

/**
 * Moves the keys for `seconds` at `rate` moves a second (each due move by the clock on every turn of the event loop)
 * while a frame loop records each frame's script time and the view's drawn-frame count. Answers the moves sent and
 * failed, the frames the view drew and over which time, and the script time of each frame.
 */
const stream = (
  path: string,
  rate: number,
  seconds: number,
  keys: number,
  travel: number,
) => `new Promise((resolve) => {
  const bridge = window.__keytune.bridge;
  const rec = window.__travelFrames;
  const canvas = document.querySelector('[data-testid="travel-canvas"]');
  const drawn = () => Number(canvas.dataset.frames || 0);
  const total = ${rate * seconds};
  let sent = 0;
  let failed = 0;
  const depthOf = (n) => {
    // Each key's own triangle wave over the whole travel, about 1.3 s a stroke, shifted by the key's place.
    const key = n % ${keys};
    const phase = ((n / ${rate}) / 1.3 + key / ${keys}) % 1;
    const x = phase < 0.5 ? phase * 2 : 2 - phase * 2;
    return Math.round(x * ${travel} * 100) / 100;
  };
  const start = performance.now();
  const turn = () => {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * ${rate}));
    while (sent < due) {
      const n = sent++;
      bridge
        .call('app_info', 'press_key', ['--path', ${JSON.stringify(path)}, '--key_id', String(n % ${keys}), '--depth', String(depthOf(n))])
        .catch(() => failed++);
    }
    if (sent < total) setTimeout(turn, 0);
  };
  const scripts = [];
  let firstT;
  let firstDrawn;
  let lastT;
  let lastDrawn;
  const frame = (t) => {
    if (firstT === undefined) { firstT = t; firstDrawn = drawn(); rec.current = 0; }
    else { scripts.push(rec.current); rec.current = 0; lastT = t; lastDrawn = drawn(); }
    if (sent < total) window.__rawRaf(frame);
    else resolve({ sent, failed, frames: lastDrawn - firstDrawn, ms: lastT - firstT, scripts });
  };
  window.__rawRaf(frame);
  turn();
})`;

/** Waits until the view has drawn every report it will get (its count stops moving), and answers that count. */
async function drawnReports(page: Page): Promise<number> {
  const canvas = page.getByTestId('travel-canvas');
  let last = -1;
  for (let i = 0; i < 40; i++) {
    await page.waitForTimeout(250);
    const now = Number(await canvas.getAttribute('data-reports'));
    if (now === last) return now;
    last = now;
  }
  return last;
}

export interface TravelLoad {
  /** Frames a second the view drew while the stream ran. */
  fps: number;
  /** The 95th percentile of the script run per frame. */
  frameScriptMsP95: number;
  /** Reports sent that no drawn frame took in. */
  dropped: number;
  sent: number;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export async function travelLoad(dist = DIST): Promise<TravelLoad> {
  return withServedApp(dist, PORT, async (browser) => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await context.addCookies([{ name: 'CheckDevPermission', value: '0', url: `${ORIGIN}/` }]);
    await context.addInitScript(INSTRUMENT);
    const page = await context.newPage();
    await page.goto(`${ORIGIN}/?virtual=made84ultra@6.2.0`);
    await page.getByRole('button', { name: 'Made84Ultra', exact: true }).click();
    await page.getByRole('tab', { name: 'Key performance' }).click();
    await page.getByRole('tab', { name: 'Verify' }).click();
    const canvas = page.getByTestId('travel-canvas');
    await canvas.waitFor();
    const path = await page.locator('.perf-tab').getAttribute('data-path');
    if (!path) throw new Error('no Key performance tab open');
    // The travel scale the view uses is the device's; the loop moves keys over the same travel.
    const travel = 4;
    // The view's first frames (and the verify view's use_report 2) settle before the stream starts.
    await page.waitForTimeout(500);
    const before = Number((await canvas.getAttribute('data-reports')) ?? 0);
    const run = (await page.evaluate(stream(path, REPORTS_PER_S, SECONDS, KEYS, travel))) as {
      sent: number;
      failed: number;
      frames: number;
      ms: number;
      scripts: number[];
    };
    if (run.failed > 0) throw new Error(`${run.failed} of ${run.sent} key moves failed`);
    const reports = (await drawnReports(page)) - before;
    return {
      fps: run.frames / (run.ms / 1000),
      frameScriptMsP95: percentile(run.scripts, 95),
      dropped: run.sent - reports,
      sent: run.sent,
    };
  });
}

/**
 * The travel view's lines of `npm run bench`: frames drawn a second (goal 60, floor 58), script per frame at the
 * 95th percentile (limit 4 ms, a quarter of a 60 Hz frame) and reports dropped (limit under one, so a single dropped
 * report is over it).
 */
export function travelMetricLines(load: TravelLoad): Metric[] {
  return [
    { name: 'travel_view_fps', value: load.fps, unit: 'fps', floor: FPS_FLOOR },
    { name: 'travel_view_frame_script_ms_p95', value: load.frameScriptMsP95, unit: 'ms', limit: 4 },
    { name: 'travel_view_dropped_reports', value: load.dropped, unit: 'reports', limit: 0.5 },
    { name: 'travel_view_reports_sent', value: load.sent, unit: 'reports' },
  ];
}

export async function travelMetrics(): Promise<Metric[]> {
  return travelMetricLines(await travelLoad());
}
