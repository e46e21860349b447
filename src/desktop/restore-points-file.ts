/**
 * Restore points kept by the desktop host (docs/backup.md): the data folder's restore-points folder holds a folder per
 * keyboard, named from its keyboard key made safe for every file system, with one JSON file per point
 * (`{ info, backup }`). Folders are 0700 and files 0600, each written beside its final name and renamed over it, so a
 * crash never leaves half a point. A file is checked against the backup schema when it is read back: one that is
 * damaged or was edited into something else is left out (and said on the console), never handed to a restore.
 */
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { keyboardBackupSchema, type KeyboardBackup, type RestorePointInfo } from '../core/backup/format.ts';
import { RESTORE_POINT_ID, type RestorePointStore } from '../service/backup/restore-points.ts';

export const RESTORE_POINTS_FOLDER = 'restore-points';
/** A point larger than this is not one of ours (a backup file is limited to 4 MB of text). */
const MAX_BYTES = 4_000_000;
/** Longer keyboard keys end in a hash, so no folder name nears a file system's 255-byte limit. */
const MAX_NAME = 100;

const infoSchema = z.strictObject({
  id: z.string().regex(RESTORE_POINT_ID),
  created: z.string().max(40),
  reason: z.enum(['firmware-update', 'factory-reset', 'restore', 'manual']),
});
const pointSchema = z.strictObject({ info: infoSchema, backup: keyboardBackupSchema });

/**
 * A keyboard key as a folder name: lower-case letters, digits, '_' and '-' stay, a capital becomes '^' and its small
 * letter (Windows and Mac ignore case in names), every other byte '%' and two hex digits. So different keys never
 * share a folder, and '/' or '..' never reach the path.
 */
export function safeKeyName(key: string): string {
  let safe = '';
  for (const byte of new TextEncoder().encode(key)) {
    const c = String.fromCharCode(byte);
    if (/[a-z0-9_-]/.test(c)) safe += c;
    else if (/[A-Z]/.test(c)) safe += `^${c.toLowerCase()}`;
    else safe += `%${byte.toString(16).padStart(2, '0')}`;
  }
  if (safe.length <= MAX_NAME) return safe;
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 16);
  return `${safe.slice(0, MAX_NAME - 17)}~${hash}`;
}

function warn(file: string, why: string): void {
  console.warn(`restore point ${file} left out: ${why}`);
}

export function fileRestorePointStore(dataDir: string): RestorePointStore {
  const root = join(dataDir, RESTORE_POINTS_FOLDER);
  const folderOf = (key: string) => join(root, safeKeyName(key));

  function read(file: string): z.infer<typeof pointSchema> | undefined {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') warn(file, (e as Error).message);
      return undefined;
    }
    if (text.length > MAX_BYTES) return (warn(file, 'too large'), undefined);
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return (warn(file, 'not JSON'), undefined);
    }
    const parsed = pointSchema.safeParse(data);
    if (!parsed.success) return (warn(file, parsed.error.issues[0]?.message ?? 'not a restore point'), undefined);
    return parsed.data;
  }

  const fileOf = (key: string, id: string) => join(folderOf(key), `${id}.json`);

  return {
    async list(key) {
      let names: string[];
      try {
        names = readdirSync(folderOf(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw e;
      }
      const points: RestorePointInfo[] = [];
      for (const name of names) {
        const id = name.endsWith('.json') ? name.slice(0, -5) : '';
        if (!RESTORE_POINT_ID.test(id)) continue;
        const point = read(join(folderOf(key), name));
        if (point && point.info.id === id) points.push(point.info);
      }
      return points;
    },
    async get(key, id) {
      if (!RESTORE_POINT_ID.test(id)) return undefined;
      const point = read(fileOf(key, id));
      return point?.info.id === id ? (point.backup as KeyboardBackup) : undefined;
    },
    async put(key, info, backup) {
      const point = pointSchema.parse({ info, backup });
      const text = `${JSON.stringify(point)}\n`;
      if (text.length > MAX_BYTES) throw new RangeError('a restore point is at most 4 MB');
      for (const folder of [root, folderOf(key)]) {
        mkdirSync(folder, { recursive: true, mode: 0o700 });
        chmodSync(folder, 0o700);
      }
      const target = fileOf(key, info.id);
      const staging = `${target}.${process.pid}.tmp`;
      writeFileSync(staging, text, { mode: 0o600 });
      chmodSync(staging, 0o600);
      renameSync(staging, target);
    },
    async remove(key, id) {
      if (!RESTORE_POINT_ID.test(id)) return;
      rmSync(fileOf(key, id), { force: true });
    },
  };
}
