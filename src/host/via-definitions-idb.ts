/**
 * VIA keyboard definitions kept in the browser worker: IndexedDB, one record per vendor and product id. A database
 * of its own, so adding it never touches the version of the virtual keyboards' one.
 */
import type { DefinitionStore } from '../drivers/types.ts';
import { runInStore, type IdbStoreSpec } from './idb-store.ts';

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

const SPEC: IdbStoreSpec = {
  db: DB_NAME,
  store: STORE,
  upgrade: (db) => db.createObjectStore(STORE, { keyPath: 'id' }),
};

function run<T>(factory: IDBFactory, mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return runInStore(factory, SPEC, mode, fn);
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
