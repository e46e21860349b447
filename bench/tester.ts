/**
 * The keyboard tester under load, in headless Chromium on the built app: key events offered at 10,000 a second for a
 * few seconds (every one must reach the log), and the event table's scrolling with a million rows in it.
 *
 * Events are the browser's own KeyboardEvents dispatched at the page, the same path real key presses take, so the
 * measures need no test hook: the table's row count (aria-rowcount) says what the tester logged.
 */
import type { Page } from '@playwright/test';
import { withServedApp } from './browser.ts';
import type { Metric } from './metric.ts';

const DIST = 'dist';
const PORT = 4321;
const ORIGIN = `http://127.0.0.1:${PORT}`;

/** The rate offered, and for how long. */
export const OFFERED_PER_S = 10_000;
export const OFFERED_SECONDS = 3;
export const SCROLL_ROWS = 1_000_000;
export const SCROLL_SECONDS = 3;

// Strings, not functions: the benchmark runner's transpiler decorates functions with helpers the page lacks.

/**
 * Offers key events at `rate` a second for `seconds`: on every turn of the event loop, as many as are due by the
 * clock (press and release of one key, then the next), so the page also gets its frames in between. Answers the
 * events dispatched and the time taken.
 */
const offerEvents = (rate: number, seconds: number) => `new Promise((resolve) => {
  const codes = ['KeyA', 'KeyS', 'KeyD', 'KeyF', 'KeyJ', 'KeyK', 'KeyL', 'Semicolon'];
  const total = ${rate * seconds};
  let sent = 0;
  const start = performance.now();
  const send = (n) => {
    const code = codes[(n >> 1) % codes.length];
    const type = n % 2 === 0 ? 'keydown' : 'keyup';
    document.body.dispatchEvent(new KeyboardEvent(type, { code, bubbles: true, cancelable: true }));
  };
  const turn = () => {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * ${rate}));
    while (sent < due) send(sent++);
    if (sent < total) setTimeout(turn, 0);
    else resolve({ sent, ms: performance.now() - start });
  };
  turn();
})`;

/** Fills the log with `rows` events as fast as the page takes them (press and release of one key). */
const fillLog = (rows: number) => `(() => {
  for (let n = 0; n < ${rows}; n++) {
    const type = n % 2 === 0 ? 'keydown' : 'keyup';
    document.body.dispatchEvent(new KeyboardEvent(type, { code: 'KeyQ', bubbles: true, cancelable: true }));
  }
})()`;

/**
 * Scrolls the table's body through the whole log for `seconds`, a step every frame (top to bottom and back), and
 * counts the frames the page drew. Answers frames a second (frame intervals over the time from the first frame to
 * the last), the longest frame, and the first row shown at the end
 * against the one the scroll position asks for (the table really followed).
 */
const scrollTable = (seconds: number) => `new Promise((resolve) => {
  const body = document.querySelector('.tester-table__body');
  const max = body.scrollHeight - body.clientHeight;
  const step = Math.max(1, Math.floor(max / 97));
  let frames = 0;
  let longest = 0;
  let first;
  let last;
  let down = true;
  const frame = (now) => {
    if (last !== undefined) longest = Math.max(longest, now - last);
    first ??= now;
    last = now;
    frames++;
    let next = body.scrollTop + (down ? step : -step);
    if (next >= max) { next = max; down = false; }
    if (next <= 0) { next = 0; down = true; }
    body.scrollTop = next;
    if (now - first < ${seconds * 1000}) requestAnimationFrame(frame);
    else requestAnimationFrame(() => requestAnimationFrame(() => {
      const expected = Math.floor(body.scrollTop / 28) + 1;
      const shown = [...body.querySelectorAll('[role="row"]')].map((r) => Number(r.firstElementChild.textContent));
      resolve({ fps: (frames - 1) / ((last - first) / 1000), longest, expected, shown });
    }));
  };
  requestAnimationFrame(frame);
})`;

async function loggedEvents(page: Page): Promise<number> {
  // Wait for the frame that draws the last events, then read the table's row count (the header row is one).
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
  const rows = await page.getByRole('table', { name: 'Key events' }).getAttribute('aria-rowcount');
  return Number(rows) - 1;
}

async function openTester(page: Page): Promise<void> {
  await page.goto(`${ORIGIN}/`);
  await page.getByRole('tab', { name: 'Tool' }).click();
  await page.getByRole('button', { name: 'Open Keyboard Tester' }).click();
  await page.getByRole('application', { name: /Key test area/ }).waitFor();
}

export interface TesterLoad {
  /** Events the tester logged a second, at the offered rate. */
  eventsPerS: number;
  /** Events offered that the log does not hold. */
  lost: number;
  /** Frames a second while the table of a million rows scrolls. */
  scrollFps: number;
  /** The longest frame of that scroll. */
  scrollLongestFrameMs: number;
}

export async function testerLoad(dist = DIST): Promise<TesterLoad> {
  return withServedApp(dist, PORT, async (browser) => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await context.addCookies([{ name: 'CheckDevPermission', value: '0', url: `${ORIGIN}/` }]);
    const page = await context.newPage();
    await openTester(page);

    const offered = (await page.evaluate(offerEvents(OFFERED_PER_S, OFFERED_SECONDS))) as {
      sent: number;
      ms: number;
    };
    const logged = await loggedEvents(page);

    await page.getByRole('button', { name: 'Clear' }).click();
    await page.evaluate(fillLog(SCROLL_ROWS));
    const filled = await loggedEvents(page);
    if (filled !== SCROLL_ROWS) throw new Error(`the log holds ${filled} rows, not ${SCROLL_ROWS}`);
    const scroll = (await page.evaluate(scrollTable(SCROLL_SECONDS))) as {
      fps: number;
      longest: number;
      expected: number;
      shown: number[];
    };
    if (!scroll.shown.includes(scroll.expected))
      throw new Error(`the table shows rows ${scroll.shown[0]}-${scroll.shown.at(-1)}, not row ${scroll.expected}`);
    return {
      eventsPerS: logged / (offered.ms / 1000),
      lost: offered.sent - logged,
      scrollFps: scroll.fps,
      scrollLongestFrameMs: scroll.longest,
    };
  });
}

/**
 * The tester's lines of `npm run bench`. The two goals are floors: the events handled a second must keep up with the
 * 10,000 offered (within 1 %, the offering loop's own timing), and scrolling must hold 60 frames a second (58 allows
 * for the display clock's jitter). The events lost has a limit under one event, so a single lost event is over it.
 */
export function testerMetricLines(load: TesterLoad): Metric[] {
  return [
    {
      name: 'tester_events_per_s_sustained',
      value: Math.round(load.eventsPerS),
      unit: 'events/s',
      floor: OFFERED_PER_S * 0.99,
    },
    { name: 'tester_events_lost', value: load.lost, unit: 'events', limit: 0.5 },
    { name: 'tester_table_scroll_fps_1m_rows', value: load.scrollFps, unit: 'fps', floor: 58 },
    { name: 'tester_table_scroll_longest_frame_ms_1m_rows', value: load.scrollLongestFrameMs, unit: 'ms' },
  ];
}

export async function testerMetrics(): Promise<Metric[]> {
  return testerMetricLines(await testerLoad());
}
