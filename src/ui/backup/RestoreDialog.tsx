/**
 * Restoring a whole-keyboard backup (a file, a restore point, a VIA saved layout): the service compares it with the
 * keyboard and the dialog shows what would change, grouped by area and key, and what this keyboard's firmware cannot
 * hold; Restore applies it as one change. A refusal (another model, not a backup, a newer format) is shown in the
 * dialog in the service's words, and nothing changes. Props stay stable: other screens open this dialog.
 */
import { useEffect, useRef, useState } from 'react';
import { BridgeCallError, type DeviceRecord } from '../../contract/bridge';
import type { BackupDiff, RestoreResult } from '../../core/backup/format';
import { formatDiffLine, formatUnheld } from '../../core/backup/text';
import { useT } from '../../i18n/store';
import type { Translate } from '../../i18n/translate';
import { attempt } from '../call';
import '../device-page/family-texts';
import { useServices } from '../services';
import { AppDialog } from '../widgets/AppDialog';
import { useSaidInDialog } from '../toasts/said-in-dialog';
import { groupDiff } from './diff-groups';
import './backup.css';

export interface RestoreDialogProps {
  device: DeviceRecord;
  /** The backup as JSON text, exactly as read: the service checks it. */
  backupText: string;
  /** Where it comes from, shown under the title: a file name, "Restore point of 26 Nov 10:02". */
  source: string;
  onClose(): void;
  /** Where focus goes when the dialog closes (the button that opened the menu); by default where it was before. */
  returnFocus?(): HTMLElement | null | undefined;
}

type Phase =
  | { step: 'loading' }
  | { step: 'refused'; message: string }
  | { step: 'diff'; diff: BackupDiff }
  | { step: 'restoring'; diff: BackupDiff }
  | { step: 'done'; result: RestoreResult }
  | { step: 'failed'; diff: BackupDiff; message: string };

/** The key of a refusal the dialog shows itself: the service's toast of it would say the same again. */
function refusalKey(answer: { ok: boolean; error?: unknown }): string | undefined {
  return !answer.ok && answer.error instanceof BridgeCallError ? answer.error.toastKey : undefined;
}

/** The service's reason in the page's language; anything else (a failed link) as "did not answer". */
function reasonOf(error: unknown, t: Translate): string {
  if (error instanceof BridgeCallError) return t.dynamic(error.toastKey, ...error.args);
  return t('backupUi.restore.failed');
}

function DiffList({ diff, t }: { diff: BackupDiff; t: Translate }) {
  const text = (id: string, ...args: string[]) => t.dynamic(id, ...args);
  return (
    <div className="restore-diff" role="region" aria-label={t('backupUi.restore.list')} tabIndex={0}>
      {groupDiff(diff.lines).map((group) => (
        <section key={group.area} className="restore-diff__area" data-area={group.area}>
          <h3 className="restore-diff__heading">
            <span>{t(`backupUi.area.${group.area}`)}</span>
            <span className="restore-diff__count">{t('backupUi.area.count', group.lines.length)}</span>
          </h3>
          <ul className="restore-diff__lines">
            {group.lines.map((line, index) => (
              <li key={index}>{formatDiffLine(line, text)}</li>
            ))}
          </ul>
        </section>
      ))}
      {diff.unheld.length > 0 && (
        <section className="restore-diff__area restore-diff__unheld" data-area="unheld">
          <h3 className="restore-diff__heading">{t('backupUi.restore.unheld')}</h3>
          <ul className="restore-diff__lines">
            {diff.unheld.map((part, index) => (
              <li key={index}>{formatUnheld(part, text)}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export function RestoreDialog({ device, backupText, source, onClose, returnFocus }: RestoreDialogProps) {
  const t = useT();
  const { client } = useServices();
  const [phase, setPhase] = useState<Phase>({ step: 'loading' });
  const closeRef = useRef<HTMLButtonElement>(null);
  const restoreRef = useRef<HTMLButtonElement>(null);
  const saidHere = useSaidInDialog();

  useEffect(() => {
    let live = true;
    void saidHere(attempt(client.diffBackup({ path: device.path, backup: backupText })), refusalKey).then((answer) => {
      if (!live) return;
      setPhase(
        answer.ok ? { step: 'diff', diff: answer.value } : { step: 'refused', message: reasonOf(answer.error, t) },
      );
    });
    return () => {
      live = false;
    };
    // The diff is asked for once per backup; a language change re-words it without asking again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, device.path, backupText, saidHere]);

  // Focus moves to what the person does next: Restore when there is something to restore, else Close.
  const ready = phase.step === 'diff' && phase.diff.lines.length > 0;
  useEffect(() => {
    if (phase.step === 'loading' || phase.step === 'restoring') return;
    (ready ? restoreRef : closeRef).current?.focus();
  }, [phase.step, ready]);

  const restore = async (diff: BackupDiff) => {
    setPhase({ step: 'restoring', diff });
    const answer = await saidHere(
      attempt(client.restoreBackup({ path: device.path, backup: backupText, reason: 'restore' })),
      refusalKey,
    );
    setPhase(
      answer.ok ? { step: 'done', result: answer.value } : { step: 'failed', diff, message: reasonOf(answer.error, t) },
    );
  };

  const busy = phase.step === 'loading' || phase.step === 'restoring';
  // Cancel while there is something to restore; OK once there is nothing left to decide.
  const settled = phase.step !== 'loading' && !ready && phase.step !== 'restoring';
  return (
    <AppDialog
      open
      onOpenChange={(open) => {
        // A restore under way finishes with the dialog open, so its outcome is seen.
        if (!open && phase.step !== 'restoring') onClose();
      }}
      title={t('backupUi.restore.title', device.display_name)}
      description={t('backupUi.restore.from', source)}
      className="dialog--wide restore-dialog"
      initialFocus={closeRef}
      {...(returnFocus ? { returnFocus } : {})}
      dataAttributes={{ 'data-step': phase.step }}
      footer={
        <>
          <button
            ref={closeRef}
            type="button"
            className="button button--secondary"
            disabled={phase.step === 'restoring'}
            onClick={onClose}
          >
            {settled ? t('backupUi.restore.ok') : t('backupUi.restore.cancel')}
          </button>
          {(phase.step === 'diff' || phase.step === 'restoring') && phase.diff.lines.length > 0 && (
            <button
              ref={restoreRef}
              type="button"
              className="button button--primary"
              disabled={phase.step === 'restoring'}
              aria-busy={phase.step === 'restoring'}
              onClick={() => phase.step === 'diff' && void restore(phase.diff)}
            >
              {t('backupUi.restore.apply')}
            </button>
          )}
        </>
      }
    >
      <div className="restore-dialog__body" aria-busy={busy} aria-live="polite">
        {phase.step === 'loading' && (
          <p className="restore-dialog__status">
            <span className="restore-dialog__spinner" aria-hidden="true" />
            {t('backupUi.restore.loading')}
          </p>
        )}
        {phase.step === 'refused' && (
          <div role="alert" className="restore-dialog__problem">
            <p>{phase.message}</p>
          </div>
        )}
        {(phase.step === 'diff' || phase.step === 'restoring' || phase.step === 'failed') && (
          <>
            {phase.step === 'failed' && (
              <div role="alert" className="restore-dialog__problem">
                <p>{t('backupUi.restore.notTaken')}</p>
                <p>{phase.message}</p>
              </div>
            )}
            {phase.step === 'restoring' && (
              <p className="restore-dialog__status" role="status">
                <span className="restore-dialog__spinner" aria-hidden="true" />
                {t('backupUi.restore.running')}
              </p>
            )}
            <p className="restore-dialog__summary">
              {phase.diff.lines.length > 0
                ? t('backupUi.restore.changes', phase.diff.lines.length)
                : t('backupUi.restore.same')}
            </p>
            {(phase.diff.lines.length > 0 || phase.diff.unheld.length > 0) && <DiffList diff={phase.diff} t={t} />}
          </>
        )}
        {phase.step === 'done' && (
          <p role="status" className="restore-dialog__done">
            {phase.result.restorePoint ? t('backupUi.restore.done') : t('backupUi.restore.doneNoPoint')}
          </p>
        )}
      </div>
    </AppDialog>
  );
}

export default RestoreDialog;
