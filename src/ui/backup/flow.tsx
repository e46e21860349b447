/**
 * What the backup menus share (the device page's BackupMenu and a device card's menu): save a backup, choose a file
 * to restore, list the restore points. The dialogs' code (and the diff texts) loads only when one opens, so the card
 * menu's own script stays small. Focus goes back to the menu's button when a dialog closes.
 */
import { HiddenFileInput } from '../widgets/HiddenFileInput';
import { lazy, Suspense, useRef, useState, type ChangeEvent, type ReactNode, type RefObject } from 'react';
import type { DeviceRecord } from '../../contract/bridge';
import { pushKeyToast } from '../toasts/store';
import { useSaveBackup } from './save-backup';
import type { OpenBackupDialog } from './BackupDialogs';

const BackupDialogs = lazy(() => import('./BackupDialogs'));

/** The service refuses a backup text over 4,000,000 characters (src/contract/areas/backup.ts). */
const MAX_FILE_BYTES = 4_000_000;

export interface BackupFlow {
  backUp(): void;
  chooseFile(): void;
  showPoints(): void;
  busy: boolean;
  /** The hidden file input and the open dialog: rendered outside the menu, which unmounts when it closes. */
  parts: ReactNode;
}

export function useBackupFlow(device: DeviceRecord | undefined, opener: RefObject<HTMLElement | null>): BackupFlow {
  const save = useSaveBackup();
  const input = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<OpenBackupDialog>();
  const [busy, setBusy] = useState(false);

  const open = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) return pushKeyToast('backupUi.file.tooLarge', file.name);
    let text: string;
    try {
      text = await file.text();
    } catch {
      return pushKeyToast('backupUi.file.unreadable', file.name);
    }
    setDialog({ kind: 'restore', text, source: file.name });
  };

  const parts = (
    <>
      <HiddenFileInput
        ref={input}
        accept=".json,application/json"
        testId="backup-open-file"
        onChange={(event) => void open(event)}
      />
      {dialog && device && (
        <Suspense fallback={null}>
          <BackupDialogs device={device} dialog={dialog} onChange={setDialog} returnFocus={() => opener.current} />
        </Suspense>
      )}
    </>
  );

  return {
    backUp: () => {
      if (!device || busy) return;
      setBusy(true);
      void save(device).finally(() => setBusy(false));
    },
    chooseFile: () => input.current?.click(),
    showPoints: () => setDialog({ kind: 'points' }),
    busy,
    parts,
  };
}
