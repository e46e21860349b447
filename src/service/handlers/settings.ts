/**
 * dev_info device settings calls (spec-2 §7): get_setting_data, set_setting_info, and init_opt_list with the
 * keyboard_info description that goes with it. A settings change writes only the bytes of the fields it changes.
 */
import type { settingsCalls } from '../../contract/areas/settings.ts';
import { BridgeCallError } from '../../contract/bridge.ts';
import type { ParsedArgs } from '../../contract/contract.ts';
import type { SettingData } from '../../contract/payloads/settings.ts';
import { checkNKeyAndSleepSupported } from '../../core/rules/settings.ts';
import { TOAST_KEYS } from '../../core/toast-keys.ts';
import type { Settings } from '../../protocol/objects.ts';
import { writeThrough } from '../cache.ts';
import type { CallContext, DeviceEntry, Handlers } from '../context.ts';
import { keyboardInfo, optionList, settingsPatch } from '../convert/settings.ts';
import { emitSettingData } from '../payloads/settings.ts';
import { refusal } from '../refusal.ts';
import type { DeviceService } from '../service.ts';

const OPTIONS = ['use_n_key', 'calibration', 'use_sleep'] as const;

const invalid = (message: string) => new BridgeCallError(TOAST_KEYS.invalidArgs, message);

function requireNKeyAndSleep(device: DeviceEntry, what: string): void {
  const supported = checkNKeyAndSleepSupported(device.caps);
  if (!supported.ok) throw refusal(supported, `${what} is not available on this firmware`);
}

/** The settings fields a call changes, checked; nothing is written when any check fails. */
function patchOf(args: ParsedArgs<'setSettingInfo'>, device: DeviceEntry): Partial<Settings> {
  const given = OPTIONS.filter((o) => args[o] !== undefined);
  if (given.length !== 1) throw invalid(`set_setting_info takes exactly one of --${OPTIONS.join(', --')}`);
  if (args.sleep_time !== undefined && args.use_sleep === undefined)
    throw invalid('--sleep_time goes with --use_sleep');
  if (args.use_n_key !== undefined) {
    requireNKeyAndSleep(device, 'N-key rollover');
    return { useNKey: args.use_n_key ? 1 : 0 };
  }
  if (args.calibration !== undefined) return { autoCalibration: args.calibration.auto_calibration ? 1 : 0 };
  if (args.use_sleep && args.sleep_time === undefined) throw invalid('--sleep_time is required to turn sleep on');
  requireNKeyAndSleep(device, 'Sleep');
  return { useSleep: args.use_sleep ? 1 : 0, ...(args.sleep_time !== undefined ? { sleepTime: args.sleep_time } : {}) };
}

async function setSettingInfo(args: ParsedArgs<'setSettingInfo'>, ctx: CallContext): Promise<SettingData> {
  const device = ctx.device();
  const { offset, bytes } = settingsPatch(patchOf(args, device));
  // A write that fails drops the service's copy (cache.ts): the next call reads the settings again.
  await writeThrough(device, 'settings', offset, bytes);
  return emitSettingData(device, ctx.emit);
}

export function registerSettingsHandlers(service: DeviceService): void {
  const handlers: Handlers<keyof typeof settingsCalls> = {
    getSettingData: (_args, ctx) => emitSettingData(ctx.device(), ctx.emit),
    setSettingInfo,
    initOptList: (_args, ctx) => {
      const device = ctx.device();
      const options = optionList(device.record, device.descriptor, device.caps);
      ctx.emit('init_opt_list', options);
      ctx.emit('keyboard_info', keyboardInfo(device.record, device.descriptor));
      return options;
    },
  };
  service.implement(handlers);
}
