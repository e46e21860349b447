/**
 * Numeric input rules shared by every slider and number field (spec-1 §5): digits-only fields, and sliders that honour
 * min, max and step, clamp and snap, and show as many decimals as the step has.
 */
import { TOAST_KEYS } from '../toast-keys.ts';
import { OK, accept, fail, type RuleResult, type ValueResult } from './result.ts';

export interface SliderRange {
  min: number;
  max: number;
  /** 0 means continuous: the value is clamped but not snapped. */
  step: number;
}

/** Keeps only the ASCII digits of what was typed (numeric DKS inputs). */
export function digitsOnly(text: string): string {
  return text.replace(/[^0-9]/g, '');
}

export function isDigitsOnly(text: string): boolean {
  return /^[0-9]+$/.test(text);
}

/** Decimal places of a step: 1 → 0, 0.1 → 1, 0.01 → 2, 2.5e-3 → 4. */
export function stepDecimals(step: number): number {
  if (!Number.isFinite(step) || step <= 0) return 0;
  const [mantissa = '', exponent] = String(step).toLowerCase().split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}

/** Rounds away binary noise (0.1 + 0.2) at a number of decimals. */
export function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** Clamps into [min, max] and snaps to min + k·step, never past max; a non-number becomes min. */
export function clampAndSnap(value: number, range: SliderRange): number {
  const { min, max, step } = range;
  if (!Number.isFinite(value)) return min;
  const clamped = Math.min(Math.max(value, min), max);
  if (!(step > 0)) return clamped;
  const decimals = Math.max(stepDecimals(step), stepDecimals(min));
  let snapped = roundTo(min + Math.round((clamped - min) / step) * step, decimals);
  if (snapped > max) snapped = roundTo(min + Math.floor((max - min) / step + 1e-9) * step, decimals);
  return snapped;
}

/** The value label of a slider: as many decimals as its step. */
export function formatSliderValue(value: number, step: number): string {
  return value.toFixed(stepDecimals(step));
}

// Values read from text or JSON carry rounding noise (0.1 * 3); a millionth of a unit is far below any device step.
const EPSILON = 1e-6;

export function inRange(value: number, min: number, max: number): boolean {
  return Number.isFinite(value) && value >= min - EPSILON && value <= max + EPSILON;
}

/** Whether value lies on the grid min + k·step (always true for a continuous range). */
export function onStep(value: number, min: number, step: number): boolean {
  if (!(step > 0)) return true;
  const k = (value - min) / step;
  return Math.abs(k - Math.round(k)) < EPSILON * 1000;
}

/** A number inside [min, max], optionally an integer, else err.args.invalid. */
export function checkNumber(
  value: number,
  min: number,
  max: number,
  options: { integer?: boolean; toastKey?: string } = {},
): RuleResult {
  const ok = inRange(value, min, max) && (!options.integer || Number.isInteger(value));
  return ok ? OK : fail(options.toastKey ?? TOAST_KEYS.invalidArgs);
}

/** For a device call: the value must be inside the slider's range; it is then snapped to its step. */
export function checkSliderValue(value: number, range: SliderRange, toastKey?: string): ValueResult<number> {
  if (!inRange(value, range.min, range.max)) return fail(toastKey ?? TOAST_KEYS.invalidArgs);
  return accept(clampAndSnap(value, range));
}
