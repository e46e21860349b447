/**
 * Where virtual keyboards keep their flash between visits: IndexedDB, one record per keyboard (its spec and flash
 * image), like a real keyboard keeps its settings in flash. A keyboard of another family keeps its family, version and
 * simulator's state instead of an image. Each record also keeps when its keyboard was added, so the keyboards come back
 * in the order they were added, whichever was saved last.
 */
import type { SavedFamilyState } from './family-virtual.ts';
import { runInStore, type IdbStoreSpec } from './idb-store.ts';
import type { VirtualKeyboardSpec } from './worker-messages.ts';

const DB_NAME = 'keytune';
const STORE = 'virtual-keyboards';

export interface StoredKeyboard {
  id: string;
  spec: VirtualKeyboardSpec;
  /** A keyboard of our own protocol: its flash image (empty for a keyboard of another family). */
  image: Uint8Array;
  /** A keyboard of another family: what brings it back. Records saved before such keyboards were kept lack it. */
  family?: SavedFamilyState;
  savedAt: number;
  /** When the keyboard was added (ms since the epoch); it never changes. Records saved before it existed lack it. */
  addedAt?: number;
}

/** The order to restore saved keyboards in: the order they were added (a record without `addedAt` by `savedAt`). */
export function restoreOrder(records: readonly StoredKeyboard[]): StoredKeyboard[] {
  const added = (r: StoredKeyboard) => r.addedAt ?? r.savedAt;
  return [...records].sort((a, b) => added(a) - added(b) || a.id.localeCompare(b.id));
}

const SPEC: IdbStoreSpec = {
  db: DB_NAME,
  store: STORE,
  upgrade: (db) => db.createObjectStore(STORE, { keyPath: 'id' }),
};

/** Async, so that a worker without IndexedDB rejects rather than throws. */
const run = async <T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> =>
  runInStore(indexedDB, SPEC, mode, fn);

export const virtualStore = {
  all: (): Promise<StoredKeyboard[]> => run('readonly', (s) => s.getAll() as IDBRequest<StoredKeyboard[]>),
  put: (record: StoredKeyboard): Promise<IDBValidKey> => run('readwrite', (s) => s.put(record)),
  remove: (id: string): Promise<undefined> => run('readwrite', (s) => s.delete(id)),
};
