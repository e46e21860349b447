/**
 * Our own protocol's configuration read for a backup after every change (undo history), without reading again what
 * cannot have changed:
 * - the current slot and the settings come from the service's copies where they are trusted (src/service/cache.ts);
 *   the rest of them is read in one multi-read whenever trust moved or the current slot is another than last time;
 * - what the keyboard changes by itself is read every time: the current slot (a key switches it) and the calibration
 *   (it learns ranges), in one multi-read;
 * - the other slots are kept from the last read while nothing can have written them. Only this app writes a slot's
 *   objects, and writing another slot than the current one means selecting it, which drops every copy of the cache
 *   (a switch, a transaction of unknown commands, a factory reset, a firmware update all drop them too). So while at
 *   least one copy of the current slot's objects (or of the settings) is the very one this reader saw last time, at
 *   the same trust epoch and with the same slot current, no other slot was written. Otherwise they are read again.
 */
import { DEVICE_ERROR } from '../../protocol/errors.ts';
import type { ObjectName } from '../../protocol/registry.ts';
import { prefetch, readCached } from '../cache.ts';
import {
  configOf,
  decodeSlot,
  isKeyboard,
  profileObjects,
  readSlotObjects,
  readThemes,
  slotCount,
  type ConfigBackup,
} from '../config-backup.ts';
import type { KeytuneDevice } from '../context.ts';
import { SessionError } from '../session.ts';

interface Seen {
  epoch: number;
  slot: number;
  /** The cache's copies as they were handed out last time (compared by identity). */
  copies: Map<ObjectName, Uint8Array>;
  /** The decoded objects of every slot but the current one. */
  others: Map<number, ConfigBackup['slots'][number]>;
}

const seenOf = new WeakMap<KeytuneDevice, Seen>();

/** An object the keyboard says it does not keep (a dongle's lighting) is left out; any other failure is not. */
async function held(device: KeytuneDevice, name: ObjectName): Promise<Uint8Array | undefined> {
  try {
    return await readCached(device, name);
  } catch (e) {
    if (e instanceof SessionError && e.reason === 'device' && e.deviceCode === DEVICE_ERROR.notSupported)
      return undefined;
    throw e;
  }
}

export async function readConfigCached(device: KeytuneDevice): Promise<ConfigBackup> {
  const d = device.descriptor;
  const epoch = device.session.trustEpoch;
  const names = [...profileObjects(d), 'settings'] as ObjectName[];
  const always: ObjectName[] = d.themeCount > 0 ? ['themes'] : [];
  if (isKeyboard(d)) always.push('calibration');
  let seen = seenOf.get(device);
  if (seen?.epoch !== epoch) seen = undefined;
  await prefetch(device, seen ? always : [...always, ...names]);
  let themes = await readThemes(device);
  if (seen && seen.slot !== themes.current) {
    seen = undefined;
    await prefetch(device, [...always, ...names]);
    themes = await readThemes(device);
  }
  const copies = new Map<ObjectName, Uint8Array>();
  for (const name of names) {
    const bytes = await held(device, name);
    if (bytes) copies.set(name, bytes);
  }
  const kept = seen && [...copies].some(([name, bytes]) => seen.copies.get(name) === bytes) ? seen.others : undefined;
  const others = new Map<number, ConfigBackup['slots'][number]>();
  const slots: ConfigBackup['slots'] = [];
  for (let slot = 0; slot < slotCount(device, themes); slot++) {
    if (slot === themes.current) {
      const own = profileObjects(d).filter((name) => copies.has(name));
      slots.push(decodeSlot(d, new Map(own.map((name) => [name, copies.get(name)!]))));
      continue;
    }
    const values = kept?.get(slot) ?? decodeSlot(d, await readSlotObjects(device, slot));
    others.set(slot, values);
    // The caller owns what it is given: what is kept stays as read.
    slots.push(structuredClone(values));
  }
  const config = await configOf(device, themes, slots, copies.get('settings')!);
  // Trust that moved while reading (a retried answer) means nothing read now is kept for next time.
  if (device.session.trustEpoch === epoch) seenOf.set(device, { epoch, slot: themes.current, copies, others });
  else seenOf.delete(device);
  return config;
}
