/**
 * Keys to gamepad buttons: select keys on the drawing (each bound key shows its button), then choose the button or
 * stick direction they press from the keyboard's own list, named in the app's language.
 */
import { Fragment, useId, useState } from 'react';
import type { DeviceLayout } from '../../../core/device-features';
import type { KeycodeSpace } from '../../../core/keycode-spaces/types';
import { useLanguage, useT } from '../../../i18n/store';
import type { KeyRect } from '../../keyboard/geometry';
import { KeyboardDrawing } from '../../keyboard/KeyboardDrawing';
import { Tip } from '../../widgets/Tip';
import { CAP_LINE_HEIGHT, capLegend } from './cap-legend';

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

/** A bound key's cap: the button's name in lines that fit it, with the whole name as its tooltip. */
function ButtonCap({ rect, name }: { rect: KeyRect; name: string }) {
  const { lines, fontSize, joiner } = capLegend(name, rect);
  const lineHeight = fontSize * CAP_LINE_HEIGHT;
  const top = rect.y + rect.h / 2 - ((lines.length - 1) * lineHeight) / 2;
  const x = rect.x + rect.w / 2;
  return (
    <Tip content={name}>
      <g className="gamepad-cap" data-testid="gamepad-cap">
        <rect
          className="gamepad-cap__hit"
          fill="transparent"
          x={rect.x}
          y={rect.y}
          width={rect.w}
          height={rect.h}
          rx={rect.rx}
          aria-hidden="true"
        />
        <text className="kb-key__legend" fontSize={fontSize} aria-hidden="true">
          {/* Joined as written ("Left stick right", "右摇杆按下"), the lines still read as the name. */}
          {lines.map((line, i) => (
            <Fragment key={i}>
              {i > 0 && joiner}
              <tspan x={x} y={top + i * lineHeight}>
                {line}
              </tspan>
            </Fragment>
          ))}
        </text>
      </g>
    </Tip>
  );
}

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
          // A bound key's name is drawn by ButtonCap, in lines that fit its cap.
          keyLabel={(id) => ((buttons[id] ?? 0) !== 0 ? '' : printed(id))}
          renderKey={(id, rect) =>
            (buttons[id] ?? 0) !== 0 ? <ButtonCap rect={rect} name={nameOf(buttons[id]!)} /> : null
          }
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
