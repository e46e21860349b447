/**
 * The restore points the service keeps for a keyboard, newest first, each with its date in the person's locale and
 * why it was taken. Choosing one reads it and hands it on to the restore dialog, which shows what it would change.
 * Arrow keys move between the points.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { DeviceRecord } from '../../contract/bridge';
import type { RestorePointInfo } from '../../core/backup/format';
import { useLanguage, useT } from '../../i18n/store';
import { LOCALES, type Language } from '../../i18n/translate';
import { attempt } from '../call';
import { useServices } from '../services';
import { AppDialog } from '../widgets/AppDialog';
import './backup.css';
import './texts';

/** "26 Nov 2026, 10:02" in English, "2026年11月26日 10:02" in Chinese; the ISO text itself when it is no date. */
export function pointDate(created: string, language: Language): string {
  const date = new Date(created);
  if (Number.isNaN(date.getTime())) return created;
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

const newestFirst = (a: RestorePointInfo, b: RestorePointInfo) => b.created.localeCompare(a.created);

/** Up and Down (and Home, End) move focus among the list's buttons. */
function moveAmongButtons(event: KeyboardEvent<HTMLUListElement>): void {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const last = buttons.length - 1;
  const next =
    event.key === 'ArrowDown'
      ? Math.min(at + 1, last)
      : event.key === 'ArrowUp'
        ? Math.max(at - 1, 0)
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? last
            : undefined;
  if (next === undefined || at < 0) return;
  event.preventDefault();
  buttons[next]?.focus();
}

export function RestorePointsDialog({
  device,
  onChoose,
  onClose,
  returnFocus,
}: {
  device: DeviceRecord;
  /** The chosen point's backup as JSON text and the words naming it. */
  onChoose(backupText: string, source: string): void;
  onClose(): void;
  returnFocus?(): HTMLElement | null | undefined;
}) {
  const t = useT();
  const language = useLanguage();
  const { client } = useServices();
  const [points, setPoints] = useState<RestorePointInfo[]>();
  const [opening, setOpening] = useState<string>();
  const list = useRef<HTMLUListElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let live = true;
    void attempt(client.listRestorePoints({ path: device.path })).then((answer) => {
      if (live) setPoints(answer.ok ? [...answer.value].sort(newestFirst) : []);
    });
    return () => {
      live = false;
    };
  }, [client, device.path]);

  // Once listed, focus goes to the newest point (or stays on Close when there is none).
  useEffect(() => {
    if (points?.length) list.current?.querySelector('button')?.focus();
  }, [points]);

  const choose = async (point: RestorePointInfo) => {
    if (opening !== undefined) return;
    setOpening(point.id);
    const answer = await attempt(client.getRestorePoint({ path: device.path, id: point.id }));
    setOpening(undefined);
    // A refusal (the point was dropped meanwhile) was said in the service's toast; the list stays.
    if (answer.ok)
      onChoose(JSON.stringify(answer.value), t('backupUi.points.source', pointDate(point.created, language)));
  };

  return (
    <AppDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('backupUi.points.title', device.display_name)}
      description={t('backupUi.points.intro')}
      className="restore-points"
      initialFocus={closeRef}
      {...(returnFocus ? { returnFocus } : {})}
      footer={
        <button ref={closeRef} type="button" className="button button--secondary" onClick={onClose}>
          {t('backupUi.restore.cancel')}
        </button>
      }
    >
      {points === undefined ? (
        <p className="restore-dialog__status" aria-busy="true">
          <span className="restore-dialog__spinner" aria-hidden="true" />
          {t('backupUi.points.loading')}
        </p>
      ) : points.length === 0 ? (
        <p className="restore-points__none">{t('backupUi.points.none')}</p>
      ) : (
        <ul
          ref={list}
          className="restore-points__list"
          aria-label={t('backupUi.points.list')}
          onKeyDown={moveAmongButtons}
        >
          {points.map((point) => (
            <li key={point.id}>
              <button
                type="button"
                className="restore-points__item"
                data-point={point.id}
                aria-busy={opening === point.id}
                onClick={() => void choose(point)}
              >
                <span className="restore-points__date">{pointDate(point.created, language)}</span>
                <span className="restore-points__reason">
                  {opening === point.id ? t('backupUi.points.opening') : t(`backupUi.points.reason.${point.reason}`)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </AppDialog>
  );
}
