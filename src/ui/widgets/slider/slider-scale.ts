/**
 * The slider's scale: where a value sits on the track, which coloured zone holds it, which split marks are shown, and
 * one step up or down. Stepping, clamping and the number of decimals are the spec's slider rules in core.
 */
import { clampAndSnap, formatSliderValue, roundTo, stepDecimals, type SliderRange } from '../../../core/rules/numeric';

export type ZoneTone = 'green' | 'amber' | 'blue' | 'red';

/** A coloured stretch of the track, e.g. 0.1-0.3 mm "Sensitive". */
export interface SliderZone {
  from: number;
  to: number;
  tone: ZoneTone;
  label?: string;
}

/** A labelled split mark on the track, e.g. 2.0 mm "Recommended". */
export interface SliderMark {
  value: number;
  label?: string;
}

/** Position on the track in percent of its length, 0 at min, to a thousandth of a percent. */
export function percentOf(value: number, range: SliderRange): number {
  const span = range.max - range.min;
  if (!(span > 0)) return 0;
  return roundTo(((Math.min(Math.max(value, range.min), range.max) - range.min) / span) * 100, 3);
}

/** Length of the stretch from `from` to `to` in percent of the track. */
export function percentSpan(from: number, to: number, range: SliderRange): number {
  return roundTo(percentOf(to, range) - percentOf(from, range), 3);
}

/** Zones cut to the range, empty ones dropped, in track order. */
export function visibleZones(zones: readonly SliderZone[], range: SliderRange): SliderZone[] {
  return zones
    .map((z) => ({
      ...z,
      from: Math.max(Math.min(z.from, z.to), range.min),
      to: Math.min(Math.max(z.from, z.to), range.max),
    }))
    .filter((z) => z.to > z.from)
    .sort((a, b) => a.from - b.from);
}

/** The zone holding a value; a value on a border belongs to the zone that starts there. */
export function zoneAt(value: number, zones: readonly SliderZone[]): SliderZone | undefined {
  return zones.find((z) => z.from === value) ?? zones.find((z) => value >= z.from && value <= z.to);
}

/** Marks inside the range, in track order. */
export function visibleMarks(marks: readonly SliderMark[], range: SliderRange): SliderMark[] {
  return marks.filter((m) => m.value >= range.min && m.value <= range.max).sort((a, b) => a.value - b.value);
}

/** One step up (+1) or down (-1), snapped to the step grid and kept inside the range. */
export function stepValue(value: number, direction: 1 | -1, range: SliderRange): number {
  const current = clampAndSnap(value, range);
  const decimals = Math.max(stepDecimals(range.step), stepDecimals(range.min));
  return clampAndSnap(roundTo(current + direction * range.step, decimals), range);
}

/** "1.20 mm", "50%": the value with the step's decimals and its unit. */
export function withUnit(value: number, step: number, unit?: string): string {
  const number = formatSliderValue(value, step);
  if (!unit) return number;
  return /^[%°]/.test(unit) ? `${number}${unit}` : `${number} ${unit}`;
}

/**
 * A typed value, read as the slider would hold it: a number (a decimal comma is read as a point) inside the range and
 * on its step grid. Anything else is undefined, and nothing changes.
 */
export function parseTypedValue(text: string, range: SliderRange): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < range.min - 1e-9 || value > range.max + 1e-9) return undefined;
  const snapped = clampAndSnap(value, range);
  return Math.abs(snapped - value) < 1e-9 ? snapped : undefined;
}
