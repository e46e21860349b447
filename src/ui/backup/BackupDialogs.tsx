/**
 * The dialogs a backup menu opens, loaded on first use: the restore points list, and the restore dialog for a chosen
 * file or restore point. The diff texts load with them (family-texts registers every device-page section), so they
 * are there also when the device page never loaded (a device card's menu).
 */
import type { DeviceRecord } from '../../contract/bridge';
import { RestoreDialog } from './RestoreDialog';
import { RestorePointsDialog } from './RestorePointsDialog';

export type OpenBackupDialog = { kind: 'restore'; text: string; source: string } | { kind: 'points' };

export default function BackupDialogs({
  device,
  dialog,
  onChange,
  returnFocus,
}: {
  device: DeviceRecord;
  dialog: OpenBackupDialog;
  onChange(next: OpenBackupDialog | undefined): void;
  returnFocus(): HTMLElement | null | undefined;
}) {
  if (dialog.kind === 'points') {
    return (
      <RestorePointsDialog
        device={device}
        onChoose={(text, source) => onChange({ kind: 'restore', text, source })}
        onClose={() => onChange(undefined)}
        returnFocus={returnFocus}
      />
    );
  }
  return (
    <RestoreDialog
      device={device}
      backupText={dialog.text}
      source={dialog.source}
      onClose={() => onChange(undefined)}
      returnFocus={returnFocus}
    />
  );
}
