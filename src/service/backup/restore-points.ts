/**
 * Restore points (docs/backup.md): whole-keyboard backups the service takes before a restore, a factory reset and a
 * firmware update, kept per keyboard (`keyboardKey`: the same keyboard on any port or host) so a person can go back.
 * Only the last RESTORE_POINTS_KEPT of each keyboard are kept; the oldest go when a new one is put.
 *
 * Where they are kept is the host's choice, given once per service (`provideRestorePointStore`): a folder of the data
 * folder on the desktop, IndexedDB in the browser's worker. A service given none keeps them in memory (tests, and a
 * command line whose service lives as long as the command).
 */
import {
  keyboardKey,
  RESTORE_POINTS_KEPT,
  type KeyboardBackup,
  type RestorePointInfo,
  type RestorePointReason,
} from '../../core/backup/format.ts';
import type { DeviceEntry } from '../context.ts';
import { provideRestorePoints } from '../report-bundle.ts';
import type { DeviceService } from '../service.ts';
import { readKeyboard } from './read.ts';

/** Where a host keeps restore points, by keyboard key. Stores only store: ordering and pruning are done here. */
export interface RestorePointStore {
  /** The points of one keyboard, in any order. */
  list(key: string): Promise<RestorePointInfo[]>;
  get(key: string, id: string): Promise<KeyboardBackup | undefined>;
  put(key: string, info: RestorePointInfo, backup: KeyboardBackup): Promise<void>;
  remove(key: string, id: string): Promise<void>;
}

/** Restore point ids: the date it was taken and a sequence, so they sort by age and are safe as file names. */
export const RESTORE_POINT_ID = /^[0-9]{8}T[0-9]{9}Z-[0-9a-z]{1,12}$/;

export function memoryRestorePointStore(): RestorePointStore {
  const points = new Map<string, Map<string, { info: RestorePointInfo; backup: KeyboardBackup }>>();
  const of = (key: string) => {
    let m = points.get(key);
    if (!m) points.set(key, (m = new Map()));
    return m;
  };
  return {
    list: async (key) => [...of(key).values()].map((p) => ({ ...p.info })),
    get: async (key, id) => structuredClone(of(key).get(id)?.backup),
    put: async (key, info, backup) => void of(key).set(info.id, { info: { ...info }, backup: structuredClone(backup) }),
    remove: async (key, id) => void of(key).delete(id),
  };
}

const stores = new WeakMap<object, RestorePointStore>();
/** Keyboard keys of the devices restore points were listed or taken for, by path: a report names them later. */
const keysByPath = new WeakMap<object, Map<string, string>>();

/** Where this service keeps restore points from now on. */
export function provideRestorePointStore(service: object, store: RestorePointStore): void {
  stores.set(service, store);
}

export function restorePointStore(service: object): RestorePointStore {
  let store = stores.get(service);
  if (!store) stores.set(service, (store = memoryRestorePointStore()));
  return store;
}

/** Newest first; ids break ties of the same millisecond (their sequence grows within a process). */
function newestFirst(a: RestorePointInfo, b: RestorePointInfo): number {
  if (a.created !== b.created) return a.created < b.created ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export async function listRestorePoints(service: object, key: string): Promise<RestorePointInfo[]> {
  return (await restorePointStore(service).list(key)).sort(newestFirst);
}

let sequence = 0;

function newId(created: Date): string {
  sequence = (sequence + 1) % 36 ** 4;
  const stamp = created.toISOString().replace(/[-:.]/g, '');
  const random = Math.floor(Math.random() * 36 ** 4);
  return `${stamp}-${sequence.toString(36).padStart(4, '0')}${random.toString(36).padStart(4, '0')}`;
}

/** Remembers which keyboard a device path is, so its report can name its restore points after it went away. */
export function noteKeyboard(service: object, path: string, backup: KeyboardBackup): string {
  const key = keyboardKey(backup.device);
  let m = keysByPath.get(service);
  if (!m) keysByPath.set(service, (m = new Map()));
  m.set(path, key);
  return key;
}

/** Keeps `backup` (the keyboard at `path` as it is now) as a restore point; drops the oldest beyond the limit. */
export async function keepRestorePoint(
  service: object,
  path: string,
  backup: KeyboardBackup,
  reason: RestorePointReason,
  now = new Date(),
): Promise<RestorePointInfo> {
  const store = restorePointStore(service);
  const key = noteKeyboard(service, path, backup);
  const info: RestorePointInfo = { id: newId(now), created: now.toISOString(), reason };
  await store.put(key, info, { ...backup, created: info.created });
  const all = (await store.list(key)).sort(newestFirst);
  for (const old of all.slice(RESTORE_POINTS_KEPT)) await store.remove(key, old.id);
  return info;
}

/**
 * Reads the whole keyboard and keeps it as a restore point. Throws when the keyboard cannot be read: a caller that
 * can go on without one (a factory reset, a firmware update with its own backup) says so in the log and goes on.
 */
export async function takeRestorePoint(
  service: object,
  device: DeviceEntry,
  reason: RestorePointReason,
): Promise<RestorePointInfo> {
  const now = new Date();
  return keepRestorePoint(service, device.path, await readKeyboard(device, now), reason, now);
}

/** takeRestorePoint for work that goes on without one: a failure is logged, never thrown. */
export async function tryRestorePoint(
  service: object,
  device: DeviceEntry,
  reason: RestorePointReason,
): Promise<RestorePointInfo | undefined> {
  try {
    return await takeRestorePoint(service, device, reason);
  } catch (e) {
    console.warn(`no restore point before ${reason} of ${device.path}: ${e instanceof Error ? e.message : String(e)}`);
    return undefined;
  }
}

/** How a restore point is named in a bug report: date, reason and id. */
export const restorePointName = (p: RestorePointInfo): string => `${p.created} ${p.reason} ${p.id}`;

/**
 * The keyboard key of a device: the one noted for its path, else read from the keyboard (which a restore point would
 * be taken from anyway). A path names one keyboard (it carries the vendor, product and serial).
 */
export async function keyOfDevice(service: object, device: DeviceEntry): Promise<string> {
  return keysByPath.get(service)?.get(device.path) ?? noteKeyboard(service, device.path, await readKeyboard(device));
}

/**
 * Lets the service's bug reports name a device's restore points, also after the device went away, by the keyboard
 * key noted when its points were taken or listed, or a backup of it was read.
 */
export function reportRestorePoints(service: DeviceService): void {
  provideRestorePoints(service, async (path) => {
    const key = keysByPath.get(service)?.get(path);
    return key === undefined ? [] : (await listRestorePoints(service, key)).map(restorePointName);
  });
}
