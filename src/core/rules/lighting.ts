/**
 * Lighting value rules (spec-1 §5, §9): light (brightness) up to the model's maximum, speed up to a third of the light.
 */
import { lightingSpeedMax } from '../capabilities.ts';
import { TOAST_KEYS } from '../toast-keys.ts';
import { OK, fail, type RuleResult } from './result.ts';
import { checkNumber } from './numeric.ts';

/** Lowers a speed that exceeds a third of the light; a negative or non-number speed becomes 0. */
export function clampLightingSpeed(speed: number, light: number): number {
  if (!Number.isFinite(speed)) return 0;
  return Math.min(Math.max(Math.round(speed), 0), lightingSpeedMax(light));
}

export function checkLight(light: number, lightMax: number): RuleResult {
  return checkNumber(light, 0, lightMax, { integer: true });
}

/** For a device call: light within the model maximum and speed within a third of it. */
export function checkLightAndSpeed(light: number, speed: number, lightMax: number): RuleResult {
  if (!checkLight(light, lightMax).ok) return fail(TOAST_KEYS.invalidArgs);
  return checkNumber(speed, 0, lightingSpeedMax(light), { integer: true }).ok ? OK : fail(TOAST_KEYS.invalidArgs);
}
