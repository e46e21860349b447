/**
 * What a keyboard lacks when a call only other families offer is refused on it: the refusal's message names it
 * ("HE60 has no per-key lighting"), so a person, a log or the command line reads why, not a call name.
 */
import type { CallName } from '../contract/contract.ts';
import type { FamilyId } from '../drivers/types.ts';

const LACKED: Partial<Record<CallName, string>> = {
  getKeyValueInfo: 'keymap',
  setKeyInfo: 'keymap',
  getKeyFuncInfo: 'advanced keys',
  setFuncInfo: 'advanced keys',
  devEventStream: 'key event stream (macro recording, the key tester)',
  getKeyColorInfo: 'per-key lighting',
  setLedInfo: 'per-key lighting',
  getKeyPerfInfo: 'key performance settings',
  setPerfInfo: 'key performance settings',
  getSettingData: 'device settings',
  setSettingInfo: 'device settings',
  initOptList: 'option list of our own protocol (tabs, levels, switch types)',
  getThemeInfo: 'profiles',
  setThemeInfo: 'profiles',
  runOtherFunc: 'device functions of our own protocol (firmware update, factory reset, bootloader)',
  libhmkGetGamepad: 'gamepad',
  libhmkSetGamepad: 'gamepad',
  libhmkGetTickRate: 'tick rate',
  libhmkSetTickRate: 'tick rate',
  libhmkGetOptions: 'libhmk device options',
  libhmkSetOption: 'libhmk device options',
  libhmkGetCalibration: 'calibration thresholds',
  libhmkSetCalibration: 'calibration thresholds',
  libhmkRecalibrate: 'libhmk calibration',
  libhmkSaveCalibrationThreshold: 'calibration thresholds to save',
  libhmkBootloader: 'libhmk bootloader',
  viaGetDefinitionInfo: 'VIA definition',
  viaSetDefinition: 'VIA definition',
  viaGetLayoutOptions: 'VIA layout options',
  viaSetLayoutOptions: 'VIA layout options',
  viaGetMenus: 'VIA menus',
  viaGetCustomValue: 'VIA custom values',
  viaSetCustomValue: 'VIA custom values',
  viaSaveCustomValues: 'VIA custom values',
  viaGetLighting: 'VIA lighting',
  viaSetLighting: 'VIA lighting',
  viaSaveLighting: 'VIA lighting',
  viaReadMatrix: 'VIA switch matrix',
  viaGetMacros: 'VIA macros',
  viaMacroBytes: 'VIA macros',
  viaSetMacros: 'VIA macros',
};

/** What a keyboard without the call lacks, in words; `families` are the ones that offer it. */
export function lackedBy(call: CallName, families: readonly FamilyId[]): string {
  return LACKED[call] ?? `${call} (offered by ${families.join(', ')} keyboards)`;
}
