/**
 * Rules of the Key performance tab's own views (spec-2 §2.5, §4): which view selects keys, what a view change tells
 * the device, the switch-type cards and the trigger values each key shows.
 */
import type { Capabilities } from '../../../core/capabilities';

/** Views of the tab: perf 0, game config 1, switch 2, verify 3; 4 is the tester chart, reached from verify. */
export type PerfView = '0' | '1' | '2' | '3' | '4';
export const PERF_VIEWS_LISTED: readonly PerfView[] = ['0', '1', '2', '3'];

/** Whether keys can be selected on a view: perf yes; switch unless the firmware takes one type for the whole board. */
export function viewSelects(view: PerfView, caps: Pick<Capabilities, 'performance'>): boolean {
  if (view === '0') return true;
  if (view === '2') return caps.performance.switchKeySelection;
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

/** A switch type: its id (1-17), group letter and number within the group (spec-2 §3). */
export interface SwitchType {
  id: number;
  group: 'H' | 'J' | 'K' | 'T';
  number: number;
}

const GROUPS: readonly [number, SwitchType['group'], number][] = [
  [1, 'J', 1],
  [2, 'J', 2],
  [3, 'K', 1],
  [4, 'H', 1],
  [5, 'T', 1],
  [6, 'J', 3],
  [7, 'J', 4],
  [8, 'J', 5],
  [9, 'T', 2],
  [10, 'T', 3],
  [11, 'T', 4],
  [12, 'T', 5],
  [13, 'T', 6],
  [14, 'T', 7],
  [15, 'T', 8],
  [16, 'T', 9],
  [17, 'T', 10],
];

/** The 17 switch types sorted by group letter, then number. */
export const SWITCH_TYPES: readonly SwitchType[] = GROUPS.map(([id, group, number]) => ({ id, group, number })).sort(
  (a, b) => a.group.localeCompare(b.group) || a.number - b.number,
);

export function switchLabel(type: SwitchType): string {
  return `${type.group}${type.number}`;
}

/** Travel as the drawing and the panel show it: two decimals. */
export function mm(value: number): string {
  return (Math.round(value * 100) / 100).toFixed(2);
}
