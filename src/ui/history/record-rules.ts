/**
 * Which calls of the contract change what a keyboard holds, and so are recorded in its history of changes. The table
 * names every call: a call added to the contract does not compile until it is placed here, so none is forgotten.
 *
 * Left out on purpose: reads and exports (they change nothing), restores (undo and redo are restores; a restore from
 * the backup screens is recorded through its config_restored event instead), firmware flashing, key presses and macro
 * recording, calibration runs (what the keyboard measures is not a person's setting), the loading indicator, the
 * app's own preferences, and a VIA keyboard's definition (the app keeps it, not the keyboard).
 */
import type { CallArgs, CallName } from '../../contract/contract';

/** true: always a change; false: never; a function: a change with these arguments. */
type Rule<K extends CallName> = boolean | ((args: CallArgs<K>) => boolean);

export const RECORDED: { readonly [K in CallName]: Rule<K> } = {
  // App, device list and preferences: not a keyboard's configuration.
  getDevList: false,
  addVirtualDevice: false,
  removeDevice: false,
  pressKey: false,
  toastMessage: false,
  showLoading: false,
  setTheme: false,
  updateTheme: false,
  setLang: false,
  updateLang: false,
  setStartUpAuto: false,
  setRunWithMini: false,
  setCloseToTray: false,
  getStartUpOptions: false,
  getReportBundle: false,
  // Key map: --index alone only switches the layer shown.
  getKeyValueInfo: false,
  setKeyInfo: (a) =>
    a.select !== undefined || a.code !== undefined || a.keywords !== undefined || a.reset !== undefined,
  getCommonLayers: false,
  // Advanced keys.
  getKeyFuncInfo: false,
  setFuncInfo: true,
  devEventStream: false,
  // Lighting.
  getKeyColorInfo: false,
  setLedInfo: true,
  // Performance: a calibration run is measured, not set.
  getKeyPerfInfo: false,
  setPerfInfo: (a) => a.calibration === undefined,
  // Settings: pairing is a radio action, not a setting.
  getSettingData: false,
  setSettingInfo: (a) => a.pair === undefined,
  initOptList: false,
  // Theme slots: switching, renaming and importing change the keyboard; exporting only reads it.
  getThemeInfo: false,
  setThemeInfo: (a) => a.export === undefined,
  // Factory reset and game-config cards change settings; a flash replaces the firmware.
  runOtherFunc: (a) => a.cmd !== 'flash',
  // libhmk.
  libhmkGetGamepad: false,
  libhmkSetGamepad: true,
  libhmkGetTickRate: false,
  libhmkSetTickRate: true,
  libhmkGetOptions: false,
  libhmkSetOption: true,
  libhmkGetCalibration: false,
  libhmkSetCalibration: true,
  libhmkRecalibrate: false,
  libhmkSaveCalibrationThreshold: false,
  libhmkGetProfile: false,
  libhmkDuplicateProfile: true,
  libhmkResetProfile: true,
  libhmkBootloader: false,
  // VIA.
  viaGetDefinitionInfo: false,
  viaSetDefinition: false,
  viaGetLayoutOptions: false,
  viaSetLayoutOptions: true,
  viaGetMenus: false,
  viaGetCustomValue: false,
  viaSetCustomValue: true,
  viaSaveCustomValues: true,
  viaGetLighting: false,
  viaSetLighting: true,
  viaSaveLighting: true,
  viaReadMatrix: false,
  viaGetMacros: false,
  viaMacroBytes: false,
  viaSetMacros: true,
  // Backups: restores are recorded through config_restored.
  getBackup: false,
  diffBackup: false,
  restoreBackup: false,
  listRestorePoints: false,
  getRestorePoint: false,
};

/** Whether this call, with these arguments, changes the configuration of the keyboard at `path`. */
export function changesConfiguration(name: CallName, args: unknown, path: string): boolean {
  const rule = RECORDED[name] as Rule<CallName>;
  if (rule === false) return false;
  const a = (args ?? {}) as { path?: unknown };
  if (a.path !== path) return false;
  return rule === true || rule(a as CallArgs<CallName>);
}
