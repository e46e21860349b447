/**
 * The colour picker's model: HSVA as the picker holds it (hue 0-360, saturation and value 0-100, alpha 0-1), RGBA as
 * the device takes it, and the text of each field of the custom colour dialog with its rule (spec-1 §5: hex as 6 or 8
 * hex digits with an optional #, RGB 0-255, hue 0-360, saturation and value 0-100, alpha 0-1 step 0.01).
 */
import {
  checkAlpha,
  checkHue,
  checkPercent,
  checkRgbChannel,
  formatHexColour,
  parseHexColour,
  type Rgba,
} from '../../../core/rules/colour';
import type { RuleResult } from '../../../core/rules/result';
import type { ColourTextId } from './colour-texts';

export type { Rgba };

export interface Hsva {
  h: number;
  s: number;
  v: number;
  a: number;
}

export type ColourField = 'hex' | 'r' | 'g' | 'b' | 'h' | 's' | 'v' | 'a';

/** A catalogue id and its values: what to tell the user about a field. */
export interface FieldProblem {
  id: ColourTextId;
  values: (string | number)[];
}

export type FieldResult = { ok: true; colour: Hsva } | { ok: false; problem: FieldProblem };

const round2 = (n: number): number => Math.round(n * 100) / 100;

export function hsvaToRgba({ h, s, v, a }: Hsva): Rgba {
  const sat = s / 100;
  const val = v / 100;
  const hue = (((h % 360) + 360) % 360) / 60;
  const chroma = val * sat;
  const x = chroma * (1 - Math.abs((hue % 2) - 1));
  const [r1, g1, b1] =
    hue < 1
      ? [chroma, x, 0]
      : hue < 2
        ? [x, chroma, 0]
        : hue < 3
          ? [0, chroma, x]
          : hue < 4
            ? [0, x, chroma]
            : hue < 5
              ? [x, 0, chroma]
              : [chroma, 0, x];
  const m = val - chroma;
  const byte = (n: number) => Math.round((n + m) * 255);
  return { r: byte(r1), g: byte(g1), b: byte(b1), a: round2(a) };
}

/**
 * RGBA to HSVA. Grey has no hue and black no saturation: those are taken from `keep`, so typing a grey does not throw
 * away the hue the user picked.
 */
export function rgbaToHsva({ r, g, b, a }: Rgba, keep?: Hsva): Hsva {
  const [rf, gf, bf] = [r / 255, g / 255, b / 255];
  const max = Math.max(rf, gf, bf);
  const delta = max - Math.min(rf, gf, bf);
  let h: number;
  if (delta === 0) h = keep?.h ?? 0;
  else if (max === rf) h = 60 * (((gf - bf) / delta + 6) % 6);
  else if (max === gf) h = 60 * ((bf - rf) / delta + 2);
  else h = 60 * ((rf - gf) / delta + 4);
  const s = max === 0 ? (keep?.s ?? 0) : (delta / max) * 100;
  return { h, s, v: max * 100, a: round2(a) };
}

export function hsvaToHex(colour: Hsva): string {
  return formatHexColour(hsvaToRgba(colour));
}

/** What a field shows for a colour. */
export function fieldText(field: ColourField, colour: Hsva): string {
  switch (field) {
    case 'hex':
      return hsvaToHex(colour).toUpperCase();
    case 'r':
    case 'g':
    case 'b':
      return String(hsvaToRgba(colour)[field]);
    case 'h':
    case 's':
    case 'v':
      return String(Math.round(colour[field]));
    case 'a':
      return String(round2(colour.a));
  }
}

/** Plain decimal numbers only: no sign, exponent, spaces inside or empty text. */
function readNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return /^(\d+(\.\d+)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : undefined;
}

const RULES: Record<Exclude<ColourField, 'hex'>, { check(n: number): RuleResult; problem: FieldProblem }> = {
  r: { check: checkRgbChannel, problem: { id: 'widgets.colour.integer.invalid', values: [0, 255] } },
  g: { check: checkRgbChannel, problem: { id: 'widgets.colour.integer.invalid', values: [0, 255] } },
  b: { check: checkRgbChannel, problem: { id: 'widgets.colour.integer.invalid', values: [0, 255] } },
  h: { check: checkHue, problem: { id: 'widgets.colour.number.invalid', values: [0, 360] } },
  s: { check: checkPercent, problem: { id: 'widgets.colour.number.invalid', values: [0, 100] } },
  v: { check: checkPercent, problem: { id: 'widgets.colour.number.invalid', values: [0, 100] } },
  a: { check: checkAlpha, problem: { id: 'widgets.colour.alpha.invalid', values: [] } },
};

/** The colour after typing `text` into `field`, or what is wrong with the text. */
export function applyField(field: ColourField, text: string, current: Hsva): FieldResult {
  if (field === 'hex') {
    const parsed = parseHexColour(text);
    return parsed.ok
      ? { ok: true, colour: rgbaToHsva(parsed.value, current) }
      : { ok: false, problem: { id: 'widgets.colour.hex.invalid', values: [] } };
  }
  const rule = RULES[field];
  const n = readNumber(text);
  if (n === undefined || !rule.check(n).ok) return { ok: false, problem: rule.problem };
  if (field === 'r' || field === 'g' || field === 'b') {
    return { ok: true, colour: rgbaToHsva({ ...hsvaToRgba(current), [field]: n }, current) };
  }
  return { ok: true, colour: { ...current, [field]: n } };
}
