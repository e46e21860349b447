// @vitest-environment jsdom
/**
 * The live travel view: the trigger monitor's rules on the stream, and the canvas drawing a key's depth on the
 * verify view as the virtual keyboard's key is pressed, scaled by the key's own travel from the device.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MONITOR, TravelData } from '../../../src/ui/device-page/performance/travel';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { serveDrawings } from '../keycode/drawing-helpers';
import { openPerfTab, shown, viewTab } from './perf-helpers';

describe('the trigger monitor', () => {
  const feed = (data: TravelData, samples: [number, number][]) =>
    data.ingest(JSON.stringify(samples.map(([tenths, adc]) => ({ id: 3, trigger: tenths / 10, adc }))));

  it('ignores samples under 20, tracks from 40, keeps min and max ADC and resets at 38 or less', () => {
    const data = new TravelData(10);
    feed(data, [
      [10, 100],
      [39, 1900],
    ]);
    expect(data.monitor[3]!.tracking).toBe(false);
    feed(data, [
      [MONITOR.trackAt, 1200],
      [39, 1300],
      [40, 1100],
    ]);
    expect(data.monitor[3]).toEqual({ tracking: true, min: 1100, max: 1300 });
    feed(data, [[19, 5000]]);
    expect(data.monitor[3]).toEqual({ tracking: true, min: 1100, max: 1300 });
    feed(data, [[38, 2000]]);
    expect(data.monitor[3]).toEqual({ tracking: false, min: Infinity, max: -Infinity });
  });

  it('ignores Number objects and malformed reports, and keeps each key’s latest depth', () => {
    const data = new TravelData(4);
    data.add({ id: 1, trigger: new Number(4) as unknown as number, adc: 1000 });
    data.ingest('not json');
    expect(data.received).toBe(0);
    data.ingest(
      JSON.stringify([
        { id: 1, trigger: 1.5, adc: 2000 },
        { id: 9, trigger: 1, adc: 1 },
      ]),
    );
    expect(data.received).toBe(1);
    expect(data.depth[1]).toBeCloseTo(1.5);
    expect(data.dirty).toBe(true);
  });
});

describe('the travel canvas', () => {
  beforeEach(() => {
    forgetDrawings();
    serveDrawings();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('draws a pressed key’s depth on the verify view, in proportion to the key’s travel', async () => {
    const rects: { style: string; h: number }[] = [];
    const ctx = {
      fillStyle: '',
      clearRect: () => (rects.length = 0),
      fillRect(_x: number, _y: number, _w: number, h: number) {
        rects.push({ style: String(this.fillStyle), h });
      },
    };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as never);
    vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 1008,
      height: 348,
    } as DOMRect);
    const tab = await openPerfTab();
    const user = userEvent.setup();
    await user.click(viewTab('perf.tab.verify'));
    expect(await screen.findByTestId('travel-canvas')).toBeInTheDocument();
    const frame = () => act(async () => new Promise((r) => setTimeout(r, 60)));
    await frame();
    const depthBars = () => rects.filter((r) => r.style === '#2f7cf6');
    expect(depthBars()).toHaveLength(0);

    const max = (await tab.perf()).key_accuracys[31]!.max_trigger;
    await tab.host.live.client.pressKey({ path: tab.path, key_id: 31, depth: max / 2 });
    await frame();
    expect(depthBars()).toHaveLength(1);
    const rail = rects.find((r) => r.style === 'rgba(0,0,0,0.12)')!.h;
    expect(depthBars()[0]!.h / rail).toBeCloseTo(0.5, 1);

    await tab.host.live.client.pressKey({ path: tab.path, key_id: 31, depth: 0 });
    await frame();
    expect(depthBars()).toHaveLength(0);
  });
});

describe('the tester chart', () => {
  beforeEach(() => {
    forgetDrawings();
    serveDrawings();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens from the verify view, charts the stream of pressed keys and goes back', async () => {
    const tab = await openPerfTab();
    const user = userEvent.setup();
    await user.click(viewTab('perf.tab.verify'));
    await user.click(screen.getByRole('button', { name: shown('perf.chart.open') }));
    const chart = await screen.findByTestId('tester-chart');
    expect(viewTab('perf.tab.verify')).toHaveAttribute('aria-selected', 'true');
    expect(tab.host.live.keyboard(tab.path).inspect().reportMode.mode).toBe(2);
    const frame = () => act(async () => new Promise((r) => setTimeout(r, 60)));
    await frame();
    expect(chart.dataset.samples).toBe('0');
    await tab.host.live.client.pressKey({ path: tab.path, key_id: 31, depth: 2 });
    await tab.host.live.client.pressKey({ path: tab.path, key_id: 31, depth: 0 });
    await frame();
    expect(chart.dataset.samples).toBe('2');
    await user.click(screen.getByRole('button', { name: shown('perf.chart.back') }));
    expect(screen.queryByTestId('tester-chart')).toBeNull();
    expect(screen.getByRole('button', { name: shown('perf.cal.start') })).toBeInTheDocument();
  });
});
