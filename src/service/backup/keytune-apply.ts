/**
 * Applying a backup on a keyboard of our own protocol: only the objects whose bytes differ between the keyboard's
 * backup and the target are written (per slot, the slot names, the current slot, the settings, the calibration), all
 * in one device-side transaction, so a cut or a refusal leaves the keyboard wholly as it was. Every op is encoded
 * before anything is sent: a value the device's layouts cannot hold refuses the whole apply.
 */
import { BridgeCallError } from '../../contract/bridge.ts';
import type { BackupProfile, KeyboardBackup } from '../../core/backup/format.ts';
import { NAME_BYTES, SettingsLayout, themeNameOffset } from '../../protocol/objects.ts';
import type { ObjectName } from '../../protocol/registry.ts';
import { encodeText } from '../../protocol/struct.ts';
import { writeAtomicThrough } from '../cache.ts';
import {
  codecOf,
  encodeCalibration,
  isKeyboard,
  profileObjects,
  selectSlot,
  type ObjectValue,
} from '../config-backup.ts';
import type { KeytuneDevice } from '../context.ts';
import type { AtomicOp } from '../session.ts';
import { slotValues } from './keytune.ts';

export const INVALID_BACKUP = 'backup.err.invalid';

const sameBytes = (a: Uint8Array, b: Uint8Array | undefined): boolean =>
  b !== undefined && a.length === b.length && a.every((v, i) => v === b[i]);

/** Where an object of a slot stands in a backup, as the file's parser names places ("profiles[1].keymap"). */
function placeOf(slot: number, name: ObjectName): string {
  const area = { keymap: 'keymap', perf: 'performance', colours: 'keyColours' }[name as string];
  return `profiles[${slot}].${area ?? `objects.${name}`}`;
}

/** Encodes a value, or refuses the apply naming where in the backup it is. */
function encoded(at: string, encode: () => Uint8Array): Uint8Array {
  try {
    return encode();
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    throw new BridgeCallError(INVALID_BACKUP, `${at} cannot be written to this keyboard: ${reason}`, [at]);
  }
}

function checkShape(device: KeytuneDevice, target: KeyboardBackup, current: KeyboardBackup, slots: number): void {
  const d = device.descriptor;
  // Distances past the switch's travel; what the keyboard holds now it can hold, so unchanged keys are not judged.
  const travel = device.record.features.performance?.travelMm ?? 0xffff / 100;
  const bad = (at: string, message: string) => new BridgeCallError(INVALID_BACKUP, `${at}: ${message}`, [at]);
  if (target.profiles.length > slots)
    throw bad('profiles', `the keyboard has ${slots} profiles, the backup ${target.profiles.length}`);
  if (target.currentProfile >= slots)
    throw bad('currentProfile', `profile ${target.currentProfile + 1} does not exist`);
  target.profiles.forEach((p, i) => {
    const at = `profiles[${i}]`;
    if (p.keymap && (p.keymap.length !== d.layerCount || p.keymap.some((l) => l.length !== d.keyCount)))
      throw bad(`${at}.keymap`, `not ${d.layerCount} layers of ${d.keyCount} keys`);
    for (const [area, list] of [
      ['performance', p.performance],
      ['keyColours', p.keyColours],
    ] as const)
      if (list && list.length !== d.keyCount) throw bad(`${at}.${area}`, `not ${d.keyCount} keys`);
    p.performance?.forEach((r, key) => {
      const before = current.profiles[i]?.performance?.[key] ?? {};
      for (const field of ['actuationMm', 'deadzoneMm', 'rtPressMm', 'rtReleaseMm']) {
        const v = r[field];
        if (v === undefined || v === before[field]) continue;
        if (!(typeof v === 'number' && v >= 0 && v <= travel + 1e-9))
          throw bad(`${at}.performance[${key}].${field}`, `${String(v)} is outside 0-${travel} mm`);
      }
    });
  });
}

/** The writes of one slot's objects whose bytes differ (the caller selects the slot before them). */
function slotOps(device: KeytuneDevice, slot: number, target: BackupProfile, current: BackupProfile | undefined) {
  const d = device.descriptor;
  const want = slotValues(target);
  const have = current ? slotValues(current) : {};
  const ops: AtomicOp[] = [];
  for (const name of profileObjects(d)) {
    const value: ObjectValue = want[name];
    if (value === undefined) continue;
    const codec = codecOf(d, name);
    const bytes = encoded(placeOf(slot, name), () => codec.encode(value));
    const old = have[name] === undefined ? undefined : encoded(placeOf(slot, name), () => codec.encode(have[name]));
    if (!sameBytes(bytes, old)) ops.push({ kind: 'object', name, offset: 0, bytes });
  }
  return ops;
}

/** Every op turning `current` into `target`, in one list for one transaction; empty when nothing differs. */
export function keytuneOps(device: KeytuneDevice, target: KeyboardBackup, current: KeyboardBackup): AtomicOp[] {
  const d = device.descriptor;
  const slots = Math.max(1, current.profiles.length);
  checkShape(device, target, current, slots);
  const themed = d.themeCount > 0;
  const ops: AtomicOp[] = [];
  let selected = current.currentProfile;
  target.profiles.forEach((profile, slot) => {
    const objects = slotOps(device, slot, profile, current.profiles[slot]);
    if (objects.length > 0) {
      if (themed && selected !== slot) ops.push(selectSlot(slot));
      selected = slot;
      ops.push(...objects);
    }
    const name = profile.name;
    if (themed && name !== undefined && name !== (current.profiles[slot]?.name ?? '')) {
      const bytes = encoded(`profiles[${slot}].name`, () => encodeText(name, NAME_BYTES));
      ops.push({ kind: 'object', name: 'themes', offset: themeNameOffset(slot), bytes });
    }
  });
  if (themed && selected !== target.currentProfile) ops.push(selectSlot(target.currentProfile));
  const objects = (b: KeyboardBackup) =>
    b.objects as { settings?: unknown; calibration?: { state: number; keys: unknown } };
  const [want, have] = [objects(target), objects(current)];
  if (want.settings !== undefined) {
    const bytes = encoded('objects.settings', () => SettingsLayout.encode(want.settings as never));
    const old =
      have.settings === undefined
        ? undefined
        : encoded('objects.settings', () => SettingsLayout.encode(have.settings as never));
    if (!sameBytes(bytes, old)) ops.push({ kind: 'object', name: 'settings', offset: 0, bytes });
  }
  if (want.calibration && isKeyboard(d)) {
    const bytes = encoded('objects.calibration', () => encodeCalibration(d, want.calibration!));
    const old = have.calibration && encoded('objects.calibration', () => encodeCalibration(d, have.calibration!));
    if (!sameBytes(bytes, old || undefined)) ops.push({ kind: 'object', name: 'calibration', offset: 0, bytes });
  }
  return ops;
}

/** Writes what differs as one transaction; nothing is sent when nothing differs. */
export async function applyKeytune(
  device: KeytuneDevice,
  target: KeyboardBackup,
  current: KeyboardBackup,
): Promise<void> {
  const ops = keytuneOps(device, target, current);
  if (ops.length > 0) await writeAtomicThrough(device, ops);
}
