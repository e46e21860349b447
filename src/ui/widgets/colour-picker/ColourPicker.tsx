/**
 * The colour picker of the lighting screens: a saturation-value area, a hue bar and an alpha bar (react-colorful,
 * each reachable by Tab and moved with the keys of a slider, colour-keys.ts), a preview, and the colour as text in one of three formats:
 * hex, RGB or HSV. Text that breaks the spec's rules is marked with what to type instead and changes nothing.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { HsvaColorPicker, HsvColorPicker } from 'react-colorful';
import { TabPanel, TabStrip } from '../tab-strip/TabStrip';
import { useColourTexts, type ColourTextId } from './colour-texts';
import { colourAfterKey, colourPartOf } from './colour-keys';
import { applyField, fieldText, hsvaToHex, type ColourField, type FieldProblem, type Hsva } from './colour-convert';
import '../../styles/widgets.css';

export type ColourFormat = 'hex' | 'rgb' | 'hsv';

export interface ColourPickerProps {
  value: Hsva;
  onChange(colour: Hsva): void;
  /** Offer alpha (bar and field); without it the colour stays opaque. */
  alpha?: boolean;
  /** Told whether every field holds text that follows the rules, so a dialog can refuse OK. */
  onValidityChange?(valid: boolean): void;
}

const FORMATS: readonly ColourFormat[] = ['hex', 'rgb', 'hsv'];

const FIELDS: Record<ColourFormat, readonly ColourField[]> = {
  hex: ['hex'],
  rgb: ['r', 'g', 'b', 'a'],
  hsv: ['h', 's', 'v', 'a'],
};

const FIELD_LABEL: Record<ColourField, ColourTextId> = {
  hex: 'widgets.colour.hex',
  r: 'widgets.colour.red',
  g: 'widgets.colour.green',
  b: 'widgets.colour.blue',
  h: 'widgets.colour.hue',
  s: 'widgets.colour.saturation',
  v: 'widgets.colour.value',
  a: 'widgets.colour.alpha',
};

type Drafts = Partial<Record<ColourField, string>>;

export function ColourPicker({ value, onChange, alpha = true, onValidityChange }: ColourPickerProps) {
  const t = useColourTexts();
  const id = useId();
  const areaRef = useRef<HTMLDivElement>(null);
  const [format, setFormat] = useState<ColourFormat>('hex');
  // Text being typed, per field; a field without a draft shows the colour itself.
  const [drafts, setDrafts] = useState<Drafts>({});

  const problems = Object.fromEntries(
    Object.entries(drafts).map(([field, text]) => {
      const result = applyField(field as ColourField, text ?? '', value);
      return [field, result.ok ? undefined : result.problem];
    }),
  ) as Partial<Record<ColourField, FieldProblem>>;
  const valid = Object.values(problems).every((p) => p === undefined);

  useEffect(() => {
    onValidityChange?.(valid);
  }, [valid, onValidityChange]);

  // react-colorful names its controls in English; give them the catalogue's names in the current language. It
  // renders again on its own after a colour set from outside (a key, a field), so its attributes are watched too.
  const nameControls = useRef(() => {});
  nameControls.current = () => {
    const root = areaRef.current;
    if (!root) return;
    const set = (el: Element | null, attribute: string, text: string) => {
      if (el && el.getAttribute(attribute) !== text) el.setAttribute(attribute, text);
    };
    const name = (selector: string, label: string, text: string) => {
      const el = root.querySelector(`${selector} [role="slider"]`);
      set(el, 'aria-label', label);
      set(el, 'aria-valuetext', text);
    };
    // The area is two sliders in one; its value for assistive technology is the saturation, its text says both.
    const area = root.querySelector('.react-colorful__saturation [role="slider"]');
    set(area, 'aria-valuemin', '0');
    set(area, 'aria-valuemax', '100');
    set(area, 'aria-valuenow', String(Math.round(value.s)));
    name(
      '.react-colorful__saturation',
      t('widgets.colour.area'),
      t('widgets.colour.area.text', Math.round(value.s), Math.round(value.v)),
    );
    name('.react-colorful__hue', t('widgets.colour.hue.bar'), String(Math.round(value.h)));
    name('.react-colorful__alpha', t('widgets.colour.alpha.bar'), String(Math.round(value.a * 100) / 100));
  };
  useLayoutEffect(() => nameControls.current());
  useEffect(() => {
    const root = areaRef.current;
    if (!root) return;
    const watch = new MutationObserver(() => nameControls.current());
    watch.observe(root, { subtree: true, attributes: true, attributeFilter: ['aria-label', 'aria-valuetext'] });
    return () => watch.disconnect();
  }, []);

  const fromArea = (next: { h: number; s: number; v: number; a?: number }) => {
    setDrafts({});
    onChange({ h: next.h, s: next.s, v: next.v, a: alpha ? Math.round((next.a ?? 1) * 100) / 100 : 1 });
  };

  // Before react-colorful's own handler, which knows the arrows only.
  const onSliderKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !(event.target instanceof Element)) return;
    const part = colourPartOf(event.target);
    const next = part && colourAfterKey(part, event.key, value);
    if (!next) return;
    event.preventDefault();
    event.stopPropagation();
    fromArea(next);
  };

  const type = (field: ColourField, text: string) => {
    setDrafts((d) => ({ ...d, [field]: text }));
    const result = applyField(field, text, value);
    if (result.ok) onChange(alpha ? result.colour : { ...result.colour, a: 1 });
  };

  const settle = (field: ColourField) => {
    if (problems[field] === undefined) setDrafts(({ [field]: _settled, ...rest }) => rest);
  };

  const fields = FIELDS[format].filter((f) => alpha || f !== 'a');
  const hex = hsvaToHex(alpha ? value : { ...value, a: 1 }).toUpperCase();

  return (
    <div className="colour-picker">
      <div className="colour-picker__top">
        <div className="colour-picker__area" ref={areaRef} onKeyDownCapture={onSliderKey}>
          {alpha ? (
            <HsvaColorPicker color={value} onChange={fromArea} />
          ) : (
            <HsvColorPicker color={value} onChange={fromArea} />
          )}
        </div>
        <div className="colour-picker__preview" role="img" aria-label={t('widgets.colour.preview', hex)}>
          <span className="colour-picker__swatch" style={{ '--swatch': hex } as CSSProperties} />
          <span className="colour-picker__hex" aria-hidden="true">
            {hex}
          </span>
        </div>
      </div>
      <TabStrip
        label={t('widgets.colour.format')}
        tabs={FORMATS.map((f) => ({ value: f, label: t(`widgets.colour.format.${f}`) }))}
        value={format}
        onValueChange={(next) => {
          setDrafts({});
          setFormat(next as ColourFormat);
        }}
      >
        {FORMATS.map((f) => (
          <TabPanel key={f} value={f} className="colour-picker__fields">
            {f === format &&
              fields.map((field) => {
                const inputId = `${id}-${field}`;
                const problem = problems[field];
                return (
                  <div key={field} className={`field colour-picker__field colour-picker__field--${field}`}>
                    <label htmlFor={inputId}>{t(FIELD_LABEL[field])}</label>
                    <input
                      id={inputId}
                      className="input"
                      type="text"
                      inputMode={field === 'hex' ? 'text' : 'decimal'}
                      autoComplete="off"
                      spellCheck={false}
                      value={drafts[field] ?? fieldText(field, value)}
                      aria-invalid={problem ? true : undefined}
                      aria-describedby={problem ? `${inputId}-error` : undefined}
                      onChange={(e) => type(field, e.target.value)}
                      onBlur={() => settle(field)}
                    />
                    {problem && (
                      <span id={`${inputId}-error`} className="field__error">
                        {t(problem.id, ...problem.values)}
                      </span>
                    )}
                  </div>
                );
              })}
          </TabPanel>
        ))}
      </TabStrip>
    </div>
  );
}
