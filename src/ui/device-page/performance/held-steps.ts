/**
 * Travel values on a keyboard that holds distances in steps of its own (libhmk: 4 mm in 255 steps of 0.0157 mm),
 * shown with two decimals. The sliders step by a hundredth so that every value the keyboard holds can be shown and
 * typed; a value set takes the nearest held step, and the screen then shows what the keyboard holds (0.10 mm is held
 * as 0.09 mm). A single step of the buttons or arrow keys that lands on the step already held moves on to the next
 * one, so stepping never stands still.
 */
import { roundTo, type SliderRange } from '../../../core/rules/numeric';

/** The sliders' step where the keyboard has steps of its own: a hundredth of a mm, the two decimals shown. */
export const SHOWN_STEP_MM = 0.01;

/** The slider range for such a keyboard: from its smallest held value, in hundredths. */
export function heldRange(range: SliderRange, minMm: number): SliderRange {
  return { min: minMm, max: range.max, step: SHOWN_STEP_MM };
}

/**
 * The value to send for `value` (typed, dragged or stepped to) when the key holds `previous`: the nearest held step,
 * as two decimals, kept inside the range; one hundredth away from `previous` on the same held step, the next step in
 * that direction.
 */
export function heldValue(value: number, previous: number, heldStepMm: number, range: SliderRange): number {
  const stepOf = (mm: number) => Math.round(mm / heldStepMm);
  const was = stepOf(previous);
  let next = stepOf(value);
  const moved = value - previous;
  if (next === was && moved !== 0 && Math.abs(moved) <= SHOWN_STEP_MM + 1e-9) next = was + Math.sign(moved);
  const lowest = Math.max(1, stepOf(range.min));
  const highest = stepOf(range.max);
  return roundTo(Math.min(highest, Math.max(lowest, next)) * heldStepMm, 2);
}
