/**
 * A keyboard of another family (libhmk, VIA) read into the areas of a backup through its driver's ports: per profile
 * the key map, the performance, libhmk's tick rate, advanced-key slots and gamepad; device-wide the options, the
 * calibration thresholds, VIA's macros, lighting channels and layout options. Each port is read once per profile
 * (the ports read whole lists in as few reports as their protocol allows), never key by key.
 */
import type { BackupProfile } from '../../core/backup/format.ts';
import { LIBHMK_ADVANCED } from '../../drivers/libhmk/extensions.ts';
import type { LibhmkAdvancedPort } from '../../drivers/libhmk/port-advanced.ts';
import type { DriverPorts, KeyActuation } from '../../drivers/types.ts';
import type { DriverDevice } from '../context.ts';
import type { BackupAreas } from './keytune.ts';

/** The ports of a driver, the libhmk advanced-key slots included where the driver offers them. */
export type BackupPorts = DriverPorts & { advanced?: LibhmkAdvancedPort };

export function portsOf(device: DriverDevice): BackupPorts {
  const advanced = device.driver.extension(LIBHMK_ADVANCED);
  return advanced ? { ...device.driver.ports, advanced } : device.driver.ports;
}

/** Whether the keyboard keeps profiles of its own, each read and written by number (libhmk); VIA keeps one. */
export const hasProfiles = (device: DriverDevice): boolean => device.driver.ports.profiles !== undefined;

/** Profiles the family keeps (VIA: one). */
export const profileCount = (device: DriverDevice): number =>
  hasProfiles(device) ? Math.max(1, device.driver.features.profiles.count) : 1;

/** The per-key record of the backup convention: exactly the fields of KeyActuation. */
export function actuationRecord(a: KeyActuation): Record<string, number | boolean> {
  return {
    actuationMm: a.actuationMm,
    rapidTrigger: a.rapidTrigger,
    rtPressMm: a.rtPressMm,
    rtReleaseMm: a.rtReleaseMm,
    continuous: a.continuous,
  };
}

/** One profile's areas as the keyboard holds them (profile undefined on a family without profiles). */
export async function readDriverProfile(device: DriverDevice, profile: number | undefined): Promise<BackupProfile> {
  const ports = portsOf(device);
  const out: BackupProfile = {};
  if (ports.keymap) out.keymap = await ports.keymap.read(profile);
  if (ports.performance) out.performance = (await ports.performance.read(profile)).map(actuationRecord);
  const objects: Record<string, unknown> = {};
  if (ports.performance?.readTickRate) objects.tickRate = await ports.performance.readTickRate(profile);
  if (ports.advanced) objects.advanced = await ports.advanced.read(profile);
  if (ports.gamepad) objects.gamepad = await ports.gamepad.read(profile);
  if (Object.keys(objects).length > 0) out.objects = objects;
  return out;
}

/** Device-wide objects of the family. */
export async function readDriverObjects(device: DriverDevice): Promise<Record<string, unknown>> {
  const ports = portsOf(device);
  const objects: Record<string, unknown> = {};
  if (ports.options) objects.options = await ports.options.read();
  if (ports.calibration?.readThresholds) objects.calibration = await ports.calibration.readThresholds();
  if (ports.macros) objects.macros = await ports.macros.read();
  if (ports.lighting) objects.lighting = await ports.lighting.read();
  if (ports.layoutOptions) objects.layoutOptions = await ports.layoutOptions.read();
  return objects;
}

export async function readDriverAreas(device: DriverDevice): Promise<BackupAreas> {
  const count = profileCount(device);
  const multi = hasProfiles(device);
  const currentProfile = multi ? ((await portsOf(device).profiles?.current()) ?? 0) : 0;
  const profiles: BackupProfile[] = [];
  for (let p = 0; p < count; p++) profiles.push(await readDriverProfile(device, multi ? p : undefined));
  return { currentProfile, profiles, objects: await readDriverObjects(device) };
}
