/**
 * Macro editor (spec-1 §2, §4, §5, §9): recording from the device's key events, keys added by hand, per-event delays,
 * one delay for all events, random delay (30-35 ms), repeat count 1-1000 and the trigger configuration. At most 80
 * events; every list change goes through the core helpers, which keep the last delay at 0.
 */
import '../texts';
import '../../../../styles/macro-editor.css';
import { Checkbox } from 'radix-ui';
import { useCallback, useId, useRef, useState } from 'react';
import {
  MACRO_LIMITS,
  appendRecordedEvent,
  applyUniformDelay,
  withLastDelayZero,
  type MacroItem,
  type RecordedKeyEvent,
} from '../../../../../core/advanced-keys';
import { canApplyUniformDelay, canRecordMore, checkMacroSave } from '../../../../../core/rules/macro';
import { digitsOnly } from '../../../../../core/rules/numeric';
import { tx } from '../../../../../i18n/sections/keycode-extra';
import { useT } from '../../../../../i18n/store';
import { useContextSpace } from '../../../../keycode-space';
import { CheckIcon, PlusIcon } from '../../../../widgets/icons';
import { showRefusal } from '../actions';
import type { EditorProps } from '../EditorHost';
import { EditorFrame } from '../EditorFrame';
import { descriptorFor } from '../keys';
import { DiscardMacroDialog } from './DiscardMacroDialog';
import { MacroEvents } from './MacroEvents';
import { MacroKeyPicker } from './MacroKeyPicker';
import { VirtualKeyPad } from '../../press/VirtualKeyPad';
import { useDeviceRecord } from '../use-func-info';
import { MacroTriggerDialog, triggerLabel } from './MacroTriggerDialog';
import { useRecording } from './use-recording';

/** The repeat count a typed value stands for: empty means the minimum, anything else is held to 1-1000. */
export function clampRepeat(text: string): number {
  const n = text === '' ? MACRO_LIMITS.repeatMin : Number(text);
  if (!Number.isFinite(n)) return MACRO_LIMITS.repeatMin;
  return Math.min(MACRO_LIMITS.repeatMax, Math.max(MACRO_LIMITS.repeatMin, Math.round(n)));
}

export function MacroEditor({ item: initial, info, caps, path, busy, note, onSave, onCancel }: EditorProps<MacroItem>) {
  const t = useT();
  const { space } = useContextSpace();
  const ids = useId();
  const [opened] = useState<MacroItem>(() => ({ ...initial, display: withLastDelayZero(initial.display) }));
  const [item, setItem] = useState<MacroItem>(opened);
  const [uniformDelay, setUniformDelay] = useState('');
  const [startRepeat] = useState(() => String(clampRepeat(String(initial.repeat_count))));
  const [repeat, setRepeat] = useState(startRepeat);
  const [repeatNote, setRepeatNote] = useState<string | undefined>(undefined);
  const device = useDeviceRecord(path);
  const virtual = device?.virtual === true;

  /** Holds the field to the spec's range; a value outside it is replaced, and the field says so. */
  const commitRepeat = (): number => {
    const value = clampRepeat(repeat);
    if (String(value) !== repeat) {
      setRepeat(String(value));
      if (repeat !== '')
        setRepeatNote(tx(t, 'keycode.macro.repeat.clamped', MACRO_LIMITS.repeatMin, MACRO_LIMITS.repeatMax, value));
    }
    return value;
  };
  const [adding, setAdding] = useState(false);
  const [triggerOpen, setTriggerOpen] = useState(false);
  const [askingDiscard, setAskingDiscard] = useState(false);
  const addKeyRef = useRef<HTMLButtonElement>(null);
  const closePicker = () => {
    setAdding(false);
    addKeyRef.current?.focus();
  };

  const append = useCallback((event: RecordedKeyEvent) => {
    setItem((it) => {
      const result = appendRecordedEvent(it.display, event);
      return result.accepted ? { ...it, display: result.events } : it;
    });
  }, []);

  const { recording, start, stop } = useRecording(path, append);

  const addKey = (code: number) => {
    const key = descriptorFor(code, space);
    setItem((it) => {
      const pressed = appendRecordedEvent(it.display, { ...key, is_down: true });
      if (!pressed.accepted) return it;
      return { ...it, display: appendRecordedEvent(pressed.events, { ...key, is_down: false }).events };
    });
  };

  const save = () => {
    const display = withLastDelayZero(item.display);
    const next: MacroItem = {
      ...item,
      display,
      count: display.length,
      repeat_count: commitRepeat(),
    };
    const verdict = checkMacroSave(next, {
      advanced: { ...caps.advanced, macroTriggerActionTypes: info.macroTriggerTypes },
    });
    if (!verdict.ok) {
      showRefusal(verdict);
      return;
    }
    void stop();
    onSave(next);
  };

  const changed = repeat !== startRepeat || JSON.stringify(item) !== JSON.stringify(opened);
  const drop = () => {
    void stop();
    onCancel();
  };
  // Esc, Cancel and the close button all come here: unsaved changes are dropped only when the user says so.
  const cancel = () => (changed ? setAskingDiscard(true) : drop());

  const count = item.display.length;
  // A key needs room for its press and its release.
  const noRoom = !canRecordMore(count + 1);
  const random = item.delay_type === 1;

  return (
    <EditorFrame
      type="macro"
      title={initial.id_num < 0 ? t('adv.macro.title.new') : t('adv.macro.title.edit')}
      description={t('adv.macro.help')}
      note={note}
      busy={busy}
      onOk={save}
      onCancel={cancel}
      className="macro-editor"
    >
      <div className="macro-layout">
        <div className="macro-layout__input">
          <div className="macro-toolbar">
            <button
              type="button"
              className={`button ${recording ? 'adv-button--danger' : 'button--primary'}`}
              aria-pressed={recording}
              onClick={() => void (recording ? stop() : start())}
            >
              <span className={`rec-dot ${recording ? 'rec-dot--on' : ''}`} aria-hidden="true" />
              {t(recording ? 'adv.macro.record.stop' : 'adv.macro.record.start')}
            </button>
            <button
              ref={addKeyRef}
              type="button"
              className="button button--secondary"
              aria-expanded={adding && !noRoom}
              disabled={noRoom}
              onClick={() => setAdding((a) => !a)}
            >
              <PlusIcon size={16} />
              {t('adv.macro.add.key')}
            </button>
            <span className={`macro-count ${count >= MACRO_LIMITS.maxEvents ? 'macro-count--full' : ''}`}>
              {t('adv.macro.count', count, MACRO_LIMITS.maxEvents)}
            </span>
          </div>
          <p className="adv-hint adv-hint--info" role="status" aria-live="polite">
            {noRoom
              ? t('adv.macro.full', MACRO_LIMITS.maxEvents)
              : recording
                ? t('adv.macro.recording')
                : t('adv.macro.idle')}
          </p>
          {virtual && device && (
            <section className="macro-virtual" aria-label={tx(t, 'keycode.press.group')}>
              <p className="adv-hint adv-hint--info">{tx(t, 'keycode.macro.virtual')}</p>
              <VirtualKeyPad path={path} layout={device.layout} />
            </section>
          )}
          {adding && !noRoom && (
            <MacroKeyPicker onPick={addKey} onClose={closePicker} escapeCloses={!triggerOpen && !askingDiscard} />
          )}
        </div>
        <div className="macro-layout__list">
          <MacroEvents events={item.display} onChange={(display) => setItem((it) => ({ ...it, display }))} />

          <div className="adv-fields macro-options">
            <div className="field">
              <label htmlFor={`${ids}-uniform`}>{t('adv.macro.uniform')}</label>
              <div className="adv-inline">
                <input
                  id={`${ids}-uniform`}
                  className="input adv-input--short"
                  inputMode="numeric"
                  value={uniformDelay}
                  placeholder={String(MACRO_LIMITS.defaultDelay)}
                  onChange={(e) => setUniformDelay(digitsOnly(e.target.value))}
                />
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={!canApplyUniformDelay(uniformDelay)}
                  onClick={() => setItem((it) => ({ ...it, display: applyUniformDelay(it.display, uniformDelay) }))}
                >
                  {t('adv.macro.uniform.apply')}
                </button>
              </div>
            </div>
            <div className="field">
              <label htmlFor={`${ids}-repeat`}>{t('adv.macro.repeat')}</label>
              <input
                id={`${ids}-repeat`}
                className="input adv-input--short"
                inputMode="numeric"
                value={repeat}
                placeholder={`${MACRO_LIMITS.repeatMin}~${MACRO_LIMITS.repeatMax}`}
                aria-describedby={repeatNote ? `${ids}-repeat-note` : undefined}
                onChange={(e) => {
                  setRepeat(digitsOnly(e.target.value).slice(0, 5));
                  setRepeatNote(undefined);
                }}
                onBlur={commitRepeat}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') commitRepeat();
                }}
              />
              {repeatNote && (
                <span id={`${ids}-repeat-note`} className="adv-hint adv-hint--warn" role="status">
                  {repeatNote}
                </span>
              )}
            </div>
            <div className="field">
              <span className="adv-field__label">{t('adv.macro.trigger')}</span>
              <button type="button" className="button button--ghost" onClick={() => setTriggerOpen(true)}>
                {t(triggerLabel(item.trigger_action_type))}
                {item.trigger_delay > 0 && ` · ${t('adv.ms', item.trigger_delay)}`}
              </button>
            </div>
          </div>
          <label className="checkbox-field adv-check">
            <Checkbox.Root
              className="checkbox"
              checked={random}
              onCheckedChange={(checked) =>
                setItem((it) => ({
                  ...it,
                  delay_type: checked === true ? 1 : 0,
                  delay_min: MACRO_LIMITS.randomMin,
                  delay_max: MACRO_LIMITS.randomMax,
                }))
              }
            >
              <Checkbox.Indicator className="checkbox__indicator">
                <CheckIcon size={14} />
              </Checkbox.Indicator>
            </Checkbox.Root>
            {t('adv.macro.random', MACRO_LIMITS.randomMin, MACRO_LIMITS.randomMax)}
          </label>
        </div>
      </div>

      {triggerOpen && (
        <MacroTriggerDialog
          type={item.trigger_action_type}
          delay={item.trigger_delay}
          offered={info.macroTriggerTypes}
          onApply={(type, delay) => {
            setItem((it) => ({ ...it, trigger_action_type: type, trigger_delay: delay }));
            setTriggerOpen(false);
          }}
          onCancel={() => setTriggerOpen(false)}
        />
      )}
      {askingDiscard && <DiscardMacroDialog onKeep={() => setAskingDiscard(false)} onDiscard={drop} />}
    </EditorFrame>
  );
}
