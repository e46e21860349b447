/**
 * A VIA colour: hue and saturation, 0-255 each (the keyboard's brightness is the value), as two sliders and a swatch
 * of the colour at full brightness.
 */
import { useEffect, useState } from 'react';
import { useT } from '../../../i18n/store';
import { Slider } from '../../widgets/slider/Slider';

/** The CSS colour of a VIA hue and saturation at full value (HSV to HSL). */
export function swatchColour(hue: number, saturation: number): string {
  const s = saturation / 255;
  const l = 1 - s / 2;
  const sl = l === 0 || l === 1 ? 0 : (1 - l) / Math.min(l, 1 - l);
  return `hsl(${Math.round((hue / 255) * 360)} ${Math.round(sl * 100)}% ${Math.round(l * 100)}%)`;
}

export function HueSaturation({
  label,
  hue,
  saturation,
  disabled,
  onCommit,
}: {
  label: string;
  hue: number;
  saturation: number;
  disabled?: boolean;
  onCommit(hue: number, saturation: number): void;
}) {
  const t = useT();
  const [h, setH] = useState(hue);
  const [s, setS] = useState(saturation);
  useEffect(() => {
    setH(hue);
    setS(saturation);
  }, [hue, saturation]);
  return (
    <fieldset className="via-colour">
      <legend className="via-colour__legend">
        {label}
        <span className="via-colour__swatch" style={{ background: swatchColour(h, s) }} aria-hidden="true" />
      </legend>
      <Slider
        label={t('via.lighting.hue')}
        value={h}
        min={0}
        max={255}
        step={1}
        disabled={disabled}
        onChange={setH}
        onCommit={(v) => onCommit(v, s)}
      />
      <Slider
        label={t('via.lighting.saturation')}
        value={s}
        min={0}
        max={255}
        step={1}
        disabled={disabled}
        onChange={setS}
        onCommit={(v) => onCommit(h, v)}
      />
    </fieldset>
  );
}
