/**
 * Snap-tap and hyper-tap editors (spec-1 §5, §8): two keys of this keyboard, chosen from the model's keys. Snap-tap
 * refusals and a key that cannot be found show their toast and cancel the dialog; a hyper-tap missing a key or reusing
 * another item's first key keeps the dialog open. Older firmware stores hyper-tap's second entry as a key code.
 */
import '../texts';
import { useState } from 'react';
import {
  isKeyDescriptor,
  type DisplayEntry,
  type HypertapEntry,
  type HypertapItem,
  type SnaptapItem,
} from '../../../../../core/advanced-keys';
import { KC_NONE } from '../../../../../core/keycode-space';
import { checkHypertapSave, checkSnaptapSave, hypertapFirstKey } from '../../../../../core/rules/tap';
import { TOAST_KEYS } from '../../../../../core/toast-keys';
import { useT } from '../../../../../i18n/store';
import { useContextSpace } from '../../../../keycode-space';
import { showRefusal } from '../actions';
import { CodePicker } from '../CodePicker';
import type { EditorProps } from '../EditorHost';
import { EditorFrame } from '../EditorFrame';
import { descriptorFor, entryFor, modelKeys } from '../keys';
import type { SnaptapItemWithMode } from '../../../../../contract/payloads/advanced';
import { KeyChooser } from './KeyChooser';
import { SnaptapOptions, type SnaptapChoice } from './SnaptapOptions';
import { TapBoard } from './TapBoard';

/** Step of a travel depth where the device names none, mm. */
const TRAVEL_STEP_MM = 0.1;

/** Refusals after which the dialog closes (spec-1 §8: "dialog also cancels"). */
const CANCELLING = new Set<string>([TOAST_KEYS.snaptapArgs, TOAST_KEYS.keyIdNotFound]);

export function SnaptapEditor(props: EditorProps<SnaptapItem>) {
  const { item: initial, info, layout, advanced = {}, minTravelMm, busy, onSave, onCancel } = props;
  const t = useT();
  const { space } = useContextSpace();
  const keys = modelKeys(layout, space);
  const [display, setDisplay] = useState<DisplayEntry[]>(() => [...initial.display]);
  const held = initial as SnaptapItemWithMode;
  const [choice, setChoice] = useState<SnaptapChoice>(() => ({
    behaviour: held.behaviour ?? held.mode ?? 0,
    bottomOut: held.bottom_out ?? null,
  }));
  const [optionsValid, setOptionsValid] = useState(true);
  const ownBehaviours = (advanced.snaptapBehaviours?.length ?? 0) > 0;
  const [target, setTarget] = useState(0);
  const [first, second] = [display[0], display[1]];
  const firstTaken = first && first.key_id >= 0 ? [first.key_id] : [];
  const secondTaken = second && second.key_id >= 0 ? [second.key_id] : [];

  const choose = (index: number, keyId: number) =>
    setDisplay((d) => d.map((entry, i) => (i === index ? entryFor(keys, keyId) : entry)));

  const save = () => {
    const next: SnaptapItemWithMode = {
      ...(initial as SnaptapItemWithMode),
      display,
      // The device's own behaviour takes the place of the spec's mode, which then stays at its default.
      ...(ownBehaviours ? { behaviour: choice.behaviour, mode: 0 } : {}),
      ...(advanced.snaptapBottomOut ? { bottom_out: choice.bottomOut } : {}),
    };
    const verdict = checkSnaptapSave(
      next,
      keys.map((k) => k.id),
    );
    if (!verdict.ok) {
      showRefusal(verdict);
      if (CANCELLING.has(verdict.toastKey)) onCancel();
      return;
    }
    onSave(next);
  };

  return (
    <EditorFrame
      type="snaptap"
      title={initial.id_num < 0 ? t('adv.snaptap.title.new') : t('adv.snaptap.title.edit')}
      description={t(ownBehaviours ? 'adv.snaptap.help.behaviours' : 'adv.snaptap.help')}
      busy={busy}
      okDisabled={!optionsValid}
      onOk={save}
      onCancel={onCancel}
    >
      <div className="tap-keys">
        <KeyChooser
          label={t('adv.tap.first')}
          keys={keys}
          value={first?.key_id ?? -1}
          unavailable={secondTaken}
          onChange={(id) => choose(0, id)}
        />
        <KeyChooser
          label={t('adv.tap.second')}
          keys={keys}
          value={second?.key_id ?? -1}
          unavailable={firstTaken}
          onChange={(id) => choose(1, id)}
        />
      </div>
      <TapBoard
        layout={layout}
        active={target}
        onActiveChange={setTarget}
        onChoose={choose}
        slots={[
          { label: t('adv.tap.first'), keyId: first?.key_id ?? -1, unavailable: secondTaken },
          { label: t('adv.tap.second'), keyId: second?.key_id ?? -1, unavailable: firstTaken },
        ]}
      />
      <SnaptapOptions
        advanced={advanced}
        value={choice}
        travel={{
          min: minTravelMm ?? TRAVEL_STEP_MM,
          max: info.dksMaxTrigger,
          step: advanced.dksStepMm ?? TRAVEL_STEP_MM,
        }}
        onChange={setChoice}
        onValid={setOptionsValid}
      />
    </EditorFrame>
  );
}

export function HypertapEditor({ item: initial, info, layout, busy, onSave, onCancel }: EditorProps<HypertapItem>) {
  const t = useT();
  const { space } = useContextSpace();
  const keys = modelKeys(layout, space);
  const form = info.hypertapSecondEntry;
  const [display, setDisplay] = useState<HypertapEntry[]>(() => [...initial.display]);
  const [picking, setPicking] = useState(false);
  const [target, setTarget] = useState(0);
  const first = display[0];
  const second = display[1];
  const firstId = first && !isKeyDescriptor(first) ? first.key_id : -1;
  const usedFirstKeys = info.lists.hypertap
    .filter((other) => initial.id_num < 0 || other.id_num !== initial.id_num)
    .map(hypertapFirstKey)
    .filter((id): id is number => id !== undefined);

  const setEntry = (index: number, entry: HypertapEntry) =>
    setDisplay((d) => {
      const next = [...d];
      next[index] = entry;
      return next;
    });

  const save = () => {
    const next: HypertapItem = { ...initial, display };
    const verdict = checkHypertapSave(
      next,
      keys.map((k) => k.id),
      info.lists.hypertap,
      form,
    );
    if (!verdict.ok) {
      showRefusal(verdict);
      if (verdict.toastKey === TOAST_KEYS.keyIdNotFound) onCancel();
      return;
    }
    onSave(next);
  };

  const secondCode = second && isKeyDescriptor(second) ? second.code : KC_NONE;
  const secondId = second && !isKeyDescriptor(second) ? second.key_id : -1;
  const slots = [
    {
      label: t('adv.tap.first'),
      keyId: firstId,
      unavailable: usedFirstKeys,
      refusal: (id: number) => t('adv.hypertap.first.taken', keys.find((k) => k.id === id)?.label ?? `#${id}`),
    },
    ...(form === 'key-id'
      ? [{ label: t('adv.tap.second'), keyId: secondId, unavailable: firstId >= 0 ? [firstId] : [] }]
      : []),
  ];

  return (
    <EditorFrame
      type="hypertap"
      title={initial.id_num < 0 ? t('adv.hypertap.title.new') : t('adv.hypertap.title.edit')}
      description={t('adv.hypertap.help')}
      busy={busy}
      onOk={save}
      onCancel={onCancel}
    >
      <div className="tap-keys">
        <KeyChooser
          label={t('adv.tap.first')}
          keys={keys}
          value={firstId}
          unavailable={usedFirstKeys}
          unavailableNote={t('adv.hypertap.used')}
          onChange={(id) => setEntry(0, entryFor(keys, id))}
        />
        {form === 'key-id' ? (
          <KeyChooser
            label={t('adv.tap.second')}
            keys={keys}
            value={secondId}
            unavailable={firstId >= 0 ? [firstId] : []}
            onChange={(id) => setEntry(1, entryFor(keys, id))}
          />
        ) : (
          <div className="field">
            <span className="adv-field__label">{t('adv.tap.second.code')}</span>
            <button
              type="button"
              className="dks-key"
              aria-expanded={picking}
              onClick={() => setPicking((p) => !p)}
              aria-label={t(
                'adv.tap.second.code.label',
                secondCode === KC_NONE ? t('adv.dks.key.none') : (second?.name ?? ''),
              )}
            >
              {secondCode === KC_NONE ? t('adv.dks.key.choose') : second?.name}
            </button>
          </div>
        )}
      </div>
      <TapBoard
        layout={layout}
        active={Math.min(target, slots.length - 1)}
        onActiveChange={setTarget}
        onChoose={(index, id) => setEntry(index, entryFor(keys, id))}
        slots={slots}
      />
      {form === 'key-descriptor' && picking && (
        <div className="adv-picker-panel">
          <CodePicker
            onPick={(code) => {
              setEntry(1, descriptorFor(code, space));
              setPicking(false);
            }}
          />
        </div>
      )}
    </EditorFrame>
  );
}
