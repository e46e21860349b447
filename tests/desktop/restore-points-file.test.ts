/**
 * The desktop host's restore points: a folder per keyboard in the data folder, one private JSON file per point,
 * names safe on every file system, files checked with the backup schema when read back.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { BACKUP_FORMAT, BACKUP_VERSION, type KeyboardBackup } from '../../src/core/backup/format.ts';
import { fileRestorePointStore, RESTORE_POINTS_FOLDER, safeKeyName } from '../../src/desktop/restore-points-file.ts';
import {
  keepRestorePoint,
  listRestorePoints,
  provideRestorePointStore,
} from '../../src/service/backup/restore-points.ts';
import { tempDir } from './helpers.ts';

const dirs: { remove(): void }[] = [];
afterAll(() => dirs.forEach((d) => d.remove()));
afterEach(() => vi.restoreAllMocks());
function folder(): string {
  const d = tempDir('keytune-points-');
  dirs.push(d);
  return d.path;
}

const backup = (serial = 'SN-1', code = 4): KeyboardBackup => ({
  format: BACKUP_FORMAT,
  version: BACKUP_VERSION,
  created: '2025-01-02T03:04:05.000Z',
  device: {
    family: 'libhmk',
    model: 'he60',
    displayName: 'HE60',
    firmware: '1.7.0',
    hardware: '',
    serial,
    keyCount: 2,
  },
  currentProfile: 0,
  profiles: [{ keymap: [[code, 5]], performance: [{ actuationMm: 1.2 }, { actuationMm: 2 }] }],
  objects: { options: { xinput: false } },
});
const info = (id: string, reason: 'restore' | 'manual' = 'restore') => ({
  id,
  created: '2025-01-02T03:04:05.000Z',
  reason,
});
const ID = '20250102T030405000Z-0001abcd';
const ID2 = '20250102T030406000Z-0002abcd';
const KEY = 'libhmk/he60/SN-1';

describe('restore points in files', () => {
  it('puts, lists, reads back and removes points, each in a private file of its keyboard', async () => {
    const data = folder();
    const store = fileRestorePointStore(data);
    expect(await store.list(KEY)).toEqual([]);
    await store.put(KEY, info(ID), backup());
    await store.put(KEY, info(ID2, 'manual'), backup('SN-1', 9));
    // Another store on the same folder (the next start, or the command line beside the bridge) sees them.
    const again = fileRestorePointStore(data);
    expect((await again.list(KEY)).sort((a, b) => a.id.localeCompare(b.id))).toEqual([info(ID), info(ID2, 'manual')]);
    expect(await again.get(KEY, ID2)).toEqual(backup('SN-1', 9));
    expect(await again.get('libhmk/he60/SN-2', ID)).toBeUndefined();

    const dir = join(data, RESTORE_POINTS_FOLDER, safeKeyName(KEY));
    expect(readdirSync(dir).sort()).toEqual([`${ID}.json`, `${ID2}.json`]);
    if (process.platform !== 'win32') {
      expect(statSync(join(data, RESTORE_POINTS_FOLDER)).mode & 0o777).toBe(0o700);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(statSync(join(dir, `${ID}.json`)).mode & 0o777).toBe(0o600);
    }

    await again.remove(KEY, ID);
    expect(await store.list(KEY)).toEqual([info(ID2, 'manual')]);
    expect(await store.get(KEY, ID)).toBeUndefined();
  });

  it('leaves out files that are damaged, edited into something else or named for another point, and says so', async () => {
    const data = folder();
    const store = fileRestorePointStore(data);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await store.put(KEY, info(ID), backup());
    await store.put(KEY, info(ID2), backup());
    const dir = join(data, RESTORE_POINTS_FOLDER, safeKeyName(KEY));
    const good = readFileSync(join(dir, `${ID}.json`), 'utf8');
    writeFileSync(join(dir, `${ID2}.json`), good.slice(0, 40));
    expect(await store.list(KEY)).toEqual([info(ID)]);
    expect(await store.get(KEY, ID2)).toBeUndefined();

    const edited = JSON.parse(good) as { backup: KeyboardBackup };
    edited.backup.profiles[0]!.keymap = [[-1]];
    writeFileSync(join(dir, `${ID2}.json`), JSON.stringify(edited));
    expect(await store.get(KEY, ID2)).toBeUndefined();
    // A copy of another point's file under this id is not this point.
    writeFileSync(join(dir, `${ID2}.json`), good);
    expect(await store.get(KEY, ID2)).toBeUndefined();
    expect(await store.list(KEY)).toEqual([info(ID)]);
    expect(warn).toHaveBeenCalled();

    // Stray files in the folder are no points.
    writeFileSync(join(dir, 'notes.txt'), 'x');
    expect(await store.list(KEY)).toEqual([info(ID)]);
  });

  it('refuses to write what is not a restore point', async () => {
    const store = fileRestorePointStore(folder());
    await expect(store.put(KEY, info('../escape'), backup())).rejects.toThrow();
    await expect(store.put(KEY, info(ID), { ...backup(), currentProfile: -1 })).rejects.toThrow();
    expect(await store.list(KEY)).toEqual([]);
  });

  it('keeps every keyboard key inside its own folder: separators, dots, case and long serials', async () => {
    const data = folder();
    const store = fileRestorePointStore(data);
    const keys = [
      'via/4b54:5641/no-serial',
      'libhmk/he60/../../escape',
      'libhmk/he60/..',
      'keytune/made68pro/ABC',
      'keytune/made68pro/abc',
      `keytune/made68pro/${'Z'.repeat(128)}`,
      `keytune/made68pro/${'Z'.repeat(127)}Y`,
    ];
    const names = keys.map(safeKeyName);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(keys.length);
    for (const n of names) {
      expect(n).toMatch(/^[a-z0-9_^%~-]+$/);
      expect(n.length).toBeLessThanOrEqual(100);
    }
    for (const [i, key] of keys.entries()) await store.put(key, info(ID), backup(`S${i}`));
    const root = resolve(data, RESTORE_POINTS_FOLDER);
    expect(readdirSync(root).sort()).toEqual([...names].sort());
    expect(existsSync(join(data, 'escape'))).toBe(false);
    for (const [i, key] of keys.entries()) expect((await store.get(key, ID))?.device.serial).toBe(`S${i}`);
    // Ids that are not ids never reach a path.
    expect(await store.get(keys[0]!, '../../x')).toBeUndefined();
    await store.remove(keys[0]!, '..');
    expect(await store.list(keys[0]!)).toEqual([info(ID)]);
  });

  it('serves a service: the newest first, the oldest beyond 20 deleted from the folder', async () => {
    const data = folder();
    const service = {};
    provideRestorePointStore(service, fileRestorePointStore(data));
    const taken = [];
    for (let i = 0; i < 22; i++)
      taken.push(
        await keepRestorePoint(service, 'virtual:x', backup(), 'manual', new Date(Date.UTC(2025, 0, 1, 0, 0, i))),
      );
    expect(await listRestorePoints(service, KEY)).toEqual(taken.slice(2).reverse());
    expect(readdirSync(join(data, RESTORE_POINTS_FOLDER, safeKeyName(KEY)))).toHaveLength(20);
  });
});
