/**
 * Undo and redo buttons and the history list of the open device, in the device page's header. The buttons' tooltips
 * say what they would undo or redo; the list (a menu: arrows, Enter, Esc back to its button) shows the entries newest
 * first with the current step checked, and choosing one goes there in one restore. The shortcuts work anywhere on
 * the page except in text fields and dialogs. While a step runs, the control that started it (the undo or redo
 * button, the list's button for a jump) is busy (aria-busy, a spinner) until the keyboard holds it; the others wait.
 */
import '../styles/history.css';
import { DropdownMenu } from 'radix-ui';
import { useId, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { summarizeDiff } from '../../core/backup/text';
import { useT } from '../../i18n/store';
import { CheckIcon } from '../widgets/icons';
import { Tip } from '../widgets/Tip';
import type { DeviceHistory, HistoryEntry } from './history';
import { HistoryIcon, RedoIcon, UndoIcon } from './icons';
import { isMacPlatform, useHistoryShortcuts } from './shortcuts';

function useLabel(): (entry: HistoryEntry) => string {
  const t = useT();
  return (entry) => summarizeDiff(entry.lines, (id, ...args) => t.dynamic(id, ...args));
}

function StepButton({
  kind,
  entry,
  busy,
  working,
  onPress,
}: {
  kind: 'undo' | 'redo';
  entry: HistoryEntry | undefined;
  /** A step is running: nothing to press. */
  busy: boolean;
  /** The running step is this button's. */
  working: boolean;
  onPress(): void;
}) {
  const t = useT();
  const label = useLabel();
  const describedBy = useId();
  const mac = isMacPlatform();
  const keys = kind === 'undo' ? (mac ? '⌘Z' : 'Ctrl+Z') : mac ? '⇧⌘Z' : 'Ctrl+Y';
  const tip = busy
    ? t('history.moving')
    : entry
      ? t(kind === 'undo' ? 'history.undo.tip' : 'history.redo.tip', label(entry), keys)
      : t(kind === 'undo' ? 'history.undo.none' : 'history.redo.none');
  const off = busy || !entry;
  return (
    <Tip content={tip} side="bottom">
      {/* aria-disabled, not disabled: the tooltip still says why nothing happens, and focus stays put. */}
      <button
        type="button"
        className="icon-button history-button"
        aria-label={t(kind === 'undo' ? 'history.undo' : 'history.redo')}
        aria-describedby={describedBy}
        aria-disabled={off}
        aria-busy={working || undefined}
        data-history={kind}
        onClick={() => {
          if (!off) onPress();
        }}
      >
        {working ? <BusySign /> : kind === 'undo' ? <UndoIcon size={18} /> : <RedoIcon size={18} />}
        <span id={describedBy} className="sr-only">
          {tip}
        </span>
      </button>
    </Tip>
  );
}

/** The spinner a busy history button shows in place of its icon. */
function BusySign() {
  return <span className="spinner spinner--small history-button__busy" aria-hidden="true" />;
}

/** Which control started the step that is running. */
type Mover = 'undo' | 'redo' | 'list';

function HistoryList({ history, working, onJump }: { history: DeviceHistory; working: boolean; onJump(): void }) {
  const t = useT();
  const label = useLabel();
  const { entries, position, moving, conflict } = useStore(history.store);
  // Newest first; position 0 is the keyboard as the history first saw it.
  const steps = useMemo(() => entries.map((entry, i) => ({ position: i + 1, entry })).reverse(), [entries]);
  return (
    <DropdownMenu.Root>
      <Tip content={t('history.list.tip')} side="bottom">
        <DropdownMenu.Trigger
          className="icon-button history-button"
          aria-label={t('history.list')}
          aria-busy={working || undefined}
        >
          {working ? <BusySign /> : <HistoryIcon size={18} />}
        </DropdownMenu.Trigger>
      </Tip>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu history-menu" align="end" sideOffset={6}>
          <DropdownMenu.Label className="menu__label">{t('history.list')}</DropdownMenu.Label>
          {conflict && (
            <p className="history-menu__note" role="note">
              {t('history.conflict')}
            </p>
          )}
          {entries.length === 0 ? (
            <p className="history-menu__empty">{t('history.empty')}</p>
          ) : (
            <DropdownMenu.RadioGroup
              className="history-menu__steps"
              value={String(position)}
              onValueChange={(value) => {
                onJump();
                void history.jumpTo(Number(value));
              }}
            >
              {[...steps, { position: 0, entry: undefined }].map((step) => (
                <DropdownMenu.RadioItem
                  key={step.position}
                  value={String(step.position)}
                  disabled={moving}
                  className={`menu__item history-menu__step${step.position > position ? ' history-menu__step--undone' : ''}`}
                >
                  <span className="menu__check">
                    <DropdownMenu.ItemIndicator>
                      <CheckIcon size={14} />
                    </DropdownMenu.ItemIndicator>
                  </span>
                  <span className="history-menu__text">{step.entry ? label(step.entry) : t('history.start')}</span>
                  {step.position === position && <span className="history-menu__tag">{t('history.current')}</span>}
                  {step.position > position && <span className="sr-only">({t('history.undone')})</span>}
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
          )}
          {(entries.length > 0 || conflict) && (
            <>
              <DropdownMenu.Separator className="history-menu__separator" />
              <DropdownMenu.Item className="menu__item" disabled={moving} onSelect={() => history.clear()}>
                {t('history.clear')}
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function HistoryControls({ history }: { history: DeviceHistory }) {
  const { entries, position, moving } = useStore(history.store);
  const [mover, setMover] = useState<Mover | undefined>(undefined);
  const actions = useMemo(
    () => ({
      undo: () => {
        if (!history.store.getState().moving) setMover('undo');
        void history.undo();
      },
      redo: () => {
        if (!history.store.getState().moving) setMover('redo');
        void history.redo();
      },
    }),
    [history],
  );
  useHistoryShortcuts(actions);
  // The control that started the running step (a press while one runs starts nothing).
  const running = moving ? (mover ?? 'list') : undefined;
  return (
    <div className="history-controls" data-history-position={position} data-history-length={entries.length}>
      <StepButton
        kind="undo"
        entry={entries[position - 1]}
        busy={moving}
        working={running === 'undo'}
        onPress={actions.undo}
      />
      <StepButton
        kind="redo"
        entry={entries[position]}
        busy={moving}
        working={running === 'redo'}
        onPress={actions.redo}
      />
      <HistoryList history={history} working={running === 'list'} onJump={() => setMover('list')} />
    </div>
  );
}
