/**
 * Calibration rules of the verify view (spec-2 §4 Calibration): a key's progress in a run, and the keys held down
 * when a run would start (their rest reading would be a pressed one, and the key would never actuate afterwards).
 */

export interface AdcRange {
  min: number;
  max: number;
}

/** A key counts as held when it reads below its rest value by more than this share of its travel range. */
export const HELD_SHARE = 0.25;
/** A key counts as calibrated in a run once its readings span this share of its previous range (the default). */
export const CALIBRATED_SHARE = 0.25;
/** Wait between Start and the run (spec-2 §9), in milliseconds. */
export const CALIBRATION_WAIT_MS = 2000;

/** Keys whose fresh reading lies well below their stored rest value: pressed now. */
export function heldKeys(adcs: readonly number[], stored: readonly AdcRange[]): number[] {
  return adcs.flatMap((adc, id) => {
    const range = stored[id];
    if (!range || range.max <= range.min) return [];
    return adc < range.max - HELD_SHARE * (range.max - range.min) ? [id] : [];
  });
}

export type KeyProgress = 'idle' | 'moving' | 'done';

/**
 * Idle until the readings move by more than 1; done once they span `share` of the key's previous range (the
 * keyboard's `features.calibration.doneShare`: a quarter on ours, the whole travel on libhmk).
 */
export function keyProgress(
  run: AdcRange | undefined,
  before: AdcRange | undefined,
  share = CALIBRATED_SHARE,
): KeyProgress {
  if (!run) return 'idle';
  const span = run.max - run.min;
  const full = before ? before.max - before.min : 0;
  if (full > 0 && span >= share * full) return 'done';
  return span > 1 ? 'moving' : 'idle';
}
