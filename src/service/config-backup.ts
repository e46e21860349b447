/**
 * The whole configuration of a device by meaning: every theme slot's profile (key codes, key colours, lighting,
 * outer frame, ambient light, key performance, rapid-complete, advanced keys), the slots' names, the current slot, the
 * settings and the calibration, each as the values its object layout decodes to (not as the bytes of one firmware).
 * A firmware update takes one before the bootloader, puts it back on the new firmware, and reads the device again to
 * compare (src/service/handlers/firmware.ts). It is plain JSON, so it can be kept, shown or written to a file.
 *
 * Restoring encodes the values again for the device as it is now: a firmware with the same capacities gets exactly the
 * same objects. The whole restore is one device-side transaction (every slot, the names, the current slot, the
 * settings and the calibration ranges), so a restore cut short leaves the device as it was, never half restored;
 * restoring twice gives the same device, so running it again finishes it.
 */
import { FEATURE } from '../protocol/commands.ts';
import {
  AmbientLayout,
  CalibrationKeyLayout,
  LightingLayout,
  NAME_BYTES,
  OuterFrameLayout,
  PerfKeyLayout,
  RgbLayout,
  SettingsLayout,
  themeNameOffset,
  type Descriptor,
  type Themes,
} from '../protocol/objects.ts';
import { decodeU16List, encodeU16List, type ObjectName } from '../protocol/registry.ts';
import { decodeList, encodeList, encodeText, type Layout } from '../protocol/struct.ts';
import { invalidate, readFresh, writeAtomicThrough } from './cache.ts';
import type { KeytuneDevice } from './context.ts';
import { ADVANCED_LAYOUTS, ADVANCED_LISTS, decodeThemes, listCapacity } from './convert/theme.ts';
import { readSlot } from './payloads/theme.ts';
import type { AtomicOp } from './session.ts';

export const CONFIG_BACKUP_FORMAT = 'keytune-config';
export const CONFIG_BACKUP_VERSION = 1;

/** One object's value: what its layout decodes to (a record, a list of records, key codes, a byte). */
export type ObjectValue = unknown;

export interface ConfigBackup {
  format: typeof CONFIG_BACKUP_FORMAT;
  version: typeof CONFIG_BACKUP_VERSION;
  /** The device it was taken from. */
  device: { serial: string; modelId: number; fw: number[]; hw: number[] };
  currentTheme: number;
  themeNames: string[];
  /** Per theme slot, the profile objects by name. */
  slots: Partial<Record<ObjectName, ObjectValue>>[];
  settings: ObjectValue;
  calibration: { state: number; keys: ObjectValue } | null;
}

const has = (d: Descriptor, bit: number): boolean => (d.features & bit) !== 0;
export const isKeyboard = (d: Descriptor): boolean => d.devType === 2;

/** The objects one slot's profile is made of on this device. */
export function profileObjects(d: Descriptor): ObjectName[] {
  const names: ObjectName[] = ['keymap', 'lighting'];
  if (isKeyboard(d)) names.push('colours', 'perf', 'rapidComplete');
  if (has(d, FEATURE.outerFrame)) names.push('outerFrame');
  if (has(d, FEATURE.ambient)) names.push('ambient');
  for (const list of ADVANCED_LISTS) if (listCapacity(d, list) > 0) names.push(list);
  return names;
}

interface Codec {
  decode(bytes: Uint8Array): ObjectValue;
  encode(value: ObjectValue): Uint8Array;
}

const record = <T>(layout: Layout<T>): Codec => ({
  decode: (bytes) => layout.decode(bytes),
  encode: (value) => layout.encode(value as T),
});

const list = <T>(layout: Layout<T>, count: number): Codec => ({
  decode: (bytes) => decodeList(layout, bytes, count),
  encode: (value) => {
    const items = (value as T[]).slice(0, count);
    const out = new Uint8Array(count * layout.size);
    out.set(encodeList(layout, items), 0);
    return out;
  },
});

/** How each profile object's bytes turn into values and back, for this device. */
export function codecOf(d: Descriptor, name: ObjectName): Codec {
  switch (name) {
    case 'keymap':
      return {
        decode: (bytes) => decodeU16List(bytes),
        encode: (value) => {
          const out = new Uint8Array(d.layerCount * d.keyCount * 2);
          out.set(encodeU16List((value as number[]).slice(0, d.layerCount * d.keyCount)), 0);
          return out;
        },
      };
    case 'colours':
      return list(RgbLayout, d.keyCount);
    case 'perf':
      return list(PerfKeyLayout, d.keyCount);
    case 'lighting':
      return record(LightingLayout);
    case 'outerFrame':
      return record(OuterFrameLayout);
    case 'ambient':
      return record(AmbientLayout);
    case 'rapidComplete':
      return { decode: (bytes) => bytes[0] ?? 0, encode: (value) => new Uint8Array([Number(value)]) };
    case 'dks':
    case 'shortcut':
    case 'macro':
    case 'snaptap':
    case 'hypertap':
      return list(ADVANCED_LAYOUTS[name] as Layout<unknown>, listCapacity(d, name));
    default:
      throw new Error(`${name} is not part of a profile`);
  }
}

/** The calibration object: state byte, then min and max per key. */
export function decodeCalibration(d: Descriptor, bytes: Uint8Array): { state: number; keys: ObjectValue } {
  return { state: bytes[0] ?? 0, keys: decodeList(CalibrationKeyLayout, bytes.subarray(1), d.keyCount) };
}

/**
 * The calibration to write back: a run in progress is not part of the configuration, so it is stored as idle with the
 * ranges it had.
 */
export function encodeCalibration(d: Descriptor, value: { state: number; keys: ObjectValue }): Uint8Array {
  const keys = encodeList(
    CalibrationKeyLayout,
    (value.keys as Parameters<typeof CalibrationKeyLayout.encode>[0][]).slice(0, d.keyCount),
  );
  const out = new Uint8Array(1 + d.keyCount * CalibrationKeyLayout.size);
  out[0] = value.state === 1 ? 0 : value.state;
  out.set(keys, 1);
  return out;
}

export async function readSlotObjects(device: KeytuneDevice, slot: number): Promise<Map<ObjectName, Uint8Array>> {
  const names = profileObjects(device.descriptor);
  // A device without theme slots has one profile, read as it is.
  const got =
    device.descriptor.themeCount > 0 ? await readSlot(device, slot, names) : await device.session.readMany(names);
  for (const name of names)
    if (!got.get(name)) throw new Error(`the device did not answer the ${name} of slot ${slot}`);
  return got;
}

/** What the theme slots object says, or one unnamed slot on a device without slots. */
export type SlotThemes = Pick<Themes, 'current' | 'count'> & { names: { name: string }[] };

/** The theme slots, or one unnamed slot on a device without them. */
export async function readThemes(device: KeytuneDevice): Promise<SlotThemes> {
  if (device.descriptor.themeCount === 0) return { current: 0, count: 1, names: [] };
  return decodeThemes(await readFresh(device, 'themes'));
}

/** Reads the whole configuration of `device` from the device; the device is only read, never changed. */
export async function backupConfig(device: KeytuneDevice): Promise<ConfigBackup> {
  invalidate(device);
  const themes = await readThemes(device);
  const slots: ConfigBackup['slots'] = [];
  for (let slot = 0; slot < slotCount(device, themes); slot++)
    slots.push(decodeSlot(device.descriptor, await readSlotObjects(device, slot)));
  return configOf(device, themes, slots, await readFresh(device, 'settings'));
}

/** The number of slots read: those the device reports, at least one. */
export const slotCount = (device: KeytuneDevice, themes: { count: number }): number =>
  Math.max(1, Math.min(themes.count, device.descriptor.themeCount));

export function decodeSlot(d: Descriptor, got: ReadonlyMap<ObjectName, Uint8Array>) {
  const values: Partial<Record<ObjectName, ObjectValue>> = {};
  for (const [name, bytes] of got) values[name] = codecOf(d, name).decode(bytes);
  return values;
}

/** The backup of slots already read, with the calibration read now (the keyboard changes it by itself). */
export async function configOf(
  device: KeytuneDevice,
  themes: SlotThemes,
  slots: ConfigBackup['slots'],
  settings: Uint8Array,
): Promise<ConfigBackup> {
  const d = device.descriptor;
  const calibration = isKeyboard(d) ? decodeCalibration(d, await readFresh(device, 'calibration')) : null;
  return {
    format: CONFIG_BACKUP_FORMAT,
    version: CONFIG_BACKUP_VERSION,
    device: { serial: d.serial, modelId: d.modelId, fw: [...d.fw], hw: [...d.hw] },
    currentTheme: themes.current,
    themeNames: themes.names.slice(0, slots.length).map((n) => n.name),
    slots,
    settings: SettingsLayout.decode(settings),
    calibration,
  };
}

/** The op making `slot` the current theme slot (inside a transaction: the objects written after it are that slot's). */
export const selectSlot = (slot: number): AtomicOp => ({
  kind: 'object',
  name: 'themes',
  offset: 0,
  bytes: new Uint8Array([slot]),
});

/**
 * Puts a backup on `device` as it is now (after an update its capacities may differ), as one device-side transaction:
 * every slot's objects and name, the current slot, the settings and the calibration ranges are applied together at
 * the commit, or not at all (a cut, a power loss or a refusal before it leaves the device as it was).
 */
export async function restoreConfig(device: KeytuneDevice, backup: ConfigBackup): Promise<void> {
  const d = device.descriptor;
  invalidate(device);
  const themes = await readThemes(device);
  const count = Math.max(1, Math.min(backup.slots.length, themes.count, d.themeCount));
  const names = profileObjects(d);
  const ops: AtomicOp[] = [];
  for (let slot = 0; slot < count; slot++) {
    const values = backup.slots[slot]!;
    if (d.themeCount > 0) ops.push(selectSlot(slot));
    for (const name of names) {
      if (values[name] === undefined) continue;
      ops.push({ kind: 'object', name, offset: 0, bytes: codecOf(d, name).encode(values[name]) });
    }
    if (d.themeCount > 0) {
      const name = backup.themeNames[slot] ?? '';
      ops.push({ kind: 'object', name: 'themes', offset: themeNameOffset(slot), bytes: encodeText(name, NAME_BYTES) });
    }
  }
  if (d.themeCount > 0) ops.push(selectSlot(Math.min(backup.currentTheme, count - 1)));
  ops.push({ kind: 'object', name: 'settings', offset: 0, bytes: SettingsLayout.encode(backup.settings as never) });
  if (backup.calibration && isKeyboard(d))
    ops.push({ kind: 'object', name: 'calibration', offset: 0, bytes: encodeCalibration(d, backup.calibration) });
  try {
    await writeAtomicThrough(device, ops);
  } finally {
    invalidate(device);
  }
}

/** What differs between two backups (the device fields aside): empty when the configurations are equal. */
export function configDifferences(expected: ConfigBackup, actual: ConfigBackup): string[] {
  const out: string[] = [];
  const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
  if (expected.currentTheme !== actual.currentTheme)
    out.push(`current theme ${actual.currentTheme}, expected ${expected.currentTheme}`);
  expected.slots.forEach((values, slot) => {
    if ((expected.themeNames[slot] ?? '') !== (actual.themeNames[slot] ?? '')) out.push(`slot ${slot} name`);
    for (const [name, value] of Object.entries(values))
      if (!same(value, actual.slots[slot]?.[name as ObjectName])) out.push(`slot ${slot} ${name}`);
  });
  if (!same(expected.settings, actual.settings)) out.push('settings');
  const calibration = (c: ConfigBackup['calibration']) =>
    c ? { state: c.state === 1 ? 0 : c.state, keys: c.keys } : null;
  if (!same(calibration(expected.calibration), calibration(actual.calibration))) out.push('calibration');
  return out;
}
