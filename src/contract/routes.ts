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
} as const satisfies Record<CallName, readonly [string, string]>;
