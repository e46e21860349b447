/**
 * The value slider of the performance and lighting screens (spec-2 §2.5) on Radix Slider: a value label with its
 * unit, min and max labels, coloured zones, labelled split marks. It steps and clamps to its range. The thumb moves
 * with the keys of an ARIA slider (arrows one step, Page Up and Page Down ten, Home and End to the ends), each move
 * sent as it lands; the minus and plus buttons beside it step too, and Enter on the thumb (or a press on the value
 * above it) opens a field to type the value. The spec's "key presses on sliders are ignored" keeps the other keys
 * inert: a letter pressed on the keyboard being tuned never changes a focused slider.
 */
import { Slider as RadixSlider } from 'radix-ui';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { clampAndSnap, type SliderRange } from '../../../core/rules/numeric';
import { PlusIcon } from '../icons';
import {
  percentOf,
  percentSpan,
  stepValue,
  visibleMarks,
  visibleZones,
  withUnit,
  zoneAt,
  type SliderMark,
  type SliderZone,
} from './slider-scale';
import { useSliderTexts } from './slider-texts';
import { SliderValue } from './SliderValue';
import '../../styles/widgets.css';

export interface SliderProps {
  /** Visible name, also the accessible name of the slider. */
  label: string;
  /** Keeps the name for screen readers only, when a heading nearby already shows it. */
  hideLabel?: boolean;
  value: number;
  min: number;
  max: number;
  step: number;
  /** Shown after every number: "mm", "ms", "%". */
  unit?: string;
  zones?: readonly SliderZone[];
  marks?: readonly SliderMark[];
  disabled?: boolean;
  /** Every move, while dragging too. */
  onChange(value: number): void;
  /** When a drag ends or a step button is used: the moment to send the value to the device. */
  onCommit?(value: number): void;
  className?: string;
}

const MinusIcon = ({ size = 16 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d="M5 12h14" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" />
  </svg>
);

export function Slider({
  label,
  hideLabel = false,
  value,
  min,
  max,
  step,
  unit,
  zones = [],
  marks = [],
  disabled = false,
  onChange,
  onCommit,
  className,
}: SliderProps) {
  const t = useSliderTexts();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const thumb = useRef<HTMLSpanElement>(null);
  const onThumbKey = (event: KeyboardEvent) => {
    // The moving keys are Radix's own (it steps, clamps and commits each one); Enter opens the typed value.
    if (event.key === 'Enter' && !disabled) {
      event.preventDefault();
      setEditing(true);
    }
  };
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const range: SliderRange = { min, max, step };
  const current = clampAndSnap(value, range);
  const shownZones = visibleZones(zones, range);
  const shownMarks = visibleMarks(marks, range);
  const zone = zoneAt(current, shownZones);
  const format = (n: number) => withUnit(n, step, unit);
  const valueText = zone?.label ? t('widgets.slider.zone', format(current), zone.label) : format(current);

  const markText = (m: SliderMark) => (m.label ? t('widgets.slider.mark', format(m.value), m.label) : format(m.value));
  const description = [
    t('widgets.slider.range', format(min), format(max)),
    shownMarks.length > 0
      ? t(
          'widgets.slider.marks',
          shownMarks.map(markText).reduce((a, b) => t('widgets.slider.list', a, b)),
        )
      : '',
    t('widgets.slider.keys'),
  ]
    .filter(Boolean)
    .join(' ');

  const set = (next: number, commit: boolean) => {
    const snapped = clampAndSnap(next, range);
    if (snapped !== current) onChange(snapped);
    if (commit) onCommit?.(snapped);
  };
  const stepTo = (direction: 1 | -1) => {
    const next = stepValue(current, direction, range);
    if (next !== current) set(next, true);
  };

  return (
    <div className={`slider ${className ?? ''}`} data-disabled={disabled ? '' : undefined}>
      <div className="slider__head">
        <span id={labelId} className={hideLabel ? 'sr-only' : 'slider__label'}>
          {label}
        </span>
        <SliderValue
          label={label}
          value={current}
          range={range}
          disabled={disabled}
          format={format}
          unit={unit}
          editing={editing}
          setEditing={setEditing}
          onSet={(next) => set(next, true)}
          returnFocus={() => thumb.current?.focus()}
          chip={
            zone?.label && (
              <span className={`slider__chip slider__chip--${zone.tone}`} data-testid="slider-zone-chip">
                {zone.label}
              </span>
            )
          }
        />
      </div>
      <div className="slider__body">
        <button
          type="button"
          className="slider__step"
          aria-label={t('widgets.slider.decrease', label)}
          // aria-disabled keeps focus on the button when the value reaches its end of the range.
          aria-disabled={disabled || stepValue(current, -1, range) === current}
          onClick={() => !disabled && stepTo(-1)}
        >
          <MinusIcon />
        </button>
        <div className="slider__rail">
          <RadixSlider.Root
            className="slider__root"
            value={[current]}
            min={min}
            max={max}
            step={step}
            disabled={disabled}
            onKeyDown={onThumbKey}
            onValueChange={([next]) => next !== undefined && set(next, false)}
            onValueCommit={([next]) => next !== undefined && set(next, true)}
          >
            <RadixSlider.Track className="slider__track">
              {shownZones.map((z) => (
                <span
                  key={`${z.from}-${z.to}`}
                  className={`slider__zone slider__zone--${z.tone}`}
                  data-testid="slider-zone"
                  style={{
                    left: `${percentOf(z.from, range)}%`,
                    width: `${percentSpan(z.from, z.to, range)}%`,
                  }}
                />
              ))}
              <RadixSlider.Range className="slider__range" />
            </RadixSlider.Track>
            {shownMarks.map((m) => (
              <span
                key={m.value}
                className="slider__tick"
                aria-hidden="true"
                style={{ left: `${percentOf(m.value, range)}%` }}
              />
            ))}
            <RadixSlider.Thumb
              ref={thumb}
              className="slider__thumb"
              aria-labelledby={labelId}
              aria-valuetext={valueText}
              aria-describedby={descriptionId}
            />
          </RadixSlider.Root>
          <div className="slider__scale" aria-hidden="true">
            <span className="slider__end slider__end--min" data-testid="slider-min">
              {format(min)}
            </span>
            {shownMarks.map((m) => (
              <span
                key={m.value}
                className="slider__mark"
                data-testid="slider-mark"
                style={{ left: `${percentOf(m.value, range)}%` }}
              >
                {m.label ?? format(m.value)}
              </span>
            ))}
            <span className="slider__end slider__end--max" data-testid="slider-max">
              {format(max)}
            </span>
          </div>
        </div>
        <button
          type="button"
          className="slider__step"
          aria-label={t('widgets.slider.increase', label)}
          aria-disabled={disabled || stepValue(current, 1, range) === current}
          onClick={() => !disabled && stepTo(1)}
        >
          <PlusIcon size={16} />
        </button>
      </div>
      <span id={descriptionId} className="sr-only">
        {description}
      </span>
    </div>
  );
}

export type { SliderMark, SliderZone, ZoneTone } from './slider-scale';
