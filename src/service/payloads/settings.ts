/**
 * The Setting data payload (spec-2 §3) of a device, shared by every area that answers or emits it (settings, theme
 * switches, factory reset).
 */
import type { SettingData } from '../../contract/payloads/settings.ts';
import { SettingsLayout, StatusLayout } from '../../protocol/objects.ts';
import { readCached, readFresh } from '../cache.ts';
import type { DeviceEntry, Emit } from '../context.ts';
import { settingDataOf } from '../convert/settings.ts';

/** Setting data of a device: settings from the service's copy, battery and link fresh from the status object. */
export async function settingData(device: DeviceEntry): Promise<SettingData> {
  const settings = SettingsLayout.decode(await readCached(device, 'settings'));
  const status = StatusLayout.decode(await readFresh(device, 'status'));
  return settingDataOf(device.record, device.descriptor, settings, status, device.caps);
}

/** Builds the Setting data, emits get_setting_data with it and answers it. */
export async function emitSettingData(device: DeviceEntry, emit: Emit): Promise<SettingData> {
  const data = await settingData(device);
  emit('get_setting_data', data);
  return data;
}
