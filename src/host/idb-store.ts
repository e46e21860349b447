/**
 * One IndexedDB object store of a database of its own, as the worker's stores keep them (VIA definitions, restore
 * points): each call opens the database, runs one request in one transaction and closes it again, so a store is
 * never held open between calls and a failure reaches the caller as a rejection.
 */
export interface IdbStoreSpec {
  db: string;
  store: string;
  /** Creates the store (and its indexes) when the database is first made. */
  upgrade(db: IDBDatabase): void;
}

function openDb(factory: IDBFactory, spec: IdbStoreSpec): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = factory.open(spec.db, 1);
    req.onupgradeneeded = () => spec.upgrade(req.result);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB is not available'));
  });
}

/** Runs one request on the store; answers its result once the transaction has completed. */
export async function runInStore<T>(
  factory: IDBFactory,
  spec: IdbStoreSpec,
  mode: IDBTransactionMode,
  fn: (s: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await openDb(factory, spec);
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(spec.store, mode);
    const req = fn(tx.objectStore(spec.store));
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
