/**
 * Which devices have newer firmware than they run: the red dot of the device card and of the Device settings tab.
 * The latest version per model comes from default/version.json; the service may also flag a device itself
 * (red_point with update_fw_ver), which wins because it has asked the update servers for that exact device.
 */
import type { DeviceRecord } from '../contract/bridge';
import { compareVersions, tryParseVersion } from '../core/version';

/** Latest published firmware per lower-case model name, as in version.json's `firmware` map. */
export type LatestFirmware = Readonly<Record<string, string>>;

export type UpdateSubject = Pick<DeviceRecord, 'name' | 'display_name' | 'fw_ver' | 'red_point' | 'update_fw_ver'>;

/** True when `latest` is a strictly newer version than `current`; false when either cannot be read. */
export function isNewerFirmware(current: string, latest: string | undefined): boolean {
  if (latest === undefined) return false;
  const a = tryParseVersion(current);
  const b = tryParseVersion(latest);
  return a !== undefined && b !== undefined && compareVersions(b, a) > 0;
}

export function latestFirmwareFor(latest: LatestFirmware, device: Pick<DeviceRecord, 'name' | 'display_name'>) {
  const keys = [device.name, device.display_name].map((k) => k.trim().toLowerCase());
  for (const key of keys) {
    const v = Object.prototype.hasOwnProperty.call(latest, key) ? latest[key] : undefined;
    if (v !== undefined) return v;
  }
  return undefined;
}

/** The version a device should move to, or undefined when it is up to date. */
export function pendingUpdate(device: UpdateSubject, latest: LatestFirmware): string | undefined {
  if (device.red_point) return device.update_fw_ver.trim() || latestFirmwareFor(latest, device) || '';
  const newest = latestFirmwareFor(latest, device);
  return isNewerFirmware(device.fw_ver, newest) ? newest : undefined;
}

export interface UpdateChecker {
  latest: LatestFirmware;
  /** Version to update to, or undefined when none is pending. */
  pendingFor(device: UpdateSubject): string | undefined;
}

export function createUpdateChecker(latest: LatestFirmware): UpdateChecker {
  return { latest, pendingFor: (device) => pendingUpdate(device, latest) };
}
