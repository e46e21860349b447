/**
 * The simulated Hall-effect sensor of one key and its actuation logic.
 *
 * ADC: each key reads about 3000 at rest and falls to about 1000 at full travel (4 mm), along a slightly bent curve;
 * rest and bottom values spread by a few tens of counts from key to key, as magnets and sensors do.
 *
 * Actuation (travel in 0.01 mm):
 * - rapid trigger off: down when travel reaches the trigger point, up when it falls back above it;
 * - rapid trigger on, rt_mode 0: the first actuation is at the trigger point; while below it the key releases after
 *   rising `rapidRelease` from its deepest point and re-actuates after pressing `rapidPress` from its highest point;
 *   rising above the trigger point releases and resets;
 * - rapid trigger on, rt_mode 1 (continuous): the trigger point is ignored; the same rapid logic runs over the whole
 *   travel and only the top dead zone (travel <= dead) resets the key.
 * Sensitivity, series and advanced-mode flags change nothing in this simulation.
 */
import { PERF_FLAG, type PerfKey } from '../protocol/objects.ts';
import { FULL_TRAVEL } from './traits.ts';

export interface KeyCurve {
  rest: number;
  bottom: number;
}

export type KeyPhase = 'idle' | 'down' | 'released';

export interface KeyMotion {
  /** 0.01 mm. */
  travel: number;
  adc: number;
  phase: KeyPhase;
  /** Deepest point while down, highest point while released (0.01 mm). */
  extreme: number;
}

export function keyCurve(modelId: number, keyId: number): KeyCurve {
  return {
    rest: 3000 + ((keyId * 37 + modelId * 11) % 81) - 40,
    bottom: 1000 + ((keyId * 53 + modelId * 7) % 61) - 30,
  };
}

export function adcAt(curve: KeyCurve, travel: number): number {
  const x = Math.min(1, Math.max(0, travel / FULL_TRAVEL));
  const bent = x * (1.15 - 0.15 * x);
  return Math.round(curve.rest - (curve.rest - curve.bottom) * bent);
}

export function restingKey(curve: KeyCurve): KeyMotion {
  return { travel: 0, adc: curve.rest, phase: 'idle', extreme: 0 };
}

/** Moves a key to `travel` and answers the edge it produced, if any. Mutates `motion`. */
export function moveKey(motion: KeyMotion, perf: PerfKey, curve: KeyCurve, travel: number): 'down' | 'up' | undefined {
  motion.travel = travel;
  motion.adc = adcAt(curve, travel);
  const wasDown = motion.phase === 'down';

  if (!(perf.flags & PERF_FLAG.useRapid)) {
    const down = travel >= perf.trigger;
    motion.phase = down ? 'down' : 'idle';
    motion.extreme = travel;
    return down === wasDown ? undefined : down ? 'down' : 'up';
  }

  const continuous = (perf.flags & PERF_FLAG.rtMode) !== 0;
  if (continuous ? travel <= perf.dead : travel < perf.trigger) {
    motion.phase = 'idle';
    motion.extreme = travel;
    return wasDown ? 'up' : undefined;
  }
  // In continuous mode a key at rest is simply released from its highest point.
  if (motion.phase === 'idle' && !continuous) {
    motion.phase = 'down';
    motion.extreme = travel;
    return 'down';
  }
  if (motion.phase === 'down') {
    motion.extreme = Math.max(motion.extreme, travel);
    if (travel > motion.extreme - perf.rapidRelease) return undefined;
    motion.phase = 'released';
    motion.extreme = travel;
    return 'up';
  }
  motion.extreme = Math.min(motion.extreme, travel);
  if (travel < motion.extreme + perf.rapidPress) {
    motion.phase = 'released';
    return undefined;
  }
  motion.phase = 'down';
  motion.extreme = travel;
  return 'down';
}

/** A key's calibrated ADC range: `max` at rest, `min` at full travel. */
export interface AdcRange {
  min: number;
  max: number;
}

/**
 * Automatic calibration (setting auto_calibration on) of one reading: a key whose range came from a manual calibration
 * keeps it untouched, whatever it reads afterwards; any other key's range widens to take in a reading outside it
 * (the sensor drifted, or the key went deeper than its range says). Answers whether the range changed. Mutates `range`.
 *
 * Without the first rule a key calibrated by hand would have its range rewritten by the next press deeper than the
 * calibration press, and a person's calibration would silently drift away.
 */
export function autoCalibrate(range: AdcRange, adc: number, manual: boolean): boolean {
  if (manual || (adc >= range.min && adc <= range.max)) return false;
  range.min = Math.min(range.min, adc);
  range.max = Math.max(range.max, adc);
  return true;
}
