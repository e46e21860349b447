/**
 * Pressing keys of a virtual keyboard from the drawing (press_key): a switch that turns the drawing from selecting
 * keys to pressing them, and the depth each press goes to (0.1-4.0 mm). Shown for virtual keyboards only, so macro
 * recording, and any screen that follows key presses, works with no keyboard at hand.
 */
import { useId } from 'react';
import { tx } from '../../../../i18n/sections/keycode-extra';
import { useT } from '../../../../i18n/store';

export const PRESS_DEPTH = { min: 0.1, max: 4, step: 0.1, default: 2 } as const;

/** The depth as the control shows it: one decimal. */
export function formatDepth(mm: number): string {
  return mm.toFixed(1);
}

/** A typed or slid depth, kept within 0.1-4.0 mm on a 0.1 mm step. */
export function clampDepth(mm: number): number {
  if (!Number.isFinite(mm)) return PRESS_DEPTH.default;
  const stepped = Math.round(mm / PRESS_DEPTH.step) * PRESS_DEPTH.step;
  return Number(Math.min(PRESS_DEPTH.max, Math.max(PRESS_DEPTH.min, stepped)).toFixed(1));
}

/** The depth control, and with `onToggle` the switch between selecting and pressing keys. */
export function PressPanel(props: {
  on?: boolean;
  depth: number;
  onToggle?(on: boolean): void;
  onDepth(mm: number): void;
}) {
  const on = props.on ?? true;
  const t = useT();
  const ids = useId();
  return (
    <div className="press-panel" role="group" aria-label={tx(t, 'keycode.press.group')}>
      {props.onToggle && (
        <button
          type="button"
          className={`button button--small ${on ? 'button--primary' : 'button--secondary'}`}
          aria-pressed={on}
          onClick={() => props.onToggle?.(!on)}
        >
          {tx(t, 'keycode.press.toggle')}
        </button>
      )}
      <div className="press-panel__depth">
        <label htmlFor={`${ids}-depth`}>{tx(t, 'keycode.press.depth')}</label>
        <input
          id={`${ids}-depth`}
          type="range"
          min={PRESS_DEPTH.min}
          max={PRESS_DEPTH.max}
          step={PRESS_DEPTH.step}
          value={props.depth}
          aria-valuetext={tx(t, 'keycode.press.depth.value', formatDepth(props.depth))}
          onChange={(e) => props.onDepth(clampDepth(Number(e.target.value)))}
        />
        <span className="press-panel__value" aria-hidden="true">
          {tx(t, 'keycode.press.depth.value', formatDepth(props.depth))}
        </span>
      </div>
      {on && <p className="press-panel__hint">{tx(t, 'keycode.press.hint', formatDepth(props.depth))}</p>}
    </div>
  );
}
