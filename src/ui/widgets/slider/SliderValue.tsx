/**
 * The value shown above a slider, and the keyboard's way to type one: the thumb ignores the keys that would move it
 * (spec-2 §2.5), so 180 presses of plus would be the only way from 1.20 to 3.00 mm. Pressing the value (or Enter on
 * the thumb) opens a number field; Enter sets a value inside the range and on the step grid, Escape leaves, and a
 * bad value is refused with a message that says what the slider takes, changing nothing.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { formatSliderValue, type SliderRange } from '../../../core/rules/numeric';
import { parseTypedValue, withUnit } from './slider-scale';
import { useSliderTexts } from './slider-texts';

export interface SliderValueProps {
  label: string;
  value: number;
  range: SliderRange;
  disabled: boolean;
  /** The value with its unit, as shown. */
  format(value: number): string;
  unit: string | undefined;
  /** The zone chip beside the number. */
  chip?: ReactNode;
  editing: boolean;
  setEditing(editing: boolean): void;
  onSet(value: number): void;
  /** Where focus goes when the field closes: the thumb. */
  returnFocus(): void;
}

export function SliderValue(props: SliderValueProps) {
  const { label, value, range, disabled, format, unit, chip, editing, setEditing } = props;
  const t = useSliderTexts();
  // Undefined until the person types: the field opens on the slider's value.
  const [typed, setDraft] = useState<string | undefined>(undefined);
  const draft = typed ?? formatSliderValue(value, range.step);
  const [invalid, setInvalid] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  /** Set once Enter or Escape has settled the field, so the blur of closing it sets nothing a second time. */
  const settled = useRef(false);
  const name = t('widgets.slider.type', label);
  const errorId = `${label.replace(/\W+/g, '-')}-typed-error`;

  // Before the browser paints the field: the whole number selected, so the first key typed replaces it.
  useLayoutEffect(() => {
    if (!editing) return;
    settled.current = false;
    field.current?.focus();
    field.current?.select();
  }, [editing]);

  // Escape in the field closes the field only, not a dialog around the slider: dialogs listen on the document, so
  // the field's own listener runs first, on the window, while it is open.
  useEffect(() => {
    if (!editing) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== field.current) return;
      event.stopPropagation();
      event.preventDefault();
      close();
    };
    addEventListener('keydown', onKey, true);
    return () => removeEventListener('keydown', onKey, true);
  });

  const close = () => {
    settled.current = true;
    setEditing(false);
    setInvalid(false);
    setDraft(undefined);
    props.returnFocus();
  };
  const submit = () => {
    const next = parseTypedValue(draft, range);
    if (next === undefined) {
      setInvalid(true);
      return;
    }
    props.onSet(next);
    close();
  };

  if (!editing)
    return (
      <span className="slider__value">
        <button
          type="button"
          className="slider__number"
          aria-label={name}
          disabled={disabled}
          onClick={() => setEditing(true)}
        >
          {format(value)}
        </button>
        {chip}
      </span>
    );
  return (
    <span className="slider__value slider__value--editing">
      <input
        ref={field}
        className="input slider__input"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        aria-label={name}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        value={draft}
        size={Math.max(4, formatSliderValue(range.max, range.step).length + 1)}
        onChange={(event) => {
          setDraft(event.target.value);
          setInvalid(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            submit();
          }
        }}
        onBlur={() => {
          if (settled.current) return;
          // Leaving with a good value sets it; a bad one is dropped, the slider keeps its value.
          const next = parseTypedValue(draft, range);
          if (next !== undefined && next !== value) props.onSet(next);
          setEditing(false);
          setInvalid(false);
          setDraft(undefined);
        }}
      />
      {unit && <span className="slider__unit">{unit}</span>}
      {invalid && (
        <span id={errorId} className="slider__error" role="alert">
          {t('widgets.slider.invalid', format(range.min), format(range.max), withUnit(range.step, range.step, unit))}
        </span>
      )}
    </span>
  );
}
