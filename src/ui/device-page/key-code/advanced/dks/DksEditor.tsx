/**
 * DKS editor (spec-1 §2, §5, §9): 4 or 8 rows of a key and four stage marks, the top and bottom trigger travel, and
 * the tick mode with one or two digit-only fields. OK runs the core save rules and shows their toast when refused.
 */
import '../texts';
import { RadioGroup, Slider } from 'radix-ui';
import { useId, useState } from 'react';
import { addDksRow, canAddDksRow, dksRowHasKey, type DksItem, type DksRow } from '../../../../../core/advanced-keys';
import type { KeycodeSpace } from '../../../../../core/keycode-spaces/types';
import { checkDksSave } from '../../../../../core/rules/dks';
import { clampAndSnap, digitsOnly, formatSliderValue } from '../../../../../core/rules/numeric';
import { useT } from '../../../../../i18n/store';
import { useContextSpace } from '../../../../keycode-space';
import { PlusIcon } from '../../../../widgets/icons';
import { showRefusal } from '../actions';
import { CodePicker } from '../CodePicker';
import type { EditorProps } from '../EditorHost';
import { EditorFrame } from '../EditorFrame';
import { descriptorFor } from '../keys';
import { DksTrack, STAGE_LABELS } from './DksTrack';

const TRAVEL_STEP = 0.1;
const TRAVEL_MIN = 0.1;

function withKey(row: DksRow, code: number, space: KeycodeSpace): DksRow {
  return { ...row, ...descriptorFor(code, space), ...(code === space.none ? { name: '', alias: '' } : {}) };
}

export function DksEditor(props: EditorProps<DksItem>) {
  const { item: initial, info, advanced = {}, minTravelMm, busy, note, onSave, onCancel } = props;
  const t = useT();
  const ids = useId();
  const { space } = useContextSpace();
  const maxTrigger = info.dksMaxTrigger;
  // A device that stores travel on its own steps says so; a point is then shown as the keyboard holds it.
  const deviceStep = advanced.dksStepMm;
  const step = deviceStep ?? TRAVEL_STEP;
  const range = { min: deviceStep === undefined ? TRAVEL_MIN : (minTravelMm ?? step), max: maxTrigger, step };
  const held = (mm: number) =>
    deviceStep === undefined ? clampAndSnap(mm, range) : Math.min(range.max, Math.max(range.min, mm));
  const topFixed = advanced.dksTopIsActuation === true;
  const ticks = advanced.dksTicks !== false;
  const [item, setItem] = useState<DksItem>(() => ({
    ...initial,
    top_level: topFixed ? initial.top_level : held(initial.top_level),
    bottom_level: held(initial.bottom_level),
  }));
  const [tickMin, setTickMin] = useState(String(initial.tick_min));
  const [tickMax, setTickMax] = useState(String(initial.tick_max));
  const [picking, setPicking] = useState<number | null>(null);

  const setRow = (index: number, row: DksRow) =>
    setItem((it) => ({ ...it, display: it.display.map((r, i) => (i === index ? row : r)) }));

  const save = () => {
    const min = tickMin === '' ? Number.NaN : Number(tickMin);
    const max = item.tick_type === 0 ? min : tickMax === '' ? Number.NaN : Number(tickMax);
    const next: DksItem = { ...item, tick_min: min, tick_max: max };
    const verdict = checkDksSave(next, { slotCount: info.dksSlotCount, maxTrigger });
    if (!verdict.ok) {
      showRefusal(verdict);
      return;
    }
    onSave(next);
  };

  const pickingRow = picking === null ? undefined : item.display[picking];

  return (
    <EditorFrame
      type="dks"
      title={initial.id_num < 0 ? t('adv.dks.title.new') : t('adv.dks.title.edit')}
      description={t('adv.dks.help')}
      note={note}
      busy={busy}
      onOk={save}
      onCancel={onCancel}
    >
      <fieldset className="adv-section">
        <legend className="adv-section__title">{t('adv.dks.travel')}</legend>
        <div className="dks-travel">
          <Slider.Root
            className="adv-slider"
            min={range.min}
            max={maxTrigger}
            step={step}
            minStepsBetweenThumbs={1}
            value={topFixed ? [item.bottom_level] : [item.top_level, item.bottom_level]}
            onValueChange={(values) => {
              const [top, bottom] = topFixed ? [item.top_level, values[0]] : values;
              setItem((it) => ({
                ...it,
                top_level: topFixed ? it.top_level : clampAndSnap(top ?? it.top_level, range),
                bottom_level: clampAndSnap(bottom ?? it.bottom_level, range),
              }));
            }}
          >
            <Slider.Track className="adv-slider__track">
              <Slider.Range className="adv-slider__range" />
            </Slider.Track>
            {!topFixed && <Slider.Thumb className="adv-slider__thumb" aria-label={t('adv.dks.top')} />}
            <Slider.Thumb className="adv-slider__thumb" aria-label={t('adv.dks.bottom')} />
          </Slider.Root>
          <dl className="dks-travel__values">
            <div>
              <dt>{t(topFixed ? 'adv.dks.top.actuation' : 'adv.dks.top')}</dt>
              <dd data-testid="dks-top">
                {/* A new item's top point is the key's, known once the item sits on it. */}
                {topFixed && initial.id_num < 0 ? '—' : t('adv.mm', formatSliderValue(item.top_level, step))}
              </dd>
            </div>
            <div>
              <dt>{t('adv.dks.bottom')}</dt>
              <dd data-testid="dks-bottom">{t('adv.mm', formatSliderValue(item.bottom_level, step))}</dd>
            </div>
            <div>
              <dt>{t('adv.dks.max')}</dt>
              <dd>{t('adv.mm', formatSliderValue(maxTrigger, step))}</dd>
            </div>
          </dl>
          {deviceStep !== undefined && <p className="adv-field__hint">{t('adv.dks.steps', deviceStep)}</p>}
        </div>
      </fieldset>

      <fieldset className="adv-section">
        <legend className="adv-section__title">{t('adv.dks.rows', item.display.length, info.dksSlotCount)}</legend>
        <div className="dks-grid" role="presentation">
          <div className="dks-grid__head" aria-hidden="true">
            <span>{t('adv.dks.key')}</span>
            <span className="dks-grid__stages">
              {STAGE_LABELS.map((id) => (
                <span key={id}>{t(id)}</span>
              ))}
            </span>
          </div>
          {item.display.map((row, i) => (
            <div className="dks-grid__row" key={i} data-row={i + 1}>
              <button
                type="button"
                className={`dks-key ${picking === i ? 'dks-key--active' : ''}`}
                aria-expanded={picking === i}
                aria-controls={`${ids}-picker`}
                aria-label={t('adv.dks.key.label', i + 1, dksRowHasKey(row) ? row.name : t('adv.dks.key.none'))}
                onClick={() => setPicking(picking === i ? null : i)}
              >
                {dksRowHasKey(row) ? row.name : t('adv.dks.key.choose')}
              </button>
              <DksTrack row={row} rowNumber={i + 1} onChange={(r) => setRow(i, r)} />
            </div>
          ))}
        </div>
        {canAddDksRow(item, info.dksSlotCount) && (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => setItem((it) => addDksRow(it, info.dksSlotCount))}
          >
            <PlusIcon size={16} />
            {t('adv.dks.add.row')}
          </button>
        )}
        {picking !== null && pickingRow && (
          <div className="adv-picker-panel" id={`${ids}-picker`}>
            <div className="adv-picker-panel__head">
              <span>{t('adv.dks.picking', picking + 1)}</span>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => setRow(picking, withKey(pickingRow, space.none, space))}
              >
                {t('adv.dks.key.clear')}
              </button>
              <button type="button" className="button button--ghost button--small" onClick={() => setPicking(null)}>
                {t('adv.picker.done')}
              </button>
            </div>
            <CodePicker
              onPick={(code) => {
                setRow(picking, withKey(pickingRow, code, space));
                setPicking(null);
              }}
            />
          </div>
        )}
      </fieldset>

      {ticks && (
        <fieldset className="adv-section">
          <legend className="adv-section__title">{t('adv.dks.tick')}</legend>
          <RadioGroup.Root
            className="adv-radio-row"
            value={String(item.tick_type)}
            aria-label={t('adv.dks.tick')}
            onValueChange={(v) => setItem((it) => ({ ...it, tick_type: v === '1' ? 1 : 0 }))}
          >
            {(['0', '1'] as const).map((v) => (
              <label key={v} className="adv-radio">
                <RadioGroup.Item value={v} className="adv-radio__item">
                  <RadioGroup.Indicator className="adv-radio__dot" />
                </RadioGroup.Item>
                {t(v === '0' ? 'adv.dks.tick.static' : 'adv.dks.tick.dynamic')}
              </label>
            ))}
          </RadioGroup.Root>
          <div className="adv-fields">
            <div className="field">
              <label htmlFor={`${ids}-tmin`}>
                {t(item.tick_type === 0 ? 'adv.dks.tick.value' : 'adv.dks.tick.min')}
              </label>
              <input
                id={`${ids}-tmin`}
                className="input adv-input--short"
                inputMode="numeric"
                value={tickMin}
                onChange={(e) => setTickMin(digitsOnly(e.target.value))}
              />
            </div>
            {item.tick_type === 1 && (
              <div className="field">
                <label htmlFor={`${ids}-tmax`}>{t('adv.dks.tick.max')}</label>
                <input
                  id={`${ids}-tmax`}
                  className="input adv-input--short"
                  inputMode="numeric"
                  value={tickMax}
                  onChange={(e) => setTickMax(digitsOnly(e.target.value))}
                />
              </div>
            )}
          </div>
        </fieldset>
      )}
    </EditorFrame>
  );
}
