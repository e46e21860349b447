/**
 * The live travel data of the verify view, outside React: the up_trigger_adc stream written into typed arrays per
 * key, with a dirty flag the canvas reads once per animation frame, and the trigger monitor (spec-2 §4): samples under
 * 20 are ignored, a key is tracked from 40, its tracking resets at 38 or less, and it keeps the key's min and max ADC
 * meanwhile. The monitor's thresholds are in tenths of a millimetre (40 is 4.0 mm), the stream's travel in mm.
 */
import type { TriggerSample } from '../../../contract/payloads/performance';

export const MONITOR = { ignoreBelow: 20, trackAt: 40, resetAtOrBelow: 38 } as const;

export interface MonitorEntry {
  tracking: boolean;
  min: number;
  max: number;
}

/** True for a plain finite number (a Number object, or anything else, is not one). */
const plain = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export class TravelData {
  /** Latest depth of each key in mm. */
  readonly depth: Float32Array;
  /** Deepest depth of each key since its last release, in mm: where a rapid-trigger band is drawn. */
  readonly deepest: Float32Array;
  readonly monitor: MonitorEntry[];
  /** Reports taken in, and set again by every report until the frame that draws them clears it. */
  received = 0;
  dirty = false;

  constructor(readonly keyCount: number) {
    this.depth = new Float32Array(keyCount);
    this.deepest = new Float32Array(keyCount);
    this.monitor = Array.from({ length: keyCount }, () => ({ tracking: false, min: Infinity, max: -Infinity }));
  }

  /** One up_trigger_adc event: a JSON list of samples. Malformed items are skipped. */
  ingest(json: string): void {
    let list: unknown;
    try {
      list = JSON.parse(json);
    } catch {
      return;
    }
    if (!Array.isArray(list)) return;
    for (const item of list) this.add(item as TriggerSample);
  }

  add(sample: TriggerSample): void {
    const { id, trigger, adc } = sample;
    if (!plain(id) || !plain(trigger) || !plain(adc) || id < 0 || id >= this.keyCount) return;
    this.received++;
    this.depth[id] = trigger;
    this.deepest[id] = trigger <= 0 ? 0 : Math.max(this.deepest[id]!, trigger);
    this.dirty = true;
    this.track(id, Math.round(trigger * 10), adc);
  }

  private track(id: number, tenths: number, adc: number): void {
    if (tenths < MONITOR.ignoreBelow) return;
    const entry = this.monitor[id]!;
    if (tenths <= MONITOR.resetAtOrBelow) {
      if (entry.tracking) this.monitor[id] = { tracking: false, min: Infinity, max: -Infinity };
      return;
    }
    if (!entry.tracking && tenths >= MONITOR.trackAt) entry.tracking = true;
    if (!entry.tracking) return;
    entry.min = Math.min(entry.min, adc);
    entry.max = Math.max(entry.max, adc);
  }
}

/**
 * How far back the tester chart looks, in ms. The spec's window is 100 reports, but the stream reports a key only when
 * it moves: a held key sends nothing, so a window counted in reports stands still and crams a press against its left
 * edge. A window counted in time scrolls, and a held key draws a level line up to now.
 */
export const CHART_SPAN_MS = 5000;

export interface TracePoint {
  /** Arrival time (ms, the page's clock). */
  t: number;
  /** Depth in mm. */
  depth: number;
}

/** The tester chart's data: each reported key's depth over the last CHART_SPAN_MS, kept outside React. */
export class TraceWindow {
  /** Per key, oldest first; the map's order is the order keys joined, which the legend keeps. */
  readonly traces = new Map<number, TracePoint[]>();
  /** Moves on when a key joins or leaves: the legend follows that, never a sample. */
  keysVersion = 0;
  dirty = false;
  private readonly colours = new Map<number, number>();
  private joined = 0;

  constructor(readonly spanMs = CHART_SPAN_MS) {}

  /** One up_trigger_adc event, received at `now`. Malformed items are skipped. */
  ingest(json: string, now: number): void {
    let list: unknown;
    try {
      list = JSON.parse(json);
    } catch {
      return;
    }
    if (!Array.isArray(list)) return;
    for (const item of list as TriggerSample[]) {
      if (!plain(item?.id) || !plain(item?.trigger) || item.id < 0) continue;
      let trace = this.traces.get(item.id);
      if (!trace) {
        trace = [];
        this.traces.set(item.id, trace);
        if (!this.colours.has(item.id)) this.colours.set(item.id, this.joined++);
        this.keysVersion++;
      }
      trace.push({ t: now, depth: Math.max(0, item.trigger) });
      this.dirty = true;
    }
  }

  /** A key's place in the colour cycle: the order it first joined, kept while the chart is open. */
  colourIndex(id: number): number {
    return this.colours.get(id) ?? 0;
  }

  /**
   * Drops what scrolled out of the window, keeping the last point before it so a line still starts at the left edge;
   * a key back at rest for the whole window leaves the chart.
   */
  prune(now: number): void {
    const from = now - this.spanMs;
    for (const [id, trace] of this.traces) {
      let first = 0;
      while (first < trace.length - 1 && trace[first + 1]!.t <= from) first++;
      if (first > 0) trace.splice(0, first);
      const last = trace[trace.length - 1]!;
      if (last.t <= from && last.depth === 0) {
        this.traces.delete(id);
        this.keysVersion++;
      }
    }
  }

  /** Samples received within the window. */
  count(now: number): number {
    const from = now - this.spanMs;
    let n = 0;
    for (const trace of this.traces.values()) for (const p of trace) if (p.t > from) n++;
    return n;
  }
}
