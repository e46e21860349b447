/**
 * A whole device in one file, through the typed client only: every theme slot as the scene the device exports (key
 * codes, advanced keys, lighting, performance), the slots' names, the current slot and the device settings. Restoring
 * imports each scene into its slot, puts the settings back and returns to the saved current slot.
 */
import type { Client } from '../contract/client.ts';
import type { SceneExport, ThemeInfo } from '../contract/areas/theme.ts';

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
  constructor(message: string) {
    super(message);
    this.name = 'BackupFileError';
  }
}

export async function backupDevice(client: Client, path: string, now = new Date()): Promise<Backup> {
  const record = (await client.getDevList()).find((d) => d.path === path);
  const themes = await client.getThemeInfo({ path });
  const scenes: Backup['themes'] = [];
  for (let id = 0; id < themes.theme_info_list.length; id++) {
    const exported = (await client.setThemeInfo({ path, export: true, cur_theme_id: id })) as SceneExport;
    scenes.push({ id, name: themes.theme_info_list[id] ?? '', scene: exported.content });
  }
  const s = await client.getSettingData({ path });
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    created: now.toISOString(),
    device: { display_name: record?.display_name ?? '', fw_ver: s.fw_ver, dev_sn: record?.dev_sn ?? '' },
    current_theme: themes.theme_mode,
    themes: scenes,
    settings: {
      use_n_key: s.use_n_key,
      use_sleep: s.use_sleep,
      sleep_time: s.sleep_time,
      auto_calibration: s.auto_calibration,
    },
  };
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
