/**
 * A whole keyboard read into a backup (src/core/backup/format.ts), for every family: our own protocol through its
 * configuration objects (config-backup.ts, converted by keytune.ts), the other families through their drivers'
 * ports (driver-read.ts). Reading changes nothing on the keyboard. Also the names a diff of this keyboard uses.
 */
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupDevice, type KeyboardBackup } from '../../core/backup/format.ts';
import type { BackupNames } from '../../core/backup/diff.ts';
import { namesOf } from '../../core/backup/names.ts';
import { isKeytuneDevice, type DeviceEntry, type DriverDevice } from '../context.ts';
import { readDriverAreas } from './driver-read.ts';
import { configToAreas } from './keytune.ts';
import { readConfigCached } from './keytune-read.ts';

/**
 * The model a backup names: the one the driver's identity gives where the name does not tell it (VIA: the vendor and
 * product ids "vvvv:pppp", which VIA itself matches definitions by), else the record's lower-case model name.
 */
function modelOf(device: DeviceEntry): string {
  return device.driver?.identity.model ?? (device.record.name.trim().toLowerCase() || 'unknown');
}

function deviceOf(device: DeviceEntry): BackupDevice {
  const r = device.record;
  return {
    family: device.family,
    model: modelOf(device),
    displayName: r.display_name,
    firmware: r.fw_ver,
    hardware: r.hw_ver,
    serial: r.dev_sn,
    keyCount: isKeytuneDevice(device) ? device.descriptor.keyCount : r.features.keyCount,
    keycodeSpace: r.features.keycodeSpace,
  };
}

/** Reads everything the keyboard keeps into one backup; only reads. */
export async function readKeyboard(device: DeviceEntry, now: Date = new Date()): Promise<KeyboardBackup> {
  const areas = isKeytuneDevice(device)
    ? configToAreas(device.descriptor, await readConfigCached(device))
    : await readDriverAreas(device as DriverDevice);
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    created: now.toISOString(),
    device: deviceOf(device),
    ...areas,
  };
}

/** Key names from the layout's factory codes, code names from the device's code space. */
export function backupNames(device: DeviceEntry): BackupNames {
  return namesOf(device.record);
}
