/**
 * The service's copy of each device object. A read fills it; a write the device acknowledged updates it, so events
 * can be built without another round trip. A theme switch, a factory reset or a firmware flash drops it.
 */
import { FEATURE } from '../protocol/commands.ts';
import type { ObjectName } from '../protocol/registry.ts';
import type { DeviceEntry } from './context.ts';
import { SessionError } from './session.ts';

const KEY = 'object-cache';
const FRESH = 'object-fresh';

/** Objects read by a prefetch during the current call: the next readFresh of each takes the copy just read. */
function freshOf(device: DeviceEntry): Set<ObjectName> {
  let fresh = device.state.get(FRESH) as Set<ObjectName> | undefined;
  if (!fresh) {
    fresh = new Set();
    device.state.set(FRESH, fresh);
  }
  return fresh;
}

function cacheOf(device: DeviceEntry): Map<ObjectName, Uint8Array> {
  let cache = device.state.get(KEY) as Map<ObjectName, Uint8Array> | undefined;
  if (!cache) {
    cache = new Map();
    device.state.set(KEY, cache);
  }
  return cache;
}

/** Reads a whole object from the device and remembers it. */
export async function readFresh(device: DeviceEntry, name: ObjectName): Promise<Uint8Array> {
  const cached = cacheOf(device).get(name);
  if (cached && freshOf(device).delete(name)) return cached;
  const bytes = await device.session.readObject(name);
  cacheOf(device).set(name, bytes);
  return bytes;
}

/** The remembered object, read from the device the first time. */
export async function readCached(device: DeviceEntry, name: ObjectName): Promise<Uint8Array> {
  return cacheOf(device).get(name) ?? readFresh(device, name);
}

/** Writes bytes at `offset` of an object; once acknowledged, the remembered copy is updated to match. */
export async function writeThrough(device: DeviceEntry, name: ObjectName, offset: number, bytes: Uint8Array) {
  await device.session.writeObject(name, offset, bytes);
  const cached = cacheOf(device).get(name);
  if (cached && offset + bytes.length <= cached.length) cached.set(bytes, offset);
}

/** Forgets remembered objects (all of them when no names are given). */
export function invalidate(device: DeviceEntry, ...names: ObjectName[]): void {
  const cache = cacheOf(device);
  if (names.length === 0) cache.clear();
  for (const n of names) cache.delete(n);
}

/** Replaces the remembered copy after a masked write changed the object on the device. */
export function remember(device: DeviceEntry, name: ObjectName, bytes: Uint8Array): void {
  cacheOf(device).set(name, bytes);
}

/**
 * Reads every listed object in one multi-read request (bytes / 56 reports, not one round trip each) and marks them
 * fresh for the rest of the current call. Objects the device lacks are simply absent. Falls back to one read per
 * object on a device without multi-read.
 */
export async function prefetch(device: DeviceEntry, names: readonly ObjectName[]): Promise<void> {
  const unique = [...new Set(names)];
  let got: Map<ObjectName, Uint8Array>;
  try {
    got = await device.session.readMany(unique);
  } catch (e) {
    if (!(e instanceof SessionError) || e.reason !== 'device') throw e;
    got = new Map();
    for (const name of unique) got.set(name, await device.session.readObject(name).catch(() => new Uint8Array(0)));
  }
  const cache = cacheOf(device);
  const fresh = freshOf(device);
  for (const [name, bytes] of got) {
    if (bytes.length === 0) continue;
    cache.set(name, bytes);
    fresh.add(name);
  }
}

/** Ends the current call: copies a prefetch marked fresh are not fresh for the next call. */
export function endCall(device: DeviceEntry): void {
  freshOf(device).clear();
}

/** The objects of a device's whole configuration, as far as it has them. */
export function configObjects(device: DeviceEntry, area: 'all' | 'colour' | 'perf' = 'all'): ObjectName[] {
  const f = device.descriptor.features;
  const colour: ObjectName[] = ['colours', 'lighting'];
  if (f & FEATURE.outerFrame) colour.push('outerFrame');
  if (f & FEATURE.ambient) colour.push('ambient');
  const perf: ObjectName[] = ['perf', 'switches', 'calibration', 'adc', 'rapidComplete', 'settings'];
  if (area === 'colour') return colour;
  if (area === 'perf') return perf;
  return ['keymap', 'funcInfo', ...colour, ...perf];
}
