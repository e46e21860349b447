/**
 * The Setting data payload (spec-2 §3) of a device, shared by every area that answers or emits it (settings, theme
 * switches, factory reset).
 */
import type { SettingData } from '../../contract/payloads/settings.ts';
import { LightingLayout, SettingsLayout, StatusLayout } from '../../protocol/objects.ts';
import { readCached, readFresh } from '../cache.ts';
import type { DeviceEntry, Emit } from '../context.ts';
import { settingDataOf } from '../convert/settings.ts';

/**
 * Setting data of a device: settings from the service's copy, battery and link fresh from the status object, and,
 * where keyboard modes exist, the per-key light of the current slot (a keyboard mode is a report rate and that light).
 */
export async function settingData(device: DeviceEntry): Promise<SettingData> {
  const settings = SettingsLayout.decode(await readCached(device, 'settings'));
  const status = StatusLayout.decode(await readFresh(device, 'status'));
  const data = settingDataOf(device.record, device.descriptor, settings, status, device.caps);
  if (data.kb_mode_supported)
    data.keylight_use = LightingLayout.decode(await readCached(device, 'lighting')).lightSwitch ? 1 : 0;
  return data;
}

/** Builds the Setting data, emits get_setting_data with it and answers it. */
export async function emitSettingData(device: DeviceEntry, emit: Emit): Promise<SettingData> {
  const data = await settingData(device);
  emit('get_setting_data', data);
  return data;
}
