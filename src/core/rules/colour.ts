/**
 * Colour entry rules of the custom-colour dialog (spec-1 §5): hex text, RGB, HSV and alpha ranges.
 */
import { channelHex, rgbToHex } from '../colour.ts';
import { TOAST_KEYS } from '../toast-keys.ts';
import { OK, accept, fail, type RuleResult, type ValueResult } from './result.ts';
import { checkNumber, onStep } from './numeric.ts';

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0-1 in steps of 0.01. */
  a: number;
}

const COLOUR_LIMITS = {
  channelMax: 255,
  hueMax: 360,
  saturationMax: 100,
  valueMax: 100,
  alphaMax: 1,
  alphaStep: 0.01,
} as const;

const HEX = /^#?([0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Six or eight hex digits with an optional leading #; surrounding spaces are forgiven. */
export function isHexColourText(text: string): boolean {
  return HEX.test(text.trim());
}

/** Reads "#RRGGBB" or "#RRGGBBAA"; eight digits carry alpha, rounded to the 0.01 alpha step. */
export function parseHexColour(text: string): ValueResult<Rgba> {
  const m = HEX.exec(text.trim());
  if (!m) return fail(TOAST_KEYS.invalidArgs);
  const digits = m[1] ?? '';
  const byte = (i: number): number => parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  const a = digits.length === 8 ? Math.round((byte(3) / 255) * 100) / 100 : 1;
  return accept({ r: byte(0), g: byte(1), b: byte(2), a });
}

/** Normal form "#rrggbb" (or "#rrggbbaa" when alpha is below 1). */
export function formatHexColour(c: Rgba): string {
  return `${rgbToHex(c)}${c.a < 1 ? channelHex(c.a * 255) : ''}`;
}

export function checkRgbChannel(n: number): RuleResult {
  return checkNumber(n, 0, COLOUR_LIMITS.channelMax, { integer: true });
}

export function checkRgb(r: number, g: number, b: number): RuleResult {
  return [r, g, b].every((n) => checkRgbChannel(n).ok) ? OK : fail(TOAST_KEYS.invalidArgs);
}

export function checkHue(h: number): RuleResult {
  return checkNumber(h, 0, COLOUR_LIMITS.hueMax);
}

/** Saturation or value, both 0-100. */
export function checkPercent(n: number): RuleResult {
  return checkNumber(n, 0, COLOUR_LIMITS.saturationMax);
}

export function checkHsv(h: number, s: number, v: number): RuleResult {
  return checkHue(h).ok && checkPercent(s).ok && checkPercent(v).ok ? OK : fail(TOAST_KEYS.invalidArgs);
}

export function checkAlpha(a: number): RuleResult {
  const r = checkNumber(a, 0, COLOUR_LIMITS.alphaMax);
  return r.ok && !onStep(a, 0, COLOUR_LIMITS.alphaStep) ? fail(TOAST_KEYS.invalidArgs) : r;
}

export function checkRgba(c: Rgba): RuleResult {
  return checkRgb(c.r, c.g, c.b).ok && checkAlpha(c.a).ok ? OK : fail(TOAST_KEYS.invalidArgs);
}
