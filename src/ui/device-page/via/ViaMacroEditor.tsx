/**
 * Editing one macro of a VIA keyboard: its actions in order (text to type, a key tapped, held or released, a wait),
 * each changed, moved or removed in place. The bytes all macros would take are measured by the service as the
 * actions change; an overflow, text that is not ASCII or a wait out of range keeps the macro from being written.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { hidUsageOfCode } from '../../../core/hid-usages';
import type { ViaMacroAction, ViaMacros } from '../../../contract/areas/via';
import type { KeycodeSpaceId } from '../../../core/keycode-spaces';
import { useLanguage, useT } from '../../../i18n/store';
import { attempt } from '../../call';
import { useServices } from '../../services';
import { actionProblem, MACRO_KINDS, macroKeys, newAction, type MacroKind } from './macro-words';
import { recordedActions, type RecordedKey } from './macro-recording';
import { refusalText, Select } from './via-shared';

/** Waits this long after the last edit before measuring (one call, not one per key typed). */
const MEASURE_AFTER_MS = 150;

function ActionRow({
  index,
  action,
  kinds,
  keys,
  onChange,
  onRemove,
  onMoveUp,
}: {
  index: number;
  action: ViaMacroAction;
  kinds: readonly MacroKind[];
  keys: { value: number; label: string }[];
  onChange(a: ViaMacroAction): void;
  onRemove(): void;
  onMoveUp?: () => void;
}) {
  const t = useT();
  const id = useId();
  const n = index + 1;
  const problem = actionProblem(action);
  const kindOptions = kinds.map((k, value) => ({ value, label: t.dynamic(`via.macros.action.${k}`) }));
  return (
    <li className="via-action" data-kind={action.kind}>
      <span className="via-action__number" aria-hidden="true">
        {n}
      </span>
      <Select
        label={t('via.macros.actionKind', n)}
        value={kinds.indexOf(action.kind)}
        options={kindOptions}
        onChange={(k) => {
          const kind = kinds[k]!;
          if (kind === action.kind) return;
          // Tap, down and up keep their key when one becomes another.
          onChange(
            'code' in action && kind !== 'text' && kind !== 'delay' ? { kind, code: action.code } : newAction(kind),
          );
        }}
      />
      {action.kind === 'text' && (
        <div className="field via-action__value">
          <label htmlFor={id}>{t('via.macros.textLabel', n)}</label>
          <input
            id={id}
            className="input"
            value={action.text}
            aria-invalid={problem !== undefined}
            onChange={(e) => onChange({ kind: 'text', text: e.target.value })}
          />
        </div>
      )}
      {action.kind === 'delay' && (
        <div className="field via-action__value">
          <label htmlFor={id}>{t('via.macros.msLabel', n)}</label>
          <input
            id={id}
            className="input"
            type="number"
            min={0}
            max={9999}
            value={Number.isNaN(action.ms) ? '' : action.ms}
            aria-invalid={problem !== undefined}
            onChange={(e) =>
              onChange({ kind: 'delay', ms: e.target.value === '' ? Number.NaN : Number(e.target.value) })
            }
          />
        </div>
      )}
      {'code' in action && (
        <div className="via-action__value">
          <Select
            label={t('via.macros.keyLabel', n)}
            value={action.code}
            options={keys}
            onChange={(code) => onChange({ kind: action.kind, code })}
          />
        </div>
      )}
      <div className="via-action__buttons">
        {onMoveUp && (
          <button
            type="button"
            className="button button--ghost button--small"
            aria-label={t('via.macros.moveUp', n)}
            onClick={onMoveUp}
          >
            ↑
          </button>
        )}
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={t('via.macros.remove', n)}
          onClick={onRemove}
        >
          ×
        </button>
      </div>
      {problem && <p className="field__error via-action__problem">{t(problem)}</p>}
    </li>
  );
}

/**
 * Records the keys pressed while `on`: every press and release of a key with a usage, taken at the window before
 * anything else sees it (no shortcut fires meanwhile); Esc ends the recording and is not recorded. `onDone` gets the
 * keys when it ends.
 */
function useKeyRecording(on: boolean, onDone: (keys: RecordedKey[]) => void) {
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (!on) return;
    const keys: RecordedKey[] = [];
    const held = new Set<number>();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      done.current(keys);
    };
    const take = (e: KeyboardEvent) => {
      e.preventDefault();
      e.stopPropagation();
      if (e.type === 'keydown' && e.key === 'Escape') return end();
      if (e.repeat || (e.type === 'keyup' && e.key === 'Escape')) return;
      const code = hidUsageOfCode(e.code);
      if (code === undefined) return;
      const down = e.type === 'keydown';
      // A key let go that went down before the recording (the Enter that started it) is not part of the macro.
      if (!down && !held.delete(code)) return;
      if (down) held.add(code);
      keys.push({ code, down, at: e.timeStamp });
    };
    window.addEventListener('keydown', take, true);
    window.addEventListener('keyup', take, true);
    return () => {
      window.removeEventListener('keydown', take, true);
      window.removeEventListener('keyup', take, true);
      end();
    };
  }, [on]);
}

export function ViaMacroEditor({
  path,
  space,
  macros,
  index,
  onWritten,
  onCancel,
}: {
  path: string;
  space: KeycodeSpaceId;
  macros: ViaMacros;
  index: number;
  onWritten(macros: ViaMacros): void;
  onCancel(): void;
}) {
  const t = useT();
  const language = useLanguage();
  const { client } = useServices();
  const [actions, setActions] = useState<ViaMacroAction[]>(() => macros.macros[index] ?? []);
  const [used, setUsed] = useState(macros.used);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [addKind, setAddKind] = useState(0);
  const [recording, setRecording] = useState(false);
  const [recorded, setRecorded] = useState<number | undefined>(undefined);
  useKeyRecording(recording, (keys) => {
    const taken = recordedActions(keys, macros.delays);
    setRecording(false);
    setRecorded(taken.length);
    if (taken.length > 0) setActions((now) => [...now, ...taken]);
  });
  const kinds = macros.delays ? MACRO_KINDS : MACRO_KINDS.filter((k) => k !== 'delay');
  const keys = useMemo(() => macroKeys(space, language === 'zh_CN'), [space, language]);
  const valid = actions.every((a) => actionProblem(a) === undefined);
  const all = useMemo(() => macros.macros.map((m, i) => (i === index ? actions : m)), [macros.macros, index, actions]);

  useEffect(() => {
    if (!valid) return;
    let live = true;
    const timer = setTimeout(() => {
      void attempt(client.viaMacroBytes({ path, macros: all })).then((r) => {
        if (live && r.ok) setUsed(r.value.used);
      });
    }, MEASURE_AFTER_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, path, all, valid]);

  const over = used - macros.bytes;
  const write = async () => {
    setBusy(true);
    const result = await attempt(client.viaSetMacros({ path, macros: all }));
    setBusy(false);
    if (result.ok) onWritten(result.value);
    else setProblem(refusalText(t, result.error));
  };
  const change = (i: number, a: ViaMacroAction) => setActions(actions.map((old, j) => (j === i ? a : old)));

  return (
    <section className="via-editor" aria-label={t('via.macros.edit', index)}>
      <h3 className="via-card__title">{t('via.macros.editing', index)}</h3>
      {actions.length === 0 && <p className="via-muted">{t('via.macros.noActions')}</p>}
      <ol className="via-actions">
        {actions.map((a, i) => (
          <ActionRow
            key={i}
            index={i}
            action={a}
            kinds={kinds}
            keys={keys}
            onChange={(next) => change(i, next)}
            onRemove={() => setActions(actions.filter((_, j) => j !== i))}
            {...(i > 0
              ? { onMoveUp: () => setActions(actions.map((x, j) => (j === i - 1 ? a : j === i ? actions[i - 1]! : x))) }
              : {})}
          />
        ))}
      </ol>
      <div className="via-editor__add">
        <Select
          label={t('via.macros.add')}
          value={addKind}
          options={kinds.map((k, value) => ({ value, label: t.dynamic(`via.macros.action.${k}`) }))}
          onChange={setAddKind}
        />
        <button
          type="button"
          className="button button--secondary"
          disabled={recording}
          onClick={() => setActions([...actions, newAction(kinds[addKind] ?? 'text')])}
        >
          {t('via.macros.add')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-pressed={recording}
          onClick={() => {
            setRecorded(undefined);
            setRecording(!recording);
          }}
        >
          {recording ? t('via.macros.record.stop') : t('via.macros.record')}
        </button>
      </div>
      <p className="via-muted" role="status">
        {recording ? t('via.macros.recording') : recorded !== undefined ? t('via.macros.recorded', recorded) : ''}
      </p>
      <p className={over > 0 ? 'via-problem' : 'via-muted'} role="status" data-over={over > 0 ? '' : undefined}>
        {over > 0 ? t('via.macros.over', over) : t('via.macros.would', used, macros.bytes)}
      </p>
      {problem && (
        <p className="via-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="via-editor__buttons">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          {t('via.macros.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void write()}
          disabled={busy || recording || !valid || over > 0}
        >
          {busy ? t('via.macros.writing') : t('via.macros.write')}
        </button>
      </div>
    </section>
  );
}
