/**
 * Keys to gamepad buttons: select keys on the drawing (each bound key shows its button), then choose the button or
 * stick direction they press from the keyboard's own list, named in the app's language.
 */
import { useId, useState } from 'react';
import type { DeviceLayout } from '../../../core/device-features';
import type { KeycodeSpace } from '../../../core/keycode-spaces/types';
import { useLanguage, useT } from '../../../i18n/store';
import { KeyboardDrawing } from '../../keyboard/KeyboardDrawing';

export interface GamepadChoice {
  code: number;
  en: string;
  zh: string;
}

export interface GamepadButtonsProps {
  layout: DeviceLayout | null;
  /** The device's code space: keys are named (on their caps and to screen readers) by their factory code in it. */
  space: KeycodeSpace;
  buttons: readonly number[];
  choices: readonly GamepadChoice[];
  busy: boolean;
  onAssign(keyIds: readonly number[], code: number): void;
}

const MIXED = '';

export function GamepadButtons({ layout, space, buttons, choices, busy, onAssign }: GamepadButtonsProps) {
  const t = useT();
  const language = useLanguage();
  const titleId = useId();
  const selectId = useId();
  const [selected, setSelected] = useState<number[]>([]);
  const nameOf = (code: number): string => {
    const choice = choices.find((c) => c.code === code);
    if (!choice) return String(code);
    return language === 'zh_CN' ? choice.zh : choice.en;
  };
  const printed = (id: number): string | undefined => {
    const code = layout?.keys.find((k) => k.id === id)?.code;
    return code === undefined ? undefined : space.describe(code).name;
  };
  const codes = new Set(selected.map((k) => buttons[k] ?? 0));
  const value = codes.size === 1 ? String([...codes][0]) : MIXED;

  return (
    <section className="panel gamepad-buttons" aria-labelledby={titleId}>
      <h2 className="panel__title" id={titleId}>
        {t('libhmk.gamepad.keys.title')}
      </h2>
      <p className="gamepad-note">{t('libhmk.gamepad.keys.hint')}</p>
      <div className="gamepad-buttons__drawing">
        <KeyboardDrawing
          layout={layout}
          space={space}
          mode="key_code"
          useMode={1}
          selected={selected}
          onSelectionChange={setSelected}
          label={t('libhmk.gamepad.drawing')}
          keyLabel={(id) => ((buttons[id] ?? 0) !== 0 ? nameOf(buttons[id]!) : printed(id))}
          keyFill={(id) => ((buttons[id] ?? 0) !== 0 ? 'var(--accent-soft)' : undefined)}
          keyDescription={(id) => t('libhmk.gamepad.key', printed(id) ?? `#${id}`, nameOf(buttons[id] ?? 0))}
        />
      </div>
      <div className="gamepad-buttons__choose">
        <span className="gamepad-buttons__count" aria-live="polite">
          {t('libhmk.gamepad.selected', String(selected.length))}
        </span>
        <label htmlFor={selectId}>{t('libhmk.gamepad.button')}</label>
        <select
          id={selectId}
          className="gamepad-select"
          value={value}
          disabled={busy || selected.length === 0}
          onChange={(e) => {
            if (e.target.value !== MIXED) onAssign(selected, Number(e.target.value));
          }}
        >
          {value === MIXED && <option value={MIXED}>{selected.length ? t('libhmk.gamepad.mixed') : '—'}</option>}
          {choices.map((c) => (
            <option key={c.code} value={String(c.code)}>
              {nameOf(c.code)}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}
