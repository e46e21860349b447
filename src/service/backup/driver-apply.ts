/**
 * Applying a backup on a keyboard of another family (libhmk, VIA): these have no transactions, so only what differs
 * is written, part by part through the driver's ports (key map cells, performance grouped by identical patch,
 * advanced-key slots, gamepad, options, thresholds, macros in one write, lighting channels and their save, layout
 * options), every value checked against the device's features first (driver-check.ts). Each written part is read
 * back and compared; what the keyboard did not take is reported by name with err.family.not.taken.
 */
import { BridgeCallError } from '../../contract/bridge.ts';
import type { BackupProfile, KeyboardBackup } from '../../core/backup/format.ts';
import type { LibhmkAdvancedKey } from '../../drivers/libhmk/advanced-codec.ts';
import {
  DriverError,
  type GamepadConfig,
  type KeyActuation,
  type KeyCell,
  type LightingState,
  type MacroAction,
} from '../../drivers/types.ts';
import type { DriverDevice } from '../context.ts';
import { FAMILY_KEYS } from '../family/keys.ts';
import { checkDriverTarget } from './driver-check.ts';
import { actuationRecord, hasProfiles, portsOf } from './driver-read.ts';
import { sameValue } from './same.ts';

/** One part of the keyboard to write, and how to read it back. */
interface Part {
  /** Where the part stands in a backup ("profiles[1].keymap", "objects.macros"), as refusals name places. */
  what: string;
  write(): Promise<void>;
  readBack(): Promise<unknown>;
  expected: unknown;
}

const json = (v: unknown): string => JSON.stringify(v);

/** A key's performance as it acts: rapid-trigger distances mean nothing while rapid trigger is off. */
function effective(record: Record<string, number | boolean>): Record<string, number | boolean> {
  if (record.rapidTrigger !== false) return record;
  const { rtPressMm: _press, rtReleaseMm: _release, ...rest } = record;
  return rest;
}
const objectOf = (p: BackupProfile | undefined, name: string): unknown => p?.objects?.[name];

function profileParts(device: DriverDevice, p: number, target: BackupProfile, current: BackupProfile | undefined) {
  const ports = portsOf(device);
  const profile = hasProfiles(device) ? p : undefined;
  const at = (area: string) => `profiles[${p}].${area}`;
  const parts: Part[] = [];
  const keymap = ports.keymap;
  if (keymap && target.keymap) {
    const cells: (KeyCell & { code: number })[] = [];
    target.keymap.forEach((codes, layer) =>
      codes.forEach((code, keyId) => {
        if (current?.keymap?.[layer]?.[keyId] !== code) cells.push({ profile, layer, keyId, code });
      }),
    );
    if (cells.length > 0)
      parts.push({
        what: at('keymap'),
        write: () => keymap.write(cells),
        readBack: () => keymap.read(profile),
        expected: target.keymap,
      });
  }
  const performance = ports.performance;
  if (performance && target.performance) {
    // Keys needing the same change are written together: one port call per distinct patch.
    const groups = new Map<string, { keys: number[]; patch: Partial<KeyActuation> }>();
    target.performance.forEach((record, keyId) => {
      const before = current?.performance?.[keyId] ?? {};
      const patch: Record<string, number | boolean> = {};
      for (const [field, value] of Object.entries(effective(record))) if (before[field] !== value) patch[field] = value;
      if (Object.keys(patch).length === 0) return;
      const group = groups.get(json(patch)) ?? { keys: [], patch: patch as Partial<KeyActuation> };
      group.keys.push(keyId);
      groups.set(json(patch), group);
    });
    if (groups.size > 0)
      parts.push({
        what: at('performance'),
        write: async () => {
          for (const g of groups.values()) await performance.write(g.keys, g.patch, profile);
        },
        readBack: async () => (await performance.read(profile)).map((a) => effective(actuationRecord(a))),
        expected: target.performance.map(effective),
      });
  }
  const tickRate = objectOf(target, 'tickRate');
  if (performance?.writeTickRate && tickRate !== undefined && tickRate !== objectOf(current, 'tickRate'))
    parts.push({
      what: at('objects.tickRate'),
      write: () => performance.writeTickRate!(tickRate as number, profile),
      readBack: () => performance.readTickRate!(profile),
      expected: tickRate,
    });
  const advanced = ports.advanced;
  const slots = objectOf(target, 'advanced') as LibhmkAdvancedKey[] | undefined;
  if (advanced && slots) {
    const before = objectOf(current, 'advanced') as LibhmkAdvancedKey[] | undefined;
    const entries = slots.flatMap((key, slot) => (json(key) === json(before?.[slot]) ? [] : [{ slot, key }]));
    if (entries.length > 0)
      parts.push({
        what: at('objects.advanced'),
        write: () => advanced.write(entries, profile),
        readBack: () => advanced.read(profile),
        expected: slots,
      });
  }
  const gamepad = ports.gamepad;
  const pad = objectOf(target, 'gamepad') as GamepadConfig | undefined;
  if (gamepad && pad) {
    const before = objectOf(current, 'gamepad') as Partial<GamepadConfig> | undefined;
    const patch: Partial<GamepadConfig> = {};
    if (json(pad.buttons) !== json(before?.buttons)) patch.buttons = pad.buttons;
    if (json(pad.curve) !== json(before?.curve)) patch.curve = pad.curve;
    if (json(pad.flags) !== json(before?.flags)) patch.flags = pad.flags;
    if (Object.keys(patch).length > 0)
      parts.push({
        what: at('objects.gamepad'),
        write: () => gamepad.write(patch, profile),
        readBack: () => gamepad.read(profile),
        expected: pad,
      });
  }
  return parts;
}

function deviceParts(device: DriverDevice, target: KeyboardBackup, current: KeyboardBackup): Part[] {
  const ports = portsOf(device);
  const want = target.objects;
  const have = current.objects;
  const differs = (name: string) => want[name] !== undefined && json(want[name]) !== json(have[name]);
  const parts: Part[] = [];
  const { calibration, options, macros, lighting, layoutOptions } = ports;
  if (calibration?.writeThresholds && calibration.readThresholds && differs('calibration'))
    parts.push({
      what: 'objects.calibration',
      write: () => calibration.writeThresholds!(want.calibration as { rest: number; bottomOut: number }),
      readBack: () => calibration.readThresholds!(),
      expected: want.calibration,
    });
  if (options && differs('options')) {
    const values = want.options as Record<string, boolean>;
    const before = (have.options ?? {}) as Record<string, boolean>;
    parts.push({
      what: 'objects.options',
      write: async () => {
        for (const [name, value] of Object.entries(values))
          if (before[name] !== value) await options.write(name, value);
      },
      readBack: () => options.read(),
      expected: values,
    });
  }
  if (macros && differs('macros'))
    parts.push({
      what: 'objects.macros',
      write: () => macros.write(want.macros as MacroAction[][]),
      // The keyboard lists every macro it has room for: empty ones past the last written say nothing.
      readBack: async () => withoutTrailingEmpty(await macros.read()),
      expected: withoutTrailingEmpty(want.macros as MacroAction[][]),
    });
  if (lighting && differs('lighting')) {
    const before = (have.lighting ?? []) as LightingState[];
    const changed = (want.lighting as LightingState[]).filter(
      (s) => json(s) !== json(before.find((b) => b.channel === s.channel)),
    );
    parts.push({
      what: 'objects.lighting',
      write: async () => {
        for (const state of changed) {
          await lighting.write(state);
          await lighting.save(state.channel);
        }
      },
      readBack: () => lighting.read(),
      expected: want.lighting,
    });
  }
  if (layoutOptions && differs('layoutOptions'))
    parts.push({
      what: 'objects.layoutOptions',
      write: () => layoutOptions.write(want.layoutOptions as number),
      readBack: () => layoutOptions.read(),
      expected: want.layoutOptions,
    });
  return parts;
}

function withoutTrailingEmpty(macros: readonly MacroAction[][]): MacroAction[][] {
  let end = macros.length;
  while (end > 0 && macros[end - 1]!.length === 0) end--;
  return macros.slice(0, end);
}

/** A failure that means the part did not (wholly) take, rather than a lost link. */
function didNotTake(e: unknown): boolean {
  const notTaken = (e as { notTaken?: unknown }).notTaken;
  // A keyboard that refuses the write (or does not handle it) kept what it had; a lost link is not that.
  const refused = e instanceof DriverError && (e.reason === 'refused' || e.reason === 'unsupported');
  return (Array.isArray(notTaken) && notTaken.length > 0) || refused;
}

export async function applyDriver(
  device: DriverDevice,
  target: KeyboardBackup,
  current: KeyboardBackup,
): Promise<void> {
  checkDriverTarget(device, target, current);
  // Parts whose ports check values themselves go first, so a refusal there comes before anything else is written.
  const parts = [
    ...deviceParts(device, target, current),
    ...target.profiles.flatMap((profile, p) => profileParts(device, p, profile, current.profiles[p])),
  ];
  const notTaken: string[] = [];
  const written: Part[] = [];
  for (const part of parts) {
    try {
      await part.write();
      written.push(part);
    } catch (e) {
      if (!didNotTake(e)) throw e;
      notTaken.push(part.what);
    }
  }
  const switchTo = portsOf(device).profiles?.switchTo;
  if (switchTo && target.currentProfile !== current.currentProfile) await switchTo(target.currentProfile);
  const step = device.driver.features.performance?.stepMm ?? 0;
  for (const part of written) {
    const held = await part.readBack();
    if (!sameValue(held, part.expected, step / 2)) notTaken.push(part.what);
  }
  if (notTaken.length > 0)
    throw new BridgeCallError(FAMILY_KEYS.notTaken, `the keyboard did not take: ${notTaken.join(', ')}`, [
      notTaken.join(', '),
    ]);
}
