/**
 * What a snap-tap does beyond its two keys, where the device says it has it (features.advanced): its own behaviours
 * (the item's `behaviour` is an index into snaptapBehaviours) and a bottom-out point past which both keys register.
 */
import '../texts';
import { RadioGroup } from 'radix-ui';
import { useId, useState } from 'react';
import type { AdvancedFeatures } from '../../../../../core/device-features';
import { useT } from '../../../../../i18n/store';
import { CheckField } from '../CheckField';

export interface SnaptapChoice {
  behaviour: number;
  /** mm; null: off. */
  bottomOut: number | null;
}

export function SnaptapOptions({
  advanced,
  value,
  travel,
  onChange,
  onValid,
}: {
  advanced: AdvancedFeatures;
  value: SnaptapChoice;
  /** The depths a bottom-out point may take, mm. */
  travel: { min: number; max: number; step: number };
  onChange(value: SnaptapChoice): void;
  /** Whether the typed bottom-out point can be saved. */
  onValid(valid: boolean): void;
}) {
  const t = useT();
  const ids = useId();
  const behaviours = advanced.snaptapBehaviours ?? [];
  const [typed, setTyped] = useState(value.bottomOut === null ? '' : String(value.bottomOut));
  const typedMm = Number(typed);
  const typedOk = typed.trim() !== '' && Number.isFinite(typedMm) && typedMm >= travel.min && typedMm <= travel.max;

  const type = (text: string) => {
    setTyped(text);
    const mm = Number(text);
    const ok = text.trim() !== '' && Number.isFinite(mm) && mm >= travel.min && mm <= travel.max;
    onValid(ok);
    if (ok) onChange({ ...value, bottomOut: mm });
  };

  return (
    <>
      {behaviours.length > 0 && (
        <section className="adv-section" aria-labelledby={`${ids}-behaviour`}>
          <h3 className="adv-section__title" id={`${ids}-behaviour`}>
            {t('adv.snaptap.behaviour')}
          </h3>
          <RadioGroup.Root
            className="adv-choice-list"
            value={String(value.behaviour)}
            aria-labelledby={`${ids}-behaviour`}
            onValueChange={(v) => onChange({ ...value, behaviour: Number(v) })}
          >
            {behaviours.map((name, i) => (
              <RadioGroup.Item key={name} value={String(i)} className="adv-choice" data-behaviour={name}>
                <span className="adv-choice__name">{t(`adv.snaptap.behaviour.${name}`)}</span>
                <span className="adv-choice__desc">{t(`adv.snaptap.behaviour.${name}.desc`)}</span>
              </RadioGroup.Item>
            ))}
          </RadioGroup.Root>
        </section>
      )}
      {advanced.snaptapBottomOut && (
        <section className="adv-section" aria-labelledby={`${ids}-bottom`}>
          <h3 className="adv-section__title" id={`${ids}-bottom`}>
            {t('adv.snaptap.bottom')}
          </h3>
          <CheckField
            label={t('adv.snaptap.bottom.on')}
            help={t('adv.snaptap.bottom.help', travel.min, travel.max)}
            checked={value.bottomOut !== null}
            onChange={(on) => {
              onValid(true);
              if (!on) return onChange({ ...value, bottomOut: null });
              if (typedOk) return onChange({ ...value, bottomOut: typedMm });
              // A first depth to start from: the middle of the travel, on the keyboard's steps.
              const start = Number((Math.round(travel.max / 2 / travel.step) * travel.step).toFixed(2));
              setTyped(String(start));
              onChange({ ...value, bottomOut: start });
            }}
          />
          {value.bottomOut !== null && (
            <div className="field">
              <label htmlFor={`${ids}-depth`}>{t('adv.snaptap.bottom.depth')}</label>
              <input
                id={`${ids}-depth`}
                className="input adv-input--short"
                inputMode="decimal"
                value={typed}
                aria-invalid={!typedOk}
                onChange={(e) => type(e.target.value)}
              />
              {!typedOk && (
                <p className="adv-problem" role="alert">
                  {t('adv.snaptap.bottom.invalid', travel.min, travel.max)}
                </p>
              )}
            </div>
          )}
        </section>
      )}
    </>
  );
}
