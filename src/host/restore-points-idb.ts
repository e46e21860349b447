/**
 * Restore points kept in the browser worker (docs/backup.md): IndexedDB, one record per point, keyed by keyboard key
 * and id, with an index by keyboard key. A database of its own, so adding it never touches the version of the others.
 * A record is checked against the backup schema when it is read back; one that is not a backup is left out.
 */
import { keyboardBackupSchema, type KeyboardBackup, type RestorePointInfo } from '../core/backup/format.ts';
import type { RestorePointStore } from '../service/backup/restore-points.ts';
import { runInStore, type IdbStoreSpec } from './idb-store.ts';

const DB_NAME = 'keytune-restore-points';
const STORE = 'points';
const BY_KEYBOARD = 'keyboard';

interface PointRecord {
  keyboard: string;
  id: string;
  created: string;
  reason: RestorePointInfo['reason'];
  backup: KeyboardBackup;
}

const SPEC: IdbStoreSpec = {
  db: DB_NAME,
  store: STORE,
  upgrade: (db) => db.createObjectStore(STORE, { keyPath: ['keyboard', 'id'] }).createIndex(BY_KEYBOARD, 'keyboard'),
};

function run<T>(factory: IDBFactory, mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return runInStore(factory, SPEC, mode, fn);
}

const REASONS: readonly string[] = ['firmware-update', 'factory-reset', 'restore', 'manual'];

function infoOf(record: PointRecord | undefined): RestorePointInfo | undefined {
  if (!record || typeof record.id !== 'string' || typeof record.created !== 'string') return undefined;
  if (!REASONS.includes(record.reason)) return undefined;
  return { id: record.id, created: record.created, reason: record.reason };
}

export function indexedDbRestorePointStore(factory: IDBFactory = indexedDB): RestorePointStore {
  return {
    async list(key) {
      const records = await run(
        factory,
        'readonly',
        (s) => s.index(BY_KEYBOARD).getAll(key) as IDBRequest<PointRecord[]>,
      );
      return records.flatMap((r) => infoOf(r) ?? []);
    },
    async get(key, id) {
      const record = await run(factory, 'readonly', (s) => s.get([key, id]) as IDBRequest<PointRecord | undefined>);
      if (!infoOf(record)) return undefined;
      const parsed = keyboardBackupSchema.safeParse(record!.backup);
      if (!parsed.success) {
        console.warn(`restore point ${id} left out: ${parsed.error.issues[0]?.message ?? 'not a backup'}`);
        return undefined;
      }
      return parsed.data;
    },
    async put(key, info, backup) {
      const record: PointRecord = { keyboard: key, ...info, backup: keyboardBackupSchema.parse(backup) };
      await run(factory, 'readwrite', (s) => s.put(record));
    },
    async remove(key, id) {
      await run(factory, 'readwrite', (s) => s.delete([key, id]));
    },
  };
}
