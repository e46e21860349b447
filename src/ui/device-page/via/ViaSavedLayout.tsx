/**
 * VIA's saved layout on the VIA tab: "Export VIA layout…" reads the whole keyboard (getBackup) and saves it as the
 * file VIA's Save + Load pane loads (layers, macros, plus the layout options in a field VIA ignores); "Import VIA
 * layout…" reads such a file into a backup of this keyboard and opens the restore dialog, which shows what would
 * change and restores it as one change. A file that is not one, is another keyboard's or names a code the keyboard
 * cannot read is refused here, with its reason, before anything is asked of the keyboard.
 */
import { HiddenFileInput } from '../../widgets/HiddenFileInput';
import { lazy, Suspense, useRef, useState, type ChangeEvent } from 'react';
import { BackupFileError } from '../../../core/backup/parse';
import {
  readViaSavedLayout,
  viaSavedLayoutFileName,
  viaSavedLayoutOf,
  viaSavedLayoutText,
  type ViaKeyboard,
} from '../../../core/backup/via-saved-layout';
import type { KeyboardBackup } from '../../../core/backup/format';
import { useT } from '../../../i18n/store';
import { attempt } from '../../call';
import { useDeviceRecord } from '../../device-features';
import { useServices } from '../../services';
import { downloadText } from '../themes/download';
import { refusalText } from './via-shared';

const RestoreDialog = lazy(() => import('../../backup/RestoreDialog'));

/** A saved layout of the largest VIA keyboard (32 layers × 1024 keys of names) stays well under this. */
const MAX_FILE_BYTES = 4_000_000;

type Note = { kind: 'ok' | 'problem'; text: string };

export function ViaSavedLayout({ path }: { path: string }) {
  const t = useT();
  const { client } = useServices();
  const record = useDeviceRecord(path);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [notes, setNotes] = useState<Note[]>([]);
  const [dialog, setDialog] = useState<{ text: string; source: string }>();

  const problem = (text: string) => setNotes([{ kind: 'problem', text }]);
  const refused = (error: unknown) => {
    if (!(error instanceof BackupFileError)) throw error;
    problem(t('viaSaved.refused', t.dynamic(error.id, ...error.args)));
  };

  /** The keyboard as it is now, and what its file's names depend on. */
  const readKeyboard = async (): Promise<{ backup: KeyboardBackup; keyboard: ViaKeyboard } | undefined> => {
    setBusy(true);
    const answer = await attempt(Promise.all([client.getBackup({ path }), client.viaGetDefinitionInfo({ path })]));
    setBusy(false);
    if (!answer.ok) {
      problem(t('viaSaved.readFailed', refusalText(t, answer.error)));
      return undefined;
    }
    const [backup, info] = answer.value;
    return { backup, keyboard: { protocol: info.protocol, ...(info.name ? { name: info.name } : {}) } };
  };

  const exportLayout = async () => {
    setNotes([]);
    const now = await readKeyboard();
    if (!now) return;
    try {
      const layout = viaSavedLayoutOf(now.backup, now.keyboard);
      const name = viaSavedLayoutFileName(layout.name);
      downloadText(name, viaSavedLayoutText(layout));
      setNotes([{ kind: 'ok', text: t('viaSaved.exported', name) }]);
    } catch (error) {
      refused(error);
    }
  };

  const importLayout = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setNotes([]);
    if (file.size > MAX_FILE_BYTES) return problem(t('viaSaved.file.tooLarge', file.name));
    let text: string;
    try {
      text = await file.text();
    } catch {
      return problem(t('viaSaved.file.unreadable', file.name));
    }
    const now = await readKeyboard();
    if (!now) return;
    try {
      const { backup, leftOut } = readViaSavedLayout(text, now.backup, now.keyboard);
      setNotes(leftOut.map((id) => ({ kind: 'ok', text: t.dynamic(id) })));
      setDialog({ text: JSON.stringify(backup), source: t('viaSaved.source', file.name) });
    } catch (error) {
      refused(error);
    }
  };

  return (
    <section className="via-section" aria-labelledby="via-saved-title">
      <h2 className="panel__title" id="via-saved-title">
        {t('viaSaved.title')}
      </h2>
      <p className="via-muted">{t('viaSaved.intro')}</p>
      <div className="via-saved__actions">
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void exportLayout()}>
          {t('viaSaved.export')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          {t('viaSaved.import')}
        </button>
        <HiddenFileInput
          ref={input}
          accept=".json,application/json"
          testId="via-saved-file"
          onChange={(event) => void importLayout(event)}
        />
      </div>
      {busy && (
        <p className="via-muted" role="status">
          {t('viaSaved.busy')}
        </p>
      )}
      {notes.map((note, i) =>
        note.kind === 'problem' ? (
          <div key={i} className="via-problem" role="alert">
            <p>{note.text}</p>
          </div>
        ) : (
          <p key={i} className="via-ok" role="status">
            {note.text}
          </p>
        ),
      )}
      {dialog && record && (
        <Suspense fallback={null}>
          <RestoreDialog
            device={record}
            backupText={dialog.text}
            source={dialog.source}
            onClose={() => setDialog(undefined)}
          />
        </Suspense>
      )}
    </section>
  );
}
