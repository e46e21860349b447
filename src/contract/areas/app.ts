/** Application calls: the device list, virtual keyboards, toasts, the loading overlay and application preferences. */
import { z } from 'zod';
import type { DeviceRecord, ToastPayload } from '../bridge.ts';
import { call, int, num, path, MAX_KEY_ID } from '../define.ts';

const version = z.string().regex(/^[vV]?\d{1,3}\.\d{1,3}\.\d{1,3}$/, 'a version is written like 1.3.7');
const zeroOne = z.enum(['0', '1']);

export const appCalls = {
  getDevList: call<DeviceRecord[]>()(
    'app_info',
    'get_dev_list',
    {},
    {
      doc: 'The Device records of every attached device.',
      answer: 'DeviceRecord[]',
    },
  ),
  addVirtualDevice: call<string>()(
    'app_info',
    'add_virtual_device',
    { display_name: z.string().min(1), fw_ver: version, hw_ver: version.optional(), access_mode: int(0, 2).optional() },
    { doc: 'Creates a virtual keyboard driven by the reference firmware; answers its path.', answer: 'path' },
  ),
  removeDevice: call<boolean>()(
    'app_info',
    'remove_device',
    { path },
    {
      doc: "Forgets a device; a virtual keyboard's saved flash is deleted too.",
      answer: 'true',
    },
  ),
  pressKey: call<boolean>()(
    'app_info',
    'press_key',
    { path, key_id: int(0, MAX_KEY_ID), depth: num(0, 4) },
    { doc: 'Moves a key of a virtual keyboard to a depth in mm (0 releases).', answer: 'true', concurrent: true },
  ),
  toastMessage: call<ToastPayload>()(
    'app_info',
    'toast_message',
    {
      title: z.string().default(''),
      context: z.string().default(''),
      args: z.string().default(''),
      type: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
      delay: num(0, 600).default(5),
    },
    { doc: 'Emits toast_message with the same payload.', answer: 'ToastPayload' },
  ),
  showLoading: call<'0' | '1'>()(
    'dev_info',
    'show_loading',
    { value: zeroOne },
    {
      doc: 'Shows ("1") or hides ("0") the loading overlay; positional as in the spec.',
      answer: '"0" | "1"',
      positional: 'value',
    },
  ),
  setTheme: call<Theme>()(
    'app_info',
    'set_theme',
    { theme: z.enum(['light', 'dark', 'auto']) },
    {
      doc: 'Sets the theme; emits update_theme.',
      answer: 'theme',
      positional: 'theme',
    },
  ),
  updateTheme: call<Theme>()(
    'app_info',
    'update_theme',
    { theme: z.enum(['light', 'dark', 'auto']) },
    {
      doc: 'Same as set_theme.',
      answer: 'theme',
      positional: 'theme',
    },
  ),
  setLang: call<Lang>()(
    'app_info',
    'set_lang',
    { lang: z.enum(['en_US', 'zh_CN']) },
    {
      doc: 'Sets the language; emits update_lang.',
      answer: 'lang',
      positional: 'lang',
    },
  ),
  updateLang: call<Lang>()(
    'app_info',
    'update_lang',
    { lang: z.enum(['en_US', 'zh_CN']) },
    {
      doc: 'Same as set_lang.',
      answer: 'lang',
      positional: 'lang',
    },
  ),
  setStartUpAuto: call<'0' | '1'>()(
    'app_info',
    'set_start_up_auto',
    { start_up_auto: zeroOne },
    {
      doc: 'Desktop: start with the system.',
      answer: '"0" | "1"',
      positional: 'start_up_auto',
    },
  ),
  setRunWithMini: call<'0' | '1'>()(
    'app_info',
    'set_run_with_mini',
    { run_with_mini: zeroOne },
    {
      doc: 'Desktop: start minimized.',
      answer: '"0" | "1"',
      positional: 'run_with_mini',
    },
  ),
  setCloseToTray: call<'0' | '1'>()(
    'app_info',
    'set_close_to_tray',
    { close_to_tray: zeroOne },
    {
      doc: 'Desktop: closing the window keeps the app in the background.',
      answer: '"0" | "1"',
      positional: 'close_to_tray',
    },
  ),
  getStartUpOptions: call<StartUpOptions>()(
    'app_info',
    'get_start_up_options',
    {},
    {
      doc: 'Desktop: the start-up options the host holds (as set_start_up_auto, set_run_with_mini, set_close_to_tray left them); a host without them (the browser) refuses.',
      answer: 'StartUpOptions',
    },
  ),
};

/** The desktop start-up options as the host holds them, each "1" (on) or "0" (off). */
export interface StartUpOptions {
  start_up_auto: '0' | '1';
  run_with_mini: '0' | '1';
  close_to_tray: '0' | '1';
}

export type Theme = 'light' | 'dark' | 'auto';
export type Lang = 'en_US' | 'zh_CN';

/** Events of the application area and their payloads. */
export interface AppEvents {
  devs_changed: DeviceRecord[];
  toast_message: ToastPayload;
  show_loading: '0' | '1';
  dev_info: { loading: boolean };
  update_theme: Theme;
  update_lang: Lang;
  /** 1 while the device writes its flash, 0 when done. */
  sync_update: { path: string; state: 0 | 1 };
}
