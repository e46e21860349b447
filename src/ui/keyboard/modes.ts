/**
 * The drawing's modes (spec-1 §2) and its selection rules (spec-1 §4): use_mode 0 holds at most one key, use_mode 1
 * any number. Selections are plain sorted id lists so they compare and serialise (`--select '[ids]'`) directly.
 */

export const DRAWING_MODES = [
  'key_code',
  'key_adv',
  'key_led',
  'key_outframe',
  'key_ambient',
  'key_perf',
  'key_switch',
  'key_calibration',
  'key_perf_config',
] as const;
export type DrawingMode = (typeof DRAWING_MODES)[number];

/** 0 single select, 1 multi select, null: keys cannot be selected in this mode. */
export type UseMode = 0 | 1 | null;

/**
 * How each mode selects by default. The frame and ambient lights are not per key, and calibration tracks every key
 * at once, so those modes show the keys without selecting them.
 */
export const MODE_USE: Readonly<Record<DrawingMode, UseMode>> = {
  key_code: 1,
  key_adv: 1,
  key_led: 1,
  key_outframe: null,
  key_ambient: null,
  key_perf: 1,
  key_switch: 1,
  key_calibration: null,
  key_perf_config: 1,
};

const sorted = (ids: Iterable<number>): number[] => [...new Set(ids)].sort((a, b) => a - b);

export function sameSelection(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

/** A click or Space on a key: toggles it; in single mode a newly selected key replaces the previous one. */
export function toggleKey(selection: readonly number[], id: number, useMode: 0 | 1): number[] {
  if (selection.includes(id)) return selection.filter((s) => s !== id);
  return useMode === 0 ? [id] : sorted([...selection, id]);
}

/** Sets one key on or off (a sweep while the mouse is held applies the first key's change to every key it passes). */
export function setKey(selection: readonly number[], id: number, on: boolean): number[] {
  if (on === selection.includes(id)) return [...selection];
  return on ? sorted([...selection, id]) : selection.filter((s) => s !== id);
}

export function union(selection: readonly number[], ids: readonly number[]): number[] {
  return sorted([...selection, ...ids]);
}

export function selectAll(allIds: readonly number[]): number[] {
  return sorted(allIds);
}

export function reverseSelection(allIds: readonly number[], selection: readonly number[]): number[] {
  const chosen = new Set(selection);
  return sorted(allIds.filter((id) => !chosen.has(id)));
}

/** Drops ids the drawing does not have and, in single mode, all but one. */
export function normaliseSelection(
  selection: readonly number[],
  allIds: readonly number[],
  useMode: UseMode,
): number[] {
  if (useMode === null) return [];
  const known = new Set(allIds);
  const kept = sorted(selection.filter((id) => known.has(id)));
  return useMode === 0 ? kept.slice(0, 1) : kept;
}
