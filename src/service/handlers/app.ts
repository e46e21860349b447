/** Application calls: the device list, virtual keyboards, toasts, loading overlay and application preferences. */
import type { appCalls } from '../../contract/areas/app.ts';
import { CONFIGURABLE_MODELS, findModel, OTHER_MODELS, REDIRECT_MODELS } from '../../core/models.ts';
import { familyVirtualModel } from '../../core/virtual-families.ts';
import { invalid } from '../refusal.ts';
import type { Handlers } from '../context.ts';
import type { DeviceService } from '../service.ts';

const KNOWN_MODELS: readonly string[] = [...CONFIGURABLE_MODELS, ...REDIRECT_MODELS, ...OTHER_MODELS];

export function registerAppHandlers(service: DeviceService): void {
  const handlers: Handlers<keyof typeof appCalls> = {
    getDevList: () => service.deviceRecords(),

    addVirtualDevice: async (args) => {
      const displayName = args.display_name;
      const family = familyVirtualModel(displayName);
      if (family && !family.versions.includes(args.fw_ver.trim()))
        throw invalid(`${family.displayName} comes in versions ${family.versions.join(', ')}`);
      if (!family && (!findModel(displayName) || !KNOWN_MODELS.includes(displayName.trim().toLowerCase())))
        throw invalid(`unknown model "${displayName}"`);
      const entry = await service
        .addVirtual({
          displayName,
          fwVer: args.fw_ver.trim(),
          ...(args.hw_ver !== undefined ? { hwVer: args.hw_ver.trim() } : {}),
          ...(args.access_mode !== undefined ? { accessMode: args.access_mode } : {}),
        })
        .catch((e: unknown) => {
          // The firmware refuses impossible devices (a wired-only model on 2.4G, a version part above 255).
          throw e instanceof RangeError ? invalid(e.message) : e;
        });
      return entry.path;
    },

    removeDevice: async (args) => {
      await service.removeDevice(args.path);
      return true;
    },

    pressKey: async (args, ctx) => {
      const device = ctx.device();
      if (!device.pressKey) throw invalid('press_key works on virtual keyboards only');
      const { keyCount } = device.record.features;
      if (args.key_id >= keyCount) throw invalid(`--key_id must be below ${keyCount}, the key count of this keyboard`);
      await device.pressKey(args.key_id, args.depth);
      return true;
    },

    getStartUpOptions: () => {
      // The desktop host answers this itself (src/desktop/startup-options.ts); a browser has no start-up options.
      throw invalid('start-up options exist on the desktop host only (get_start_up_options)');
    },

    toastMessage: (args, { emit }) => {
      emit('toast_message', args);
      return args;
    },

    showLoading: ({ value }, { emit }) => {
      emit('show_loading', value);
      if (value === '1') emit('dev_info', { loading: true });
      return value;
    },

    setTheme: ({ theme }, { emit }) => {
      service.preferences.set('theme', theme);
      emit('update_theme', theme);
      return theme;
    },
    updateTheme: ({ theme }, { emit }) => {
      service.preferences.set('theme', theme);
      emit('update_theme', theme);
      return theme;
    },
    setLang: ({ lang }, { emit }) => {
      service.preferences.set('lang', lang);
      emit('update_lang', lang);
      return lang;
    },
    updateLang: ({ lang }, { emit }) => {
      service.preferences.set('lang', lang);
      emit('update_lang', lang);
      return lang;
    },
    setStartUpAuto: ({ start_up_auto }) => {
      service.preferences.set('start_up_auto', start_up_auto);
      return start_up_auto;
    },
    setRunWithMini: ({ run_with_mini }) => {
      service.preferences.set('run_with_mini', run_with_mini);
      return run_with_mini;
    },
    setCloseToTray: ({ close_to_tray }) => {
      service.preferences.set('close_to_tray', close_to_tray);
      return close_to_tray;
    },
  };
  service.implement(handlers);
}
