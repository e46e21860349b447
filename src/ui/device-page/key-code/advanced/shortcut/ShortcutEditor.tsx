/**
 * Shortcut editor (spec-1 §2, §4, §5): step 1 chooses the type among those the firmware offers, step 2 the keys
 * (replace and lock up to 6, mod-tap a tap and a hold key, toggle 1, action 1) and, for mod-tap, the hold time.
 * Opening the extended or os category of the picker shows warn.not.apply, and a key from them is refused with it.
 */
import { RadioGroup } from 'radix-ui';
import { useState } from 'react';
import {
  SHORTCUT_HOLD_TIME,
  SHORTCUT_KEY_LIMIT,
  SHORTCUT_TYPE,
  type ShortcutItem,
  type ShortcutTypeId,
} from '../../../../../core/advanced-keys';
import { canAddShortcutKey, checkShortcutCategory, checkShortcutSave } from '../../../../../core/rules/shortcut';
import { clampAndSnap } from '../../../../../core/rules/numeric';
import { useT } from '../../../../../i18n/store';
import { useContextSpace } from '../../../../keycode-space';
import { CloseIcon } from '../../../../widgets/icons';
import { Slider } from '../../../../widgets/slider/Slider';
import { showRefusal } from '../actions';
import type { ShortcutItemWithOptions } from '../../../../../contract/payloads/advanced';
import { CheckField } from '../CheckField';
import { CodePicker } from '../CodePicker';
import { shortcutTypeLabel } from '../labels';
import type { EditorProps } from '../EditorHost';
import { EditorFrame } from '../EditorFrame';
import { categoryOf, descriptorFor } from '../keys';

export { shortcutTypeLabel };

const HOLD_RANGE = { min: SHORTCUT_HOLD_TIME.min, max: SHORTCUT_HOLD_TIME.max, step: SHORTCUT_HOLD_TIME.step };

export function ShortcutEditor(props: EditorProps<ShortcutItem>) {
  const { item: initial, info, advanced = {}, busy, note, onSave, onCancel } = props;
  const t = useT();
  const { space } = useContextSpace();
  const isNew = initial.id_num < 0;
  const [step, setStep] = useState<1 | 2>(isNew ? 1 : 2);
  const [item, setItem] = useState<ShortcutItemWithOptions>(initial);
  /** Set when OK was refused for want of keys: the editor says why next to the keys, until one is picked. */
  const [missingKeys, setMissingKeys] = useState(false);
  const types =
    info.shortcutTypes.includes(initial.sc_type) || isNew
      ? info.shortcutTypes
      : [initial.sc_type, ...info.shortcutTypes];
  const limit = SHORTCUT_KEY_LIMIT[item.sc_type];
  const isModTap = item.sc_type === SHORTCUT_TYPE.modTap;
  // The hold time is a mod-tap's; a device may give its toggle a tapping term too (features.advanced).
  const timed = isModTap || (item.sc_type === SHORTCUT_TYPE.toggle && advanced.toggleTappingTerm === true);
  const holdOnOther = isModTap && advanced.modTapHoldOnOtherKey === true;

  const chooseType = (type: ShortcutTypeId) =>
    // Keys beyond the new type's limit go, so step 2 never shows more than the type can hold.
    setItem((it) => ({ ...it, sc_type: type, display: it.display.slice(0, SHORTCUT_KEY_LIMIT[type]) }));

  // Opening the Media (extended) or System (os) category warns at once that its keys do not apply (spec-1 §5).
  const openCategory = (category: string) => {
    const verdict = checkShortcutCategory(category);
    if (!verdict.ok) showRefusal(verdict);
  };

  const pick = (code: number) => {
    const category = checkShortcutCategory(categoryOf(code, space));
    if (!category.ok) {
      showRefusal(category);
      return;
    }
    setItem((it) =>
      canAddShortcutKey(it.sc_type, it.display.length)
        ? { ...it, display: [...it.display, descriptorFor(code, space)] }
        : it,
    );
    setMissingKeys(false);
  };

  const save = () => {
    const verdict = checkShortcutSave(item);
    if (!verdict.ok) {
      showRefusal(verdict);
      setMissingKeys(item.display.length < (isModTap ? SHORTCUT_KEY_LIMIT[item.sc_type] : 1));
      return;
    }
    const { hold_on_other_key_press: other, ...rest } = item;
    const next: ShortcutItemWithOptions = holdOnOther ? { ...rest, hold_on_other_key_press: other ?? false } : rest;
    onSave(next as ShortcutItem);
  };

  const keyRole = (index: number): string | undefined =>
    isModTap ? t(index === 0 ? 'adv.sc.modtap.tap' : 'adv.sc.modtap.hold') : undefined;

  return (
    <EditorFrame
      type="shortcut"
      title={isNew ? t('adv.sc.title.new') : t('adv.sc.title.edit')}
      description={t(step === 1 ? 'adv.sc.step1' : 'adv.sc.step2', t(shortcutTypeLabel(item.sc_type)))}
      note={step === 2 ? note : undefined}
      busy={busy}
      okLabel={step === 1 ? t('adv.next') : undefined}
      okDisabled={step === 1 && !types.includes(item.sc_type)}
      extraButtons={
        step === 2 ? (
          <button type="button" className="button button--ghost" onClick={() => setStep(1)}>
            {t('adv.back')}
          </button>
        ) : undefined
      }
      onOk={
        step === 1
          ? () => {
              setMissingKeys(false);
              setStep(2);
            }
          : save
      }
      onCancel={onCancel}
    >
      {step === 1 ? (
        <RadioGroup.Root
          className="adv-choice-list"
          value={String(item.sc_type)}
          aria-label={t('adv.sc.type')}
          onValueChange={(v) => chooseType(Number(v) as ShortcutTypeId)}
        >
          {types.map((type) => (
            <RadioGroup.Item key={type} value={String(type)} className="adv-choice">
              <span className="adv-choice__name">{t(shortcutTypeLabel(type))}</span>
              <span className="adv-choice__desc">{t(`${shortcutTypeLabel(type)}.desc`)}</span>
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
      ) : (
        <>
          <section className="adv-section" aria-labelledby="sc-keys-title">
            <h3 className="adv-section__title" id="sc-keys-title">
              {t('adv.sc.keys', item.display.length, limit)}
            </h3>
            {item.display.length === 0 ? (
              <p className="adv-empty">{t('adv.sc.keys.none')}</p>
            ) : (
              <ul className="adv-chips" aria-label={t('adv.sc.keys.list')}>
                {item.display.map((key, i) => (
                  <li key={`${key.code}-${i}`} className="adv-chip">
                    {keyRole(i) && <span className="adv-chip__role">{keyRole(i)}</span>}
                    <kbd>{key.name}</kbd>
                    <button
                      type="button"
                      className="adv-chip__remove"
                      aria-label={t('adv.sc.key.remove', key.name)}
                      onClick={() => setItem((it) => ({ ...it, display: it.display.filter((_, j) => j !== i) }))}
                    >
                      <CloseIcon size={14} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {missingKeys && (
              <p className="adv-problem" role="alert">
                {t(isModTap ? 'adv.sc.need.modtap' : 'adv.sc.need.keys')}
              </p>
            )}
            {isModTap && item.display.length < limit && (
              <p className="adv-field__hint">
                {t(item.display.length === 0 ? 'adv.sc.modtap.next.tap' : 'adv.sc.modtap.next.hold')}
              </p>
            )}
          </section>
          {timed && (
            <section className="adv-section" aria-labelledby="sc-hold-title">
              <h3 className="adv-section__title" id="sc-hold-title">
                {t(isModTap ? 'adv.sc.hold' : 'adv.sc.toggle.term')}
              </h3>
              {!isModTap && <p className="adv-field__hint">{t('adv.sc.toggle.term.help')}</p>}
              <Slider
                label={t(isModTap ? 'adv.sc.hold' : 'adv.sc.toggle.term')}
                hideLabel
                unit={t('adv.ms.unit')}
                min={HOLD_RANGE.min}
                max={HOLD_RANGE.max}
                step={HOLD_RANGE.step}
                value={item.hold_time}
                onChange={(v) => setItem((it) => ({ ...it, hold_time: clampAndSnap(v, HOLD_RANGE) }))}
              />
              {holdOnOther && (
                <CheckField
                  label={t('adv.sc.modtap.other')}
                  help={t('adv.sc.modtap.other.help')}
                  checked={item.hold_on_other_key_press === true}
                  onChange={(on) => setItem((it) => ({ ...it, hold_on_other_key_press: on }))}
                />
              )}
            </section>
          )}
          {canAddShortcutKey(item.sc_type, item.display.length) ? (
            <div className="adv-picker-panel">
              <CodePicker onPick={pick} onCategory={openCategory} />
            </div>
          ) : (
            <p className="adv-field__hint" role="status">
              {t('adv.sc.keys.full')}
            </p>
          )}
        </>
      )}
    </EditorFrame>
  );
}
