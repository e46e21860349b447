/**
 * Device settings and theme rules (spec-2 §2.4, §5): sleep time, N-key and sleep support, theme change refusals,
 * theme names and the file types the import and local update pickers accept.
 */
import type { Capabilities } from '../capabilities.ts';
import { limitText } from '../text-limit.ts';
import { TOAST_KEYS, themeNotAppliedKey } from '../toast-keys.ts';
import { OK, accept, fail, type RuleResult, type ValueResult } from './result.ts';
import { checkNumber } from './numeric.ts';

export const SLEEP_MINUTES = { min: 1, max: 60 } as const;

export function checkSleepTime(minutes: number): RuleResult {
  return checkNumber(minutes, SLEEP_MINUTES.min, SLEEP_MINUTES.max, { integer: true });
}

export function clampSleepTime(minutes: number): number {
  if (!Number.isFinite(minutes)) return SLEEP_MINUTES.min;
  return Math.min(Math.max(Math.round(minutes), SLEEP_MINUTES.min), SLEEP_MINUTES.max);
}

/** N-key and sleep settings exist only on newer firmware; elsewhere the change does not apply. */
export function checkNKeyAndSleepSupported(caps: Capabilities): RuleResult {
  return caps.settings.nKeyAndSleep ? OK : fail(TOAST_KEYS.notApply);
}

/** Theme (scene) change is refused on some models with warn.not.apply.theme.chosen.{model} (type 2, 7 s). */
export function checkThemeChange(caps: Capabilities): RuleResult {
  return caps.settings.themeChange ? OK : fail(themeNotAppliedKey(caps.model));
}

/** A theme name after limit style 2; a name that ends up empty is refused. */
export function checkThemeName(text: string): ValueResult<string> {
  const name = limitText(text, 2);
  // A name of spaces alone names nothing, though spaces around a name are kept (limit style 2).
  return name.trim() === '' ? fail(TOAST_KEYS.invalidArgs) : accept(name);
}

export const SCENE_EXTENSION = '.mgscene';
const FIRMWARE_PACKAGE_EXTENSION = '.zip';

const hasExtension = (fileName: string, ext: string): boolean =>
  fileName.trim().toLowerCase().endsWith(ext) && fileName.trim().length > ext.length;

/** Theme import accepts .mgscene files only. */
export function checkSceneFileName(fileName: string): RuleResult {
  return hasExtension(fileName, SCENE_EXTENSION) ? OK : fail(TOAST_KEYS.invalidArgs);
}

/** Local firmware update accepts .zip files only. */
export function checkFirmwarePackageName(fileName: string): RuleResult {
  return hasExtension(fileName, FIRMWARE_PACKAGE_EXTENSION) ? OK : fail(TOAST_KEYS.firmwareFileInvalid);
}
