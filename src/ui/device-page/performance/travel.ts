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

/** Labels the tester chart keeps (spec-2 §9). */
export const CHART_WINDOW = 100;

/** The tester chart's window: the latest CHART_WINDOW samples of the stream, oldest first. */
export class TriggerWindow {
  private readonly ids = new Int32Array(CHART_WINDOW);
  private readonly travel = new Float32Array(CHART_WINDOW);
  private next = 0;
  count = 0;
  dirty = false;

  ingest(json: string): void {
    let list: unknown;
    try {
      list = JSON.parse(json);
    } catch {
      return;
    }
    if (!Array.isArray(list)) return;
    for (const item of list as TriggerSample[]) {
      if (!plain(item?.id) || !plain(item?.trigger)) continue;
      this.ids[this.next] = item.id;
      this.travel[this.next] = item.trigger;
      this.next = (this.next + 1) % CHART_WINDOW;
      this.count = Math.min(this.count + 1, CHART_WINDOW);
      this.dirty = true;
    }
  }

  /** The window's samples, oldest first. */
  samples(): { id: number; trigger: number }[] {
    const out: { id: number; trigger: number }[] = [];
    const start = (this.next - this.count + CHART_WINDOW) % CHART_WINDOW;
    for (let i = 0; i < this.count; i++) {
      const at = (start + i) % CHART_WINDOW;
      out.push({ id: this.ids[at]!, trigger: this.travel[at]! });
    }
    return out;
  }
}
