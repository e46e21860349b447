/**
 * A VIA colour: hue and saturation, 0-255 each (the keyboard's brightness is the value), as two sliders for exact
 * values, a swatch of the colour at full brightness and the product's colour picker (its brightness is not sent: the
 * keyboard's brightness slider owns it).
 */
import { useEffect, useState } from 'react';
import { useT } from '../../../i18n/store';
import { ColourDialog } from '../../widgets/colour-picker/ColourDialog';
import { hsvaToRgba, rgbaToHsva, type Rgba } from '../../widgets/colour-picker/colour-convert';
import { Slider } from '../../widgets/slider/Slider';

/** QMK's hue and saturation (0-255) as the RGB colour at full brightness, and back (the brightness dropped). */
export const qmkToRgba = (hue: number, saturation: number): Rgba =>
  hsvaToRgba({ h: (hue / 255) * 360, s: (saturation / 255) * 100, v: 100, a: 1 });

export function rgbaToQmk(rgba: Rgba, keepHue = 0): { hue: number; saturation: number } {
  const hsva = rgbaToHsva(rgba, { h: (keepHue / 255) * 360, s: 0, v: 100, a: 1 });
  return { hue: Math.round((hsva.h / 360) * 255) % 256, saturation: Math.round((hsva.s / 100) * 255) };
}

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
  const [picking, setPicking] = useState(false);
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
      <button type="button" className="button button--secondary" disabled={disabled} onClick={() => setPicking(true)}>
        {t('via.lighting.pickColour')}
      </button>
      <ColourDialog
        open={picking}
        onOpenChange={setPicking}
        initial={qmkToRgba(h, s)}
        alpha={false}
        title={label}
        onConfirm={({ rgba }) => {
          const next = rgbaToQmk(rgba, h);
          setH(next.hue);
          setS(next.saturation);
          onCommit(next.hue, next.saturation);
        }}
      />
    </fieldset>
  );
}
