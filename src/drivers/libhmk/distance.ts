/**
 * The one place libhmk distances become millimetres. The firmware measures a key's travel as 0-255 from rest to
 * bottom-out (matrix.c scales every key between its calibrated rest and bottom-out readings); neither the firmware
 * nor its metadata states the travel in mm. hmkconf, its configurator, draws 255 as 4 mm (SWITCH_DISTANCE_MM), so we
 * do the same: mm = distance × 4 / 255, shown with two decimals. Two decimals round-trip every distance exactly
 * (half a hundredth of a mm is a third of one distance step), so reading, showing and writing back changes nothing.
 */

export const TRAVEL_MM = 4;
export const MAX_DISTANCE = 255;
/** hmkconf's smallest actuation and sensitivity distance (HMK_MIN_DISTANCE): 4/255 of the travel, 0.06 mm. */
export const MIN_DISTANCE = 4;
/**
 * The smallest actuation point or rapid-trigger sensitivity the firmware holds and acts on: 1 (0.02 mm). It takes
 * any distance; 0 would press the key at rest (actuation) or turn rapid trigger off (sensitivity).
 */
export const MIN_SETTING_DISTANCE = 1;
/** One distance step is 0.0157 mm; 0.02 mm is the smallest two-decimal step that always moves at least one. */
export const STEP_MM = 0.02;
/** The step the keyboard holds: 4 mm in 255 steps. */
export const HELD_STEP_MM = TRAVEL_MM / MAX_DISTANCE;
/** The firmware's factory actuation point (eeconfig.h DEFAULT_ACTUATION_POINT, 2.01 mm); no board overrides it. */
export const DEFAULT_ACTUATION_DISTANCE = 128;
/** hmkconf's rapid trigger sensitivity when it is switched on without one (DEFAULT_RT_SENSITIVITY, 0.50 mm). */
export const DEFAULT_RT_DISTANCE = 32;

export function distanceToMm(distance: number): number {
  return Math.round((distance * TRAVEL_MM * 100) / MAX_DISTANCE) / 100;
}

export function mmToDistance(mm: number): number {
  return Math.min(MAX_DISTANCE, Math.max(0, Math.round((mm * MAX_DISTANCE) / TRAVEL_MM)));
}

/**
 * The distance an actuation point or sensitivity in mm takes: the nearest one the keyboard holds (0.10 mm → 6, which
 * reads back as 0.09 mm), or undefined when that is outside what it takes (below 1 or past 255).
 */
export function settingDistance(mm: number): number | undefined {
  if (!Number.isFinite(mm)) return undefined;
  const d = Math.round((mm * MAX_DISTANCE) / TRAVEL_MM);
  return d >= MIN_SETTING_DISTANCE && d <= MAX_DISTANCE ? d : undefined;
}
