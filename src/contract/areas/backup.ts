/**
 * Whole-keyboard backups, restores with their diff, undo and redo (a restore of an earlier state that first checks
 * nothing else changed the keyboard), and restore points. The file format is declared in src/core/backup/format.ts.
 */
import { z } from 'zod';
import type { BackupDiff, KeyboardBackup, RestorePointInfo, RestoreResult } from '../../core/backup/format.ts';
import { call, path } from '../define.ts';

export type { BackupDiff, DiffLine, KeyboardBackup, RestorePointInfo, RestoreResult } from '../../core/backup/format.ts';

/** A backup file's text (JSON); checked by the service, which refuses what is not one with a clear message. */
const backupText = z.string().min(1).max(4_000_000);

export const backupCalls = {
  getBackup: call<KeyboardBackup>()(
    'cfg_info',
    'get_backup',
    { path },
    {
      doc: 'The whole keyboard as one backup: every profile, layer, advanced key, macro, lighting, performance value, user calibration, setting and name. Only reads the keyboard.',
      answer: 'KeyboardBackup',
    },
  ),
  diffBackup: call<BackupDiff>()(
    'cfg_info',
    'diff_backup',
    { path, backup: backupText },
    {
      doc: 'What restoring the backup would change on the keyboard, per area and per key, and the parts its firmware cannot hold. A backup of another family or model is refused.',
      answer: 'BackupDiff',
    },
  ),
  restoreBackup: call<RestoreResult>()(
    'cfg_info',
    'restore_backup',
    {
      path,
      backup: backupText,
      /** Undo and redo: the state the keyboard must still be in; a keyboard changed elsewhere is refused, unchanged. */
      expect: backupText.optional(),
      /** What the restore is, for the event screens reload on. */
      reason: z.enum(['restore', 'undo', 'redo']).default('restore'),
    },
    {
      doc: 'Puts a backup on the keyboard as one change (one transaction where the family has them, else written and read back). Takes a restore point first, unless --expect is given (undo and redo), which refuses when the keyboard no longer holds that state.',
      answer: 'RestoreResult',
    },
  ),
  listRestorePoints: call<RestorePointInfo[]>()(
    'cfg_info',
    'list_restore_points',
    { path },
    {
      doc: 'The restore points kept for this keyboard (the last 20), newest first, with date and reason.',
      answer: 'RestorePointInfo[]',
    },
  ),
  getRestorePoint: call<KeyboardBackup>()(
    'cfg_info',
    'get_restore_point',
    { path, id: z.string().min(1).max(80) },
    { doc: 'One kept restore point of this keyboard, as a backup.', answer: 'KeyboardBackup' },
  ),
};

/** Events of the backup area. */
export interface BackupEvents {
  /** The keyboard's configuration was replaced as a whole (restore, undo, redo): every screen reads it again. */
  config_restored: { path: string; reason: 'restore' | 'undo' | 'redo' };
}
