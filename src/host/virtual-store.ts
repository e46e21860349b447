/**
 * Where virtual keyboards keep their flash between visits: IndexedDB, one record per keyboard (its spec and flash
 * image), like a real keyboard keeps its settings in flash. A keyboard of another family keeps its family, version and
 * simulator's state instead of an image. Each record also keeps when its keyboard was added, so the keyboards come back
 * in the order they were added, whichever was saved last.
 */
import type { SavedFamilyState } from './family-virtual.ts';
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

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB is not available'));
  });
}

function run<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return openDb().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const req = fn(tx.objectStore(STORE));
        tx.oncomplete = () => {
          db.close();
          resolve(req.result);
        };
        tx.onerror = () => {
          db.close();
          reject(tx.error ?? new Error('IndexedDB transaction failed'));
        };
      }),
  );
}

export const virtualStore = {
  all: (): Promise<StoredKeyboard[]> => run('readonly', (s) => s.getAll() as IDBRequest<StoredKeyboard[]>),
  put: (record: StoredKeyboard): Promise<IDBValidKey> => run('readwrite', (s) => s.put(record)),
  remove: (id: string): Promise<undefined> => run('readwrite', (s) => s.delete(id)),
};
