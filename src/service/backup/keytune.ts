/**
 * Our own protocol's configuration (config-backup.ts, by object) in the areas of a whole-keyboard backup, and back:
 * a theme slot is a profile (its name, key map by layer, performance in mm, key colours, the other objects by name),
 * the settings and the calibration are device-wide. Performance keeps the raw flags byte and the switch type, and
 * turns the 0.01 mm units into mm and back with Math.round, so a backup read and applied gives the same bytes.
 */
import type { BackupProfile, KeyboardBackup } from '../../core/backup/format.ts';
import { hexToRgb, rgbToHex } from '../../core/colour.ts';
import { PERF_FLAG, type Descriptor, type PerfKey, type Rgb } from '../../protocol/objects.ts';
import type { ObjectName } from '../../protocol/registry.ts';
import type { ConfigBackup, ObjectValue } from '../config-backup.ts';

/** The areas of a backup our protocol fills (the device block is the reader's). */
export type BackupAreas = Pick<KeyboardBackup, 'currentProfile' | 'profiles' | 'objects'>;

/** Slot objects kept under `profile.objects` by their object name. */
const OWN_AREA: ReadonlySet<ObjectName> = new Set(['keymap', 'colours', 'perf']);

export type PerfRecord = Record<string, number | boolean>;

export function perfRecord(p: PerfKey): PerfRecord {
  return {
    actuationMm: p.trigger / 100,
    deadzoneMm: p.dead / 100,
    rtPressMm: p.rapidPress / 100,
    rtReleaseMm: p.rapidRelease / 100,
    rapidTrigger: (p.flags & PERF_FLAG.useRapid) !== 0,
    flags: p.flags,
    switchType: p.switchType,
  };
}

const units = (mm: unknown): number => Math.round(Number(mm) * 100);

/** The record back in the layout's units; the rapid-trigger flag follows `rapidTrigger`, the other bits the byte. */
export function perfKey(r: PerfRecord): PerfKey {
  const flags = Number(r.flags ?? 0);
  return {
    trigger: units(r.actuationMm),
    dead: units(r.deadzoneMm ?? 0),
    rapidPress: units(r.rtPressMm),
    rapidRelease: units(r.rtReleaseMm),
    flags:
      r.rapidTrigger === undefined ? flags : (flags & ~PERF_FLAG.useRapid) | (r.rapidTrigger ? PERF_FLAG.useRapid : 0),
    switchType: Number(r.switchType ?? 0),
  };
}

function layers(flat: number[], d: Descriptor): number[][] {
  return Array.from({ length: d.layerCount }, (_, l) => flat.slice(l * d.keyCount, (l + 1) * d.keyCount));
}

function profileOf(d: Descriptor, values: Partial<Record<ObjectName, ObjectValue>>, name?: string): BackupProfile {
  const profile: BackupProfile = {};
  if (name !== undefined) profile.name = name;
  if (values.keymap !== undefined) profile.keymap = layers(values.keymap as number[], d);
  if (values.perf !== undefined) profile.performance = (values.perf as PerfKey[]).map(perfRecord);
  if (values.colours !== undefined)
    profile.keyColours = (values.colours as Rgb[]).map((c) => rgbToHex(c).toLowerCase());
  const objects: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) if (!OWN_AREA.has(key as ObjectName)) objects[key] = value;
  if (Object.keys(objects).length > 0) profile.objects = objects;
  return profile;
}

/** The calibration as a configuration: a run in progress (state 1) is kept as idle, as restoring writes it. */
const calibrationOf = (c: NonNullable<ConfigBackup['calibration']>) => ({
  state: c.state === 1 ? 0 : c.state,
  keys: c.keys,
});

export function configToAreas(d: Descriptor, config: ConfigBackup): BackupAreas {
  const named = d.themeCount > 0;
  const objects: Record<string, unknown> = { settings: config.settings };
  if (config.calibration) objects.calibration = calibrationOf(config.calibration);
  return {
    currentProfile: config.currentTheme,
    profiles: config.slots.map((values, slot) =>
      profileOf(d, values, named ? (config.themeNames[slot] ?? '') : undefined),
    ),
    objects,
  };
}

/** One profile's slot objects by object name, as config-backup.ts encodes them; absent areas are left out. */
export function slotValues(profile: BackupProfile): Partial<Record<ObjectName, ObjectValue>> {
  const values: Partial<Record<ObjectName, ObjectValue>> = {};
  if (profile.keymap) values.keymap = profile.keymap.flat();
  if (profile.performance) values.perf = profile.performance.map(perfKey);
  if (profile.keyColours) values.colours = profile.keyColours.map((hex) => hexToRgb(hex));
  for (const [key, value] of Object.entries(profile.objects ?? {})) values[key as ObjectName] = value;
  return values;
}
