/**
 * Backup files on the command line, through the typed client only. Version 2 (docs/backup.md) is the whole keyboard
 * of any family, read, diffed and restored by the service; this file prints its diffs in English.
 *
 * Version 1, still restored: a whole device of our own protocol in one file: every theme slot as the scene the device exports (key
 * codes, advanced keys, lighting, performance), the slots' names, the current slot and the device settings. Restoring
 * imports each scene into its slot, puts the settings back and returns to the saved current slot.
 */
import type { DeviceRecord } from '../contract/bridge.ts';
import type { Client } from '../contract/client.ts';
import type { ThemeInfo } from '../contract/areas/theme.ts';
import type { KeyboardBackup, RestorePointInfo } from '../core/backup/format.ts';
import { BackupFileError as CoreBackupFileError, parseBackupText } from '../core/backup/parse.ts';
import { formatDiffLine, formatUnheld } from '../core/backup/text.ts';
import { englishBackupText } from './english-texts.ts';

export const BACKUP_FORMAT = 'keytune-backup';
export const BACKUP_VERSION = 1;

export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  created: string;
  device: { display_name: string; fw_ver: string; dev_sn: string };
  current_theme: number;
  themes: { id: number; name: string; scene: string }[];
  settings: { use_n_key: 0 | 1; use_sleep: 0 | 1; sleep_time: number; auto_calibration: 0 | 1 };
}

export class BackupFileError extends Error {
  constructor(
    message: string,
    /** The text id of the refusal, for files of the whole-keyboard format. */
    readonly key?: string,
  ) {
    super(message);
    this.name = 'BackupFileError';
  }
}

/** Reads a backup file's text; throws BackupFileError when it is not one. */
export function parseBackup(text: string): Backup {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new BackupFileError('the file is not a Keytune backup (not JSON)');
  }
  const b = data as Partial<Backup> | null;
  if (!b || b.format !== BACKUP_FORMAT) throw new BackupFileError('the file is not a Keytune backup');
  if (b.version !== BACKUP_VERSION) throw new BackupFileError(`backup version ${String(b.version)} is not supported`);
  if (!Array.isArray(b.themes) || !b.settings || typeof b.current_theme !== 'number')
    throw new BackupFileError('the backup is incomplete');
  return b as Backup;
}

export interface RestoreReport {
  themes: number;
  /** A device of another model was restored from this backup (its scenes were still checked by the device). */
  otherModel: boolean;
}

export async function restoreDevice(client: Client, path: string, backup: Backup): Promise<RestoreReport> {
  const record = (await client.getDevList()).find((d) => d.path === path);
  let info: ThemeInfo = await client.getThemeInfo({ path });
  const slots = info.theme_info_list.length;
  for (const theme of backup.themes) {
    if (theme.id >= slots) continue;
    info = (await client.setThemeInfo({ path, import: theme.scene, cur_theme_id: theme.id })) as ThemeInfo;
    if (theme.name && info.theme_info_list[theme.id] !== theme.name)
      await client.setThemeInfo({ path, theme_name: theme.name, cur_theme_id: theme.id });
  }
  const s = backup.settings;
  const now = await client.getSettingData({ path });
  if (now.n_key_supported && now.use_n_key !== s.use_n_key)
    await client.setSettingInfo({ path, use_n_key: s.use_n_key });
  if (now.auto_calibration !== s.auto_calibration)
    await client.setSettingInfo({ path, calibration: { auto_calibration: s.auto_calibration === 1 } });
  if (now.sleep_supported && (now.use_sleep !== s.use_sleep || (s.use_sleep === 1 && now.sleep_time !== s.sleep_time)))
    await client.setSettingInfo(
      s.use_sleep === 1 ? { path, use_sleep: 1, sleep_time: s.sleep_time } : { path, use_sleep: 0 },
    );
  if (backup.current_theme < slots && backup.current_theme !== info.theme_mode)
    await client.setThemeInfo({ path, change_theme_id: backup.current_theme });
  return {
    themes: backup.themes.filter((t) => t.id < slots).length,
    otherModel: record !== undefined && backup.device.display_name !== record.display_name,
  };
}

// ------------------------------------------------------------------------------------- whole-keyboard files (v2)

/** The version a backup file says it is, when it is one of ours; v1 files go the scene path above. */
export function backupFileVersion(text: string): number | undefined {
  try {
    const data = JSON.parse(text) as { format?: unknown; version?: unknown } | null;
    return data?.format === BACKUP_FORMAT && typeof data.version === 'number' ? data.version : undefined;
  } catch {
    return undefined;
  }
}

/** A v2 file's text checked here, before any device is opened: the same refusals the service sends. */
export function checkBackupText(text: string): KeyboardBackup {
  try {
    return parseBackupText(text);
  } catch (e) {
    if (e instanceof CoreBackupFileError) throw new BackupFileError(englishBackupText(e.id, ...e.args), e.id);
    throw e;
  }
}

/** Refuses a file `keytune restore` cannot restore before any device is opened. */
export function checkRestoreFile(text: string, dryRun: boolean): void {
  if (backupFileVersion(text) !== 1) checkBackupText(text);
  else if (dryRun) throw new BackupFileError('--dry-run needs a backup of version 2 (made by keytune backup FILE)');
  else parseBackup(text);
}

/** Restores a file of either version (checked by checkRestoreFile). */
export function restoreFile(
  client: Client,
  file: string,
  text: string,
  device: DeviceRecord,
  dryRun: boolean,
): Promise<Shown> {
  if (backupFileVersion(text) === 1) return restoreV1(client, file, parseBackup(text), device);
  return restoreWhole(client, file, text, device, dryRun);
}

export function backupSaved(file: string, device: DeviceRecord, backup: KeyboardBackup): Shown {
  const profiles = backup.profiles.length;
  return {
    value: { file, path: device.path, version: backup.version, profiles },
    text: `Saved the whole of ${device.display_name} (${profiles} profile${profiles === 1 ? '' : 's'}) to ${file}`,
  };
}

/** An answer of a command: its value (printed with --json) and its text for a person. */
export interface Shown {
  value: unknown;
  text: string;
}

async function restoreV1(client: Client, file: string, backup: Backup, device: DeviceRecord): Promise<Shown> {
  const report = await restoreDevice(client, device.path, backup);
  return {
    value: { file, path: device.path, ...report },
    text:
      `Restored ${report.themes} themes and the settings of ${file} to ${device.display_name}` +
      (report.otherModel ? ` (the backup is of a ${backup.device.display_name})` : ''),
  };
}

/**
 * Restores a whole-keyboard backup (`what` names it for a person): asks the service what would change, then, unless
 * a dry run, has it restore the file, which takes a restore point first. The changes and the parts the keyboard's
 * firmware cannot hold are told in English. Nothing is written on a dry run or when nothing differs.
 */
export async function restoreWhole(
  client: Client,
  what: string,
  text: string,
  device: DeviceRecord,
  dryRun: boolean,
): Promise<Shown> {
  const { path } = device;
  const diff = await client.diffBackup({ path, backup: text });
  let lines = diff.lines;
  let restorePoint: RestorePointInfo | undefined;
  if (!dryRun && lines.length > 0) {
    const result = await client.restoreBackup({ path, backup: text, reason: 'restore' });
    lines = result.applied;
    restorePoint = result.restorePoint;
  }
  const changes = lines.map((l) => formatDiffLine(l, englishBackupText));
  const unheld = diff.unheld.map((u) => formatUnheld(u, englishBackupText));
  const out: string[] = [];
  if (changes.length === 0) out.push(`${device.display_name} already holds ${what}: nothing to change.`);
  else out.push(`${dryRun ? 'Restoring' : 'Restored'} ${what} on ${device.display_name}:`, ...changes.map(indent));
  if (unheld.length) out.push("Left out, as this keyboard's firmware cannot hold them:", ...unheld.map(indent));
  if (dryRun) out.push('Nothing was written (--dry-run).');
  if (restorePoint) out.push(`The keyboard as it was is kept: keytune restore-point ${restorePoint.id} puts it back.`);
  return {
    value: { path, dry_run: dryRun, written: !dryRun && changes.length > 0, changes, unheld, restorePoint },
    text: out.join('\n'),
  };
}

const indent = (line: string) => `  ${line}`;
