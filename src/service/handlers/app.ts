/** app_info calls: the device list, virtual keyboards, toasts, loading overlay and application preferences. */
import { CONFIGURABLE_MODELS, findModel, OTHER_MODELS, REDIRECT_MODELS } from '../../core/models.ts';
import { int, invalid, num, str } from '../args.ts';
import type { DeviceService } from '../service.ts';

const THEMES = ['light', 'dark', 'auto'];
const LANGS = ['en_US', 'zh_CN'];
const KNOWN_MODELS: readonly string[] = [...CONFIGURABLE_MODELS, ...REDIRECT_MODELS, ...OTHER_MODELS];
const VERSION = /^[vV]?\d{1,3}\.\d{1,3}\.\d{1,3}$/;

export function registerAppHandlers(service: DeviceService): void {
  service.handle('app_info', 'get_dev_list', () => service.deviceRecords());

  service.handle('app_info', 'add_virtual_device', async ({ args }) => {
    const displayName = str(args, 'display_name');
    if (!findModel(displayName) || !KNOWN_MODELS.includes(displayName.trim().toLowerCase()))
      throw invalid(`unknown model "${displayName}"`);
    const fwVer = str(args, 'fw_ver').trim();
    if (!VERSION.test(fwVer)) throw invalid(`bad firmware version "${fwVer}"`);
    const hwVer = args.get('hw_ver')?.trim();
    if (hwVer !== undefined && !VERSION.test(hwVer)) throw invalid(`bad hardware version "${hwVer}"`);
    const accessMode = args.has('access_mode') ? int(args, 'access_mode', 0, 2) : undefined;
    const entry = await service
      .addVirtual({
        displayName,
        fwVer,
        ...(hwVer !== undefined ? { hwVer } : {}),
        ...(accessMode !== undefined ? { accessMode } : {}),
      })
      .catch((e: unknown) => {
        // The firmware refuses impossible devices (a wired-only model on 2.4G, a version part above 255).
        throw e instanceof RangeError ? invalid(e.message) : e;
      });
    return entry.path;
  });

  service.handle('app_info', 'remove_device', async ({ args }) => {
    await service.removeDevice(str(args, 'path'));
    return true;
  });

  service.handle('app_info', 'press_key', async (ctx) => {
    const device = ctx.device();
    if (!device.pressKey) throw invalid('press_key works on virtual keyboards only');
    const keyId = int(ctx.args, 'key_id', 0, Math.max(0, device.descriptor.keyCount - 1));
    const depth = num(ctx.args, 'depth', 0, 4);
    await device.pressKey(keyId, depth);
    return true;
  });

  service.handle('app_info', 'toast_message', ({ args, emit }) => {
    const type = args.has('type') ? int(args, 'type', 0, 2) : 0;
    const delay = args.has('delay') ? num(args, 'delay', 0, 600) : 5;
    const payload = {
      title: args.get('title') ?? '',
      context: args.get('context') ?? '',
      args: args.get('args') ?? '',
      type,
      delay,
    };
    emit('toast_message', payload);
    return payload;
  });

  service.handle('dev_info', 'show_loading', ({ raw, args, emit }) => {
    const value = args.get('value') ?? raw[0];
    if (value !== '0' && value !== '1') throw invalid('show_loading takes "1" or "0"');
    emit('show_loading', value);
    if (value === '1') emit('dev_info', { loading: true });
    return value;
  });

  const preference = (func: string, name: string, event?: 'update_theme' | 'update_lang', allowed?: string[]) =>
    service.handle('app_info', func, ({ args, raw, emit }) => {
      const value = args.get(name) ?? args.get('value') ?? raw[0];
      if (value === undefined || (allowed && !allowed.includes(value)))
        throw invalid(`--${name} is missing or not one of ${allowed?.join(', ') ?? 'the allowed values'}`);
      service.preferences.set(name, value);
      if (event) emit(event, value);
      return value;
    });
  preference('set_theme', 'theme', 'update_theme', THEMES);
  preference('update_theme', 'theme', 'update_theme', THEMES);
  preference('set_lang', 'lang', 'update_lang', LANGS);
  preference('update_lang', 'lang', 'update_lang', LANGS);
  preference('set_start_up_auto', 'start_up_auto', undefined, ['0', '1']);
  preference('set_run_with_mini', 'run_with_mini', undefined, ['0', '1']);
  preference('set_close_to_tray', 'close_to_tray', undefined, ['0', '1']);
}
