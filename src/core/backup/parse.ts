/**
 * Reads a backup file's text into a KeyboardBackup, or refuses it with a text id of src/i18n/sections/backup.ts whose
 * message says what is wrong and that nothing was changed. The service, the command line and the UI read files
 * through this one function, so a file is judged the same everywhere.
 */
import { BACKUP_FORMAT, BACKUP_VERSION, keyboardBackupSchema, type KeyboardBackup } from './format.ts';

/** A file that is not a backup this version can restore; `id` and `args` word it in the catalogue. */
export class BackupFileError extends Error {
  readonly id: string;
  readonly args: string[];
  constructor(id: string, args: string[] = [], detail?: string) {
    super(detail ? `${id}: ${detail}` : args.length ? `${id}: ${args.join(', ')}` : id);
    this.name = 'BackupFileError';
    this.id = id;
    this.args = args;
  }
}

/** Where in the file a bad value is, as "profiles[0].keymap[1][5]". */
function where(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : `${out ? '.' : ''}${String(part)}`;
  return out || 'file';
}

export function parseBackupText(text: string): KeyboardBackup {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new BackupFileError('backup.err.notJson', [], error instanceof Error ? error.message : undefined);
  }
  const head =
    typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  if (head.format !== BACKUP_FORMAT) throw new BackupFileError('backup.err.notBackup');
  const version = head.version;
  if (typeof version === 'number' && version > BACKUP_VERSION)
    throw new BackupFileError('backup.err.newer', [String(version)]);
  // The command line's scene-based file: it restores that itself (src/cli/backup.ts).
  if (version === 1) throw new BackupFileError('backup.err.v1');
  const parsed = keyboardBackupSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupFileError('backup.err.invalid', [where(issue?.path ?? [])], issue?.message);
  }
  return parsed.data;
}
