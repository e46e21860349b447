// @vitest-environment jsdom
/**
 * The tester chart draws depth in mm over a scrolling window of seconds: axes with units, each key's actuation line,
 * a held key's line running up to now, and a legend naming the keys on it.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TraceWindow } from '../../../src/ui/device-page/performance/travel';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { serveDrawings } from '../keycode/drawing-helpers';
import { openPerfTab, shown, viewTab } from './perf-helpers';

type Op = { op: string; args: unknown[]; stroke: string; dash: number };

/** A 2D context that records what is drawn: each call with the stroke colour and dash in force. */
function recordingContext() {
  const ops: Op[] = [];
  const state = { strokeStyle: '', dash: 0 };
  const ctx = new Proxy(
    {},
    {
      get(_t, name: string) {
        if (name === 'strokeStyle') return state.strokeStyle;
        if (name === 'measureText') return (text: string) => ({ width: text.length * 6 });
        return (...args: unknown[]) => {
          if (name === 'setLineDash') state.dash = (args[0] as number[]).length;
          ops.push({ op: name, args, stroke: state.strokeStyle, dash: state.dash });
        };
      },
      set(_t, name: string, value: unknown) {
        if (name === 'strokeStyle') state.strokeStyle = String(value);
        return true;
      },
    },
  );
  return { ctx, ops };
}

/** The polylines stroked since the last clear: their points, colour and dash. */
function strokes(ops: Op[]) {
  const from = ops.map((o) => o.op).lastIndexOf('clearRect');
  const lines: { colour: string; dash: number; points: [number, number][] }[] = [];
  let points: [number, number][] = [];
  for (const o of ops.slice(from)) {
    if (o.op === 'beginPath') points = [];
    if (o.op === 'moveTo' || o.op === 'lineTo') points.push(o.args as [number, number]);
    if (o.op === 'stroke') lines.push({ colour: o.stroke, dash: o.dash, points });
  }
  return lines;
}
const texts = (ops: Op[]) => {
  const from = ops.map((o) => o.op).lastIndexOf('clearRect');
  return ops
    .slice(from)
    .filter((o) => o.op === 'fillText')
    .map((o) => String(o.args[0]));
};

const WIDTH = 600;
const HEIGHT = 260;
const frame = (ms = 60) => act(async () => new Promise((r) => setTimeout(r, ms)));

beforeEach(() => {
  forgetDrawings();
  serveDrawings();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the tester chart', () => {
  it('draws depth in mm over seconds, the actuation line, and a held key up to now; the legend names it', async () => {
    const { ctx, ops } = recordingContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as never);
    vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: WIDTH,
      height: HEIGHT,
    } as DOMRect);
    const tab = await openPerfTab();
    const user = userEvent.setup();
    await user.click(viewTab('perf.tab.verify'));
    await user.click(screen.getByRole('button', { name: shown('perf.chart.open') }));
    await screen.findByTestId('tester-chart');
    await frame();
    expect(screen.getByText('Press keys to chart their depth here.')).toBeInTheDocument();
    expect(texts(ops)).toEqual(expect.arrayContaining(['Depth (mm)', 'Time (s)', '0.0', '1.0', '-5', '-1', '0']));

    // Key 17 pressed to 2 mm and held: one report, then nothing while it is held.
    await tab.host.live.client.pressKey({ path: tab.path, key_id: 17, depth: 2 });
    await frame(30);
    const firstFrame = strokes(ops)
      .filter((l) => l.dash === 0 && l.points.length >= 2)
      .at(-1)!;
    await frame(250);
    const lines = strokes(ops);
    const depth = lines.filter((l) => l.colour === firstFrame.colour && l.dash === 0).at(-1)!;
    const xs = depth.points.map(([x]) => x);
    const ys = depth.points.map(([, y]) => y);
    // The press sits near now (the right edge), not against the left edge, and the held level runs up to now.
    expect(Math.min(...xs)).toBeGreaterThan(WIDTH * 0.6);
    expect(Math.max(...xs)).toBeGreaterThan(WIDTH - 20);
    // Time scrolls: the press has moved left since the first frame.
    expect(xs[0]!).toBeLessThan(firstFrame.points[0]![0]);
    // It rises from rest (0 mm, the top of the plot) at the press, then stays level: 2 mm of the key's travel.
    const plotTop = 28;
    const plotBottom = HEIGHT - 34;
    expect(ys[0]).toBeCloseTo(plotTop, 0);
    expect(new Set(ys.slice(1)).size).toBe(1);
    const max = (await tab.perf()).key_accuracys[17]!.max_trigger;
    expect((ys[1]! - plotTop) / (plotBottom - plotTop)).toBeCloseTo(2 / max, 1);
    // The actuation point: a dashed line of the key's colour across the plot at its trigger depth.
    const trigger = (await tab.perf()).key_triggers[17]!;
    const actuation = lines.find((l) => l.colour === depth.colour && l.dash > 0)!;
    expect(actuation.points[0]![1]).toBeCloseTo(plotTop + (trigger / max) * (plotBottom - plotTop), 0);

    const legend = screen.getByRole('list', { name: 'Keys on the chart' });
    expect(within(legend).getAllByRole('listitem')).toHaveLength(1);
    expect(legend).toHaveTextContent(`Wactuates and releases at ${trigger.toFixed(2)} mm`);
  });

  it('names the rapid-trigger release in the legend', async () => {
    const tab = await openPerfTab();
    await tab.host.live.client.setPerfInfo({
      path: tab.path,
      key_ids: [17],
      rapid: { use_rapid: 1, p_rapid_value: 0.3, r_rapid_value: 0.4 },
    });
    const user = userEvent.setup();
    await user.click(viewTab('perf.tab.verify'));
    await user.click(screen.getByRole('button', { name: shown('perf.chart.open') }));
    await tab.host.live.client.pressKey({ path: tab.path, key_id: 17, depth: 2 });
    const legend = await screen.findByRole('list', { name: 'Keys on the chart' });
    await frame();
    const rapid = (await tab.perf()).key_rapid_triggers[17]!;
    expect(rapid.use_rapid).toBe(true);
    expect(legend).toHaveTextContent(
      `rapid trigger releases ${rapid.r_rapid_value.toFixed(2)} mm above its deepest point`,
    );
  });
});

describe('the chart window', () => {
  it('keeps a few seconds of each key, a line into the window, and lets a key at rest leave', () => {
    const w = new TraceWindow(5000);
    w.ingest(JSON.stringify([{ id: 3, trigger: 1, adc: 1 }]), 1000);
    w.ingest(JSON.stringify([{ id: 3, trigger: 0, adc: 1 }]), 2000);
    w.ingest('not json', 2000);
    expect(w.count(2000)).toBe(2);
    expect(w.keysVersion).toBe(1);
    w.prune(6500);
    // The press scrolled out but is kept, so the line into the window starts at its left edge.
    expect(w.traces.get(3)).toEqual([
      { t: 1000, depth: 1 },
      { t: 2000, depth: 0 },
    ]);
    expect(w.count(6500)).toBe(1);
    // Once its release has scrolled out it was at rest for the whole window: it leaves the chart and its legend.
    w.prune(7100);
    expect(w.traces.has(3)).toBe(false);
    expect(w.keysVersion).toBe(2);
  });

  it('keeps a held key on the chart however long it is held', () => {
    const w = new TraceWindow(5000);
    w.ingest(JSON.stringify([{ id: 9, trigger: 2.5, adc: 1 }]), 0);
    w.prune(60000);
    expect(w.traces.get(9)).toEqual([{ t: 0, depth: 2.5 }]);
    expect(w.count(60000)).toBe(0);
  });
});
