/**
 * Channel and function of every call, by client method name. Generated from contract.ts by `npm run contract`
 * (tests/contract/artifacts.test.ts checks it), so the page reaches the service without loading the schemas.
 */
import type { CallName } from './contract.ts';

export const CALL_ROUTES = {
  getDevList: ['app_info', 'get_dev_list'],
  addVirtualDevice: ['app_info', 'add_virtual_device'],
  removeDevice: ['app_info', 'remove_device'],
  pressKey: ['app_info', 'press_key'],
  toastMessage: ['app_info', 'toast_message'],
  showLoading: ['dev_info', 'show_loading'],
  setTheme: ['app_info', 'set_theme'],
  updateTheme: ['app_info', 'update_theme'],
  setLang: ['app_info', 'set_lang'],
  updateLang: ['app_info', 'update_lang'],
  setStartUpAuto: ['app_info', 'set_start_up_auto'],
  setRunWithMini: ['app_info', 'set_run_with_mini'],
  setCloseToTray: ['app_info', 'set_close_to_tray'],
  getStartUpOptions: ['app_info', 'get_start_up_options'],
  getKeyValueInfo: ['dev_info', 'get_key_value_info'],
  setKeyInfo: ['dev_info', 'set_key_info'],
  getCommonLayers: ['cfg_info', 'get_common_layers'],
  getKeyFuncInfo: ['dev_info', 'get_key_func_info'],
  setFuncInfo: ['dev_info', 'set_func_info'],
  devEventStream: ['dev_event', 'stream'],
  getKeyColorInfo: ['dev_info', 'get_key_color_info'],
  setLedInfo: ['dev_info', 'set_led_info'],
  getKeyPerfInfo: ['dev_info', 'get_key_perf_info'],
  setPerfInfo: ['dev_info', 'set_perf_info'],
  getSettingData: ['dev_info', 'get_setting_data'],
  setSettingInfo: ['dev_info', 'set_setting_info'],
  initOptList: ['dev_info', 'init_opt_list'],
  getThemeInfo: ['dev_info', 'get_theme_info'],
  setThemeInfo: ['dev_info', 'set_theme_info'],
  runOtherFunc: ['dev_info', 'run_other_func'],
} as const satisfies Record<CallName, readonly [string, string]>;
