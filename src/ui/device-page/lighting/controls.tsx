/** Small labelled controls the lighting panels share: an on/off switch, a list of choices, colour swatches, a note. */
import { RadioGroup } from 'radix-ui';
import { useId, type ReactNode } from 'react';

export { OnOff } from '../../widgets/OnOff';

export interface Choice {
  value: string;
  label: string;
}

/** A radio group drawn as a row of chips; arrow keys move between them. */
export function ChoiceList({
  label,
  choices,
  value,
  onChange,
  hideLabel = false,
}: {
  label: string;
  choices: readonly Choice[];
  value: string | undefined;
  onChange(value: string): void;
  hideLabel?: boolean;
}) {
  const id = useId();
  return (
    <div className="led-field">
      <span id={id} className={hideLabel ? 'sr-only' : 'led-field__label'}>
        {label}
      </span>
      <RadioGroup.Root
        className="led-choices"
        aria-labelledby={id}
        value={value ?? ''}
        onValueChange={onChange}
        orientation="horizontal"
      >
        {choices.map((c) => (
          <RadioGroup.Item key={c.value} value={c.value} className="led-choice">
            {c.label}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}

/** A labelled native dropdown: the keyboard and screen readers handle it as the platform's own list box. */
export function Dropdown({
  label,
  choices,
  value,
  onChange,
}: {
  label: string;
  choices: readonly Choice[];
  value: string;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <div className="led-field">
      <label htmlFor={id} className="led-field__label">
        {label}
      </label>
      <select id={id} className="led-dropdown" value={value} onChange={(e) => onChange(e.target.value)}>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export interface Swatch {
  hex: string;
  name: string;
}

/** Colour buttons; `current` marks the one in use (aria-pressed). Empty slots show as disabled placeholders. */
export function SwatchRow({
  label,
  swatches,
  current,
  onPick,
  emptySlots = 0,
  emptyLabel = '',
  after,
}: {
  label: string;
  swatches: readonly Swatch[];
  current?: string | undefined;
  onPick(hex: string): void;
  emptySlots?: number;
  emptyLabel?: string;
  after?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="led-field">
      <span id={id} className="led-field__label">
        {label}
      </span>
      <div className="led-swatches" role="group" aria-labelledby={id}>
        {swatches.map((s, i) => (
          <button
            key={`${s.hex}-${i}`}
            type="button"
            className="led-swatch"
            style={{ background: s.hex }}
            aria-label={s.name}
            title={s.name}
            aria-pressed={current === undefined ? undefined : current.toLowerCase() === s.hex.toLowerCase()}
            data-hex={s.hex}
            onClick={() => onPick(s.hex)}
          />
        ))}
        {Array.from({ length: emptySlots }, (_, i) => (
          <span key={`empty-${i}`} className="led-swatch led-swatch--empty" role="img" aria-label={emptyLabel} />
        ))}
        {after}
      </div>
    </div>
  );
}

export function Note({ tone, children }: { tone: 'info' | 'warn'; children: ReactNode }) {
  return (
    <p className={`led-note led-note--${tone}`} role={tone === 'warn' ? 'note' : 'status'}>
      {children}
    </p>
  );
}
