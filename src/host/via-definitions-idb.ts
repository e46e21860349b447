/**
 * VIA keyboard definitions kept in the browser worker: IndexedDB, one record per vendor and product id. A database
 * of its own, so adding it never touches the version of the virtual keyboards' one.
 */
import type { DefinitionStore } from '../drivers/types.ts';

const DB_NAME = 'keytune-via-definitions';
const STORE = 'definitions';
/** Larger files are not definitions (the parser refuses them too). */
const MAX_BYTES = 1_000_000;

interface DefinitionRecord {
  id: string;
  vendorId: number;
  productId: number;
  json: string;
  savedAt: number;
}

const key = (vendorId: number, productId: number) => `${vendorId}:${productId}`;

function openDb(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = factory.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB is not available'));
  });
}

async function run<T>(
  factory: IDBFactory,
  mode: IDBTransactionMode,
  fn: (s: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await openDb(factory);
  return new Promise<T>((resolve, reject) => {
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
  });
}

export function indexedDbDefinitionStore(factory: IDBFactory = indexedDB): DefinitionStore {
  return {
    async get(vendorId, productId) {
      const record = await run(
        factory,
        'readonly',
        (s) => s.get(key(vendorId, productId)) as IDBRequest<DefinitionRecord | undefined>,
      );
      return typeof record?.json === 'string' ? record.json : undefined;
    },
    async put(vendorId, productId, json) {
      if (json.length > MAX_BYTES) throw new RangeError('a keyboard definition is at most 1 MB');
      JSON.parse(json);
      const record: DefinitionRecord = { id: key(vendorId, productId), vendorId, productId, json, savedAt: Date.now() };
      await run(factory, 'readwrite', (s) => s.put(record));
    },
  };
}
