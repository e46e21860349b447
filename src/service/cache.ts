/**
 * The service's copy of each device object. A read fills it; a write the device acknowledged updates it, so events
 * can be built without another round trip. A theme switch, a factory reset or a firmware flash drops it.
 *
 * Trust: each copy remembers the session's trust epoch at which the device confirmed it. The epoch moves whenever an
 * exchange's outcome is unknown (no answer, a damaged answer, a cut link) and when the link is opened again, so a copy
 * confirmed before that is never used to skip a write or to rebuild an object: readCached reads it again. A write
 * that fails, for any reason, drops the copy of the object it wrote.
 */
import { CMD, FEATURE, SUB } from '../protocol/commands.ts';
import { subId } from '../protocol/frame.ts';
import { OBJECTS, type ObjectName } from '../protocol/registry.ts';
import type { KeytuneDevice } from './context.ts';
import { SessionError, type AtomicOp } from './session.ts';

/** Epoch of a copy that was never confirmed as a whole: it is patched, never trusted. */
const UNCONFIRMED = -1;

interface Copy {
  bytes: Uint8Array;
  /** The session's trust epoch when the device confirmed these bytes. */
  epoch: number;
}

interface ObjectCache {
  copies: Map<ObjectName, Copy>;
  /** Objects read by a prefetch during the current call: the next readFresh of each takes the copy just read. */
  fresh: Set<ObjectName>;
}

const caches = new WeakMap<KeytuneDevice, ObjectCache>();

function cacheOf(device: KeytuneDevice): ObjectCache {
  let cache = caches.get(device);
  if (!cache) {
    cache = { copies: new Map(), fresh: new Set() };
    caches.set(device, cache);
  }
  return cache;
}

const epochOf = (device: KeytuneDevice): number => device.session.trustEpoch;

/** The copy of `name` when it is confirmed at the current epoch. */
function trusted(device: KeytuneDevice, name: ObjectName): Uint8Array | undefined {
  const copy = cacheOf(device).copies.get(name);
  return copy && copy.epoch === epochOf(device) ? copy.bytes : undefined;
}

function confirm(device: KeytuneDevice, name: ObjectName, bytes: Uint8Array): void {
  cacheOf(device).copies.set(name, { bytes, epoch: epochOf(device) });
}

function drop(device: KeytuneDevice, names: Iterable<ObjectName>): void {
  const { copies, fresh } = cacheOf(device);
  for (const name of names) {
    copies.delete(name);
    fresh.delete(name);
  }
}

function dropAll(device: KeytuneDevice): void {
  const { copies, fresh } = cacheOf(device);
  copies.clear();
  fresh.clear();
}

/**
 * Applies an acknowledged write to the copy: a write of the whole object is the new confirmed copy; a part of it
 * patches the copy, which stays exactly as trusted as it was.
 */
function applyWrite(device: KeytuneDevice, name: ObjectName, offset: number, bytes: Uint8Array): void {
  const size = OBJECTS[name].size(device.descriptor);
  if (offset === 0 && bytes.length === size) return confirm(device, name, bytes.slice());
  const copy = cacheOf(device).copies.get(name);
  if (copy && offset + bytes.length <= copy.bytes.length) copy.bytes.set(bytes, offset);
  else drop(device, [name]);
}

/** Reads a whole object from the device and remembers it. */
export async function readFresh(device: KeytuneDevice, name: ObjectName): Promise<Uint8Array> {
  const { fresh } = cacheOf(device);
  const copy = trusted(device, name);
  if (copy && fresh.delete(name)) return copy;
  const bytes = await device.session.readObject(name);
  confirm(device, name, bytes);
  return bytes;
}

/** The remembered object while it is trusted; read from the device the first time and whenever trust moved. */
export async function readCached(device: KeytuneDevice, name: ObjectName): Promise<Uint8Array> {
  return trusted(device, name) ?? readFresh(device, name);
}

/**
 * Writes bytes at `offset` of an object; once acknowledged, the remembered copy is updated to match. When the write
 * fails (any error: refused, lost, cut) the copy is dropped, so the next use reads the object again.
 */
export async function writeThrough(device: KeytuneDevice, name: ObjectName, offset: number, bytes: Uint8Array) {
  try {
    await device.session.writeObject(name, offset, bytes);
  } catch (e) {
    drop(device, [name]);
    throw e;
  }
  applyWrite(device, name, offset, bytes);
}

/** The object a masked command changes; undefined for a command that may change any object. */
function objectOfCommand(cmd: number, sub: number): ObjectName | undefined {
  const id = subId(sub);
  if (cmd === CMD.keymap && (id === SUB.keymap.setKeys || id === SUB.keymap.resetLayer)) return 'keymap';
  if (cmd === CMD.keyColour && id === SUB.keyColour.setKeys) return 'colours';
  if (cmd === CMD.performance && id === SUB.performance.setKeys) return 'perf';
  return undefined;
}

/**
 * Applies `ops` on the device all or nothing (DeviceSession.writeAtomic), then updates the copies, only once the
 * commit is acknowledged:
 * - an object op patches the copy of its object (a whole-object op replaces it), as writeThrough does;
 * - a command op (masked write) drops the copy of the object it changes, unless `after` holds that object's new
 *   bytes, which then become the copy (as trusted as the copy they were derived from, like `remember`); a command
 *   this module does not know drops every copy;
 * - a write of the current theme slot (byte 0 of themes) drops every other copy: they belonged to the old slot.
 * When the transaction fails (any error) the copies of every object it touches are dropped.
 */
export async function writeAtomicThrough(
  device: KeytuneDevice,
  ops: readonly AtomicOp[],
  after: Partial<Record<ObjectName, Uint8Array>> = {},
): Promise<void> {
  const touched = new Set<ObjectName>();
  let unknown = false;
  for (const op of ops) {
    const name = op.kind === 'object' ? op.name : objectOfCommand(op.cmd, op.sub);
    if (name) touched.add(name);
    else unknown = true;
  }
  try {
    await device.session.writeAtomic(ops);
  } catch (e) {
    if (unknown) dropAll(device);
    else drop(device, touched);
    throw e;
  }
  if (unknown) return dropAll(device);
  const themeSwitched = ops.some((op) => op.kind === 'object' && op.name === 'themes' && op.offset === 0);
  for (const op of ops) if (op.kind === 'object') applyWrite(device, op.name, op.offset, op.bytes);
  for (const op of ops) {
    if (op.kind !== 'command') continue;
    const name = objectOfCommand(op.cmd, op.sub)!;
    if (!after[name]) drop(device, [name]);
  }
  for (const [name, bytes] of Object.entries(after) as [ObjectName, Uint8Array][]) remember(device, name, bytes);
  if (themeSwitched)
    drop(
      device,
      [...cacheOf(device).copies.keys()].filter((n) => n !== 'themes'),
    );
}

/** Forgets remembered objects (all of them when no names are given). */
export function invalidate(device: KeytuneDevice, ...names: ObjectName[]): void {
  if (names.length === 0) dropAll(device);
  else drop(device, names);
}

/**
 * Replaces the remembered copy after a masked write changed the object on the device. The new bytes are derived from
 * the copy the caller read, so they are exactly as trusted as that copy: when trust moved meanwhile (or there is no
 * copy), they are kept for patching but read again before use.
 */
export function remember(device: KeytuneDevice, name: ObjectName, bytes: Uint8Array): void {
  const base = cacheOf(device).copies.get(name);
  cacheOf(device).copies.set(name, { bytes, epoch: base ? base.epoch : UNCONFIRMED });
}

/**
 * Reads every listed object in one multi-read request (bytes / 56 reports, not one round trip each) and marks them
 * fresh for the rest of the current call. Objects the device lacks are simply absent. Falls back to one read per
 * object on a device without multi-read.
 */
export async function prefetch(device: KeytuneDevice, names: readonly ObjectName[]): Promise<void> {
  const unique = [...new Set(names)];
  let got: Map<ObjectName, Uint8Array>;
  try {
    got = await device.session.readMany(unique);
  } catch (e) {
    if (!(e instanceof SessionError) || e.reason !== 'device') throw e;
    got = new Map();
    for (const name of unique) got.set(name, await device.session.readObject(name).catch(() => new Uint8Array(0)));
  }
  const { fresh } = cacheOf(device);
  for (const [name, bytes] of got) {
    if (bytes.length === 0) continue;
    confirm(device, name, bytes);
    fresh.add(name);
  }
}

/** Ends the current call: copies a prefetch marked fresh are not fresh for the next call. */
export function endCall(device: KeytuneDevice): void {
  cacheOf(device).fresh.clear();
}

/** The objects of a device's whole configuration, as far as it has them. */
export function configObjects(device: KeytuneDevice, area: 'all' | 'colour' | 'perf' = 'all'): ObjectName[] {
  const f = device.descriptor.features;
  const colour: ObjectName[] = ['colours', 'lighting'];
  if (f & FEATURE.outerFrame) colour.push('outerFrame');
  if (f & FEATURE.ambient) colour.push('ambient');
  const perf: ObjectName[] = ['perf', 'switches', 'calibration', 'adc', 'rapidComplete', 'settings'];
  if (area === 'colour') return colour;
  if (area === 'perf') return perf;
  return ['keymap', 'funcInfo', ...colour, ...perf];
}
