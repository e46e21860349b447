/**
 * Rules of the Key performance tab's own views (spec-2 §2.5, §4): which view selects keys, what a view change tells
 * the device, the switch-type cards and the trigger values each key shows.
 */
import type { PerfView } from '../../../core/device-tabs';
import type { PerformanceFeatures } from '../../../core/device-features';
import { SWITCH_TYPES, type SwitchType } from '../../../core/switch-types';

export { perfViewsFor, type PerfView } from '../../../core/device-tabs';

/** Whether keys can be selected on a view: perf yes; switch unless the firmware takes one type for the whole board. */
export function viewSelects(view: PerfView, perf: Pick<PerformanceFeatures, 'switchTypes'> | undefined): boolean {
  if (view === '0') return true;
  if (view === '2') return perf?.switchTypes?.perKey ?? false;
  return false;
}

/** What entering a view tells the device: verify and tester stream triggers (report mode 2); others stop it. */
export type ViewCall = { key_ids: number[]; calibration: { state: 0 } } | { key_ids: number[]; use_report: 0 | 2 };

export function viewCalls(view: PerfView): ViewCall[] {
  if (view === '3' || view === '4') return [{ key_ids: [], use_report: 2 }];
  return [
    { key_ids: [0], calibration: { state: 0 } },
    { key_ids: [0], use_report: 0 },
  ];
}

/** The switch-type cards: every type, sorted by group letter, then number. */
export const SWITCH_CARDS: readonly SwitchType[] = [...SWITCH_TYPES].sort(
  (a, b) => a.group.localeCompare(b.group) || a.number - b.number,
);

/** Travel as the drawing and the panel show it: two decimals. */
export function mm(value: number): string {
  return (Math.round(value * 100) / 100).toFixed(2);
}
