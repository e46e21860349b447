/**
 * The service's copy of each device object. A read fills it; a write the device acknowledged updates it, so events
 * can be built without another round trip. A theme switch, a factory reset or a firmware flash drops it.
 */
import type { ObjectName } from '../protocol/registry.ts';
import type { DeviceEntry } from './context.ts';

const KEY = 'object-cache';

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
