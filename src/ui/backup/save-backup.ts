/**
 * "Back up…": the whole keyboard read by the service and saved through the browser's download, as the bug report
 * and theme files are, named after the model and the moment it was taken.
 */
import { useCallback } from 'react';
import type { DeviceRecord } from '../../contract/bridge';
import type { KeyboardBackup } from '../../core/backup/format';
import { attempt } from '../call';
import { downloadText } from '../device-page/themes/download';
import { useServices } from '../services';
import { useToastStore } from '../toasts/store';
import './texts';

/** keytune-backup-<model>-<yyyymmdd>-<hhmmss>.json, from the backup's own model and date (UTC, as written in it). */
export function backupFileName(backup: KeyboardBackup): string {
  const model = (backup.device.displayName || backup.device.model).replace(/[^A-Za-z0-9._-]+/g, '_') || 'keyboard';
  const stamp = backup.created
    .replace(/(\.\d+)?Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  return `keytune-backup-${model}-${stamp}.json`;
}

/** Saves a backup of `device`; false when the service refused (it said why in a toast of its own). */
export function useSaveBackup(): (device: DeviceRecord) => Promise<boolean> {
  const { client } = useServices();
  return useCallback(
    async (device: DeviceRecord) => {
      const answer = await attempt(client.getBackup({ path: device.path }));
      if (!answer.ok) return false;
      const name = backupFileName(answer.value);
      downloadText(name, `${JSON.stringify(answer.value, null, 2)}\n`);
      useToastStore.getState().push({ title: 'backupUi.saved', context: '', args: name, type: 0, delay: 5 });
      return true;
    },
    [client],
  );
}
