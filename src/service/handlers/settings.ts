/**
 * dev_info device settings calls (spec-2 §7): get_setting_data, set_setting_info, and init_opt_list with the
 * keyboard_info description that goes with it.
 */
import { z } from 'zod';
import { checkNKeyAndSleepSupported, checkSleepTime } from '../../core/rules/settings.ts';
import { SettingsLayout, StatusLayout, type Settings } from '../../protocol/objects.ts';
import { bool, int, invalid, json } from '../args.ts';
import { readCached, readFresh, writeThrough } from '../cache.ts';
import type { CallContext, DeviceEntry } from '../context.ts';
import { keyboardInfo, optionList, settingData, type SettingData } from '../convert/settings.ts';
import type { DeviceService } from '../service.ts';
import { capabilitiesOf, refusal } from './performance.ts';

/** Setting data of a device; battery and link come fresh from the status object, settings from the cache. */
export async function readSettingData(device: DeviceEntry): Promise<SettingData> {
  const settings = SettingsLayout.decode(await readCached(device, 'settings'));
  const status = StatusLayout.decode(await readFresh(device, 'status'));
  return settingData(device.record, device.descriptor, settings, status, capabilitiesOf(device));
}

export async function emitSettingData(ctx: Pick<CallContext, 'emit'>, device: DeviceEntry): Promise<SettingData> {
  const data = await readSettingData(device);
  ctx.emit('get_setting_data', data);
  return data;
}

const CalibrationArg = z
  .object({ auto_calibration: z.union([z.boolean(), z.literal(0), z.literal(1)]) })
  .transform((v) => v.auto_calibration === true || v.auto_calibration === 1);

const OPTIONS = ['use_n_key', 'calibration', 'use_sleep'] as const;

function requireNKeyAndSleep(device: DeviceEntry, what: string): void {
  const supported = checkNKeyAndSleepSupported(capabilitiesOf(device));
  // The spec shows this refusal as a warning (type 2) whatever the catalogue's default style.
  if (!supported.ok) throw refusal(supported, `${what} is not available on this firmware`, 2);
}

async function setSettingInfo(ctx: CallContext): Promise<SettingData> {
  const device = ctx.device();
  const given = OPTIONS.filter((o) => ctx.args.has(o));
  if (given.length !== 1) throw invalid(`set_setting_info takes exactly one of --${OPTIONS.join(', --')}`);
  const current = SettingsLayout.decode(await readCached(device, 'settings'));
  const next: Settings = { ...current };
  switch (given[0]!) {
    case 'use_n_key':
      next.useNKey = bool(ctx.args, 'use_n_key') ? 1 : 0;
      requireNKeyAndSleep(device, 'N-key rollover');
      break;
    case 'calibration':
      next.autoCalibration = json(ctx.args, 'calibration', CalibrationArg) ? 1 : 0;
      break;
    case 'use_sleep': {
      next.useSleep = bool(ctx.args, 'use_sleep') ? 1 : 0;
      if (ctx.args.has('sleep_time')) {
        next.sleepTime = int(ctx.args, 'sleep_time', 0, 0xff);
        const range = checkSleepTime(next.sleepTime);
        if (!range.ok) throw refusal(range, '--sleep_time must be 1 to 60 minutes');
      } else if (next.useSleep) {
        throw invalid('--sleep_time is required to turn sleep on');
      }
      requireNKeyAndSleep(device, 'Sleep');
      break;
    }
  }
  await writeThrough(device, 'settings', 0, SettingsLayout.encode(next));
  return emitSettingData(ctx, device);
}

export function registerSettingsHandlers(service: DeviceService): void {
  service.handle('dev_info', 'get_setting_data', (ctx) => emitSettingData(ctx, ctx.device()));
  service.handle('dev_info', 'set_setting_info', setSettingInfo);

  service.handle('dev_info', 'init_opt_list', (ctx) => {
    const device = ctx.device();
    const options = optionList(device.record, device.descriptor, capabilitiesOf(device));
    ctx.emit('init_opt_list', options);
    ctx.emit('keyboard_info', keyboardInfo(device.record, device.descriptor));
    return options;
  });
}
