/** The message of each reason a firmware package cannot be used (core/firmware-package.ts), by catalogue id. */
import type { PackageProblem } from '../../../core/firmware-package';
import type { SettingsTextId } from '../settings/settings-texts';

export const PROBLEM_TEXTS: Record<PackageProblem | 'not_zip', SettingsTextId> = {
  not_zip: 'firmware.zip.only',
  corrupt: 'firmware.zip.corrupt',
  encrypted: 'firmware.zip.encrypted',
  method: 'firmware.zip.method',
  sizes: 'firmware.zip.sizes',
  traversal: 'firmware.zip.traversal',
  too_large: 'firmware.zip.too.large',
  empty: 'firmware.zip.empty',
};
