/**
 * The Setting data payload (spec-2 §3) of a device, shared by every area that answers or emits it (settings, theme
 * switches, factory reset).
 */
import type { SettingData } from '../../contract/payloads/settings.ts';
import { LightingLayout, SettingsLayout, StatusLayout, type Status } from '../../protocol/objects.ts';
import { invalidate, readCached, readFresh } from '../cache.ts';
import type { KeytuneDevice, Emit } from '../context.ts';
import { checkStatus, settingDataOf } from '../convert/settings.ts';
import { SessionError } from '../session.ts';

/**
 * The status read fresh and vetted: a record whose values make no sense (a health of 250, a pairing state of 7) is
 * read once more, then refused as a damaged reply (err.dev.reply) and forgotten, so nothing is built from it.
 */
async function readStatus(device: KeytuneDevice): Promise<Status> {
  let reason: string | undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    const status = StatusLayout.decode(await readFresh(device, 'status'));
    reason = checkStatus(status);
    if (reason === undefined) return status;
    invalidate(device, 'status');
  }
  throw new SessionError('reply', `the device status makes no sense: ${reason}`);
}

/**
 * Setting data of a device: settings from the service's copy, battery, battery attributes, link and pairing state fresh from the
 * status object (vetted), and,
 * where keyboard modes exist, the per-key light of the current slot (a keyboard mode is a report rate and that light).
 */
export async function settingData(device: KeytuneDevice): Promise<SettingData> {
  const settings = SettingsLayout.decode(await readCached(device, 'settings'));
  const status = await readStatus(device);
  const data = settingDataOf(device.record, device.descriptor, settings, status, device.caps);
  if (data.kb_mode_supported)
    data.keylight_use = LightingLayout.decode(await readCached(device, 'lighting')).lightSwitch ? 1 : 0;
  return data;
}

/** Builds the Setting data, emits get_setting_data with it and answers it. */
export async function emitSettingData(device: KeytuneDevice, emit: Emit): Promise<SettingData> {
  const data = await settingData(device);
  emit('get_setting_data', data);
  return data;
}
