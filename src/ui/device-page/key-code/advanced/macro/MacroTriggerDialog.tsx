/**
 * The macro's trigger configuration: how pressing the bound key plays the macro (five options; the last two only on
 * newer firmware) and how long to wait before the first event (default 0 ms).
 */
import '../texts';
import { RadioGroup } from 'radix-ui';
import { useId, useState } from 'react';
import { MACRO_LIMITS } from '../../../../../core/advanced-keys';
import { digitsOnly } from '../../../../../core/rules/numeric';
import { useT } from '../../../../../i18n/store';
import { AppDialog } from '../../../../widgets/AppDialog';

export const TRIGGER_OPTIONS = [0, 1, 2, 3, 4] as const;
export const triggerLabel = (type: number): string => `adv.macro.trigger.${type}`;

export function MacroTriggerDialog({
  type,
  delay,
  offered,
  onApply,
  onCancel,
}: {
  type: number;
  delay: number;
  offered: readonly number[];
  onApply(type: number, delay: number): void;
  onCancel(): void;
}) {
  const t = useT();
  const delayId = useId();
  const [choice, setChoice] = useState(type);
  const [delayText, setDelayText] = useState(String(delay));
  const options = TRIGGER_OPTIONS.filter((o) => offered.includes(o));

  return (
    <AppDialog
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={t('adv.macro.trigger.title')}
      description={t('adv.macro.trigger.help')}
      dataAttributes={{ 'data-dialog': 'macro-trigger' }}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() =>
              onApply(
                choice,
                delayText === '' ? MACRO_LIMITS.triggerDelay : Math.min(Number(delayText), MACRO_LIMITS.maxDelay),
              )
            }
          >
            {t('common.ok')}
          </button>
        </>
      }
    >
      <RadioGroup.Root
        className="adv-choice-list"
        value={String(choice)}
        aria-label={t('adv.macro.trigger.options')}
        onValueChange={(v) => setChoice(Number(v))}
      >
        {options.map((o) => (
          <RadioGroup.Item key={o} value={String(o)} className="adv-choice">
            <span className="adv-choice__name">{t(triggerLabel(o))}</span>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      {options.length < TRIGGER_OPTIONS.length && <p className="adv-field__hint">{t('adv.macro.trigger.newer')}</p>}
      <div className="field">
        <label htmlFor={delayId}>{t('adv.macro.trigger.delay')}</label>
        <input
          id={delayId}
          className="input adv-input--short"
          inputMode="numeric"
          value={delayText}
          placeholder="0"
          onChange={(e) => setDelayText(digitsOnly(e.target.value))}
        />
      </div>
    </AppDialog>
  );
}
