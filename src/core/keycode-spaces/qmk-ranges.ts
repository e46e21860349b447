/**
 * Where QMK's parametric codes live, per numbering. Before the 2022 renumbering (VIA protocol 9 and 10) and after
 * it (protocol 11; protocol 12 moved the macros to 0x7700 and the keyboard's own codes to 0x7E00). Numbers from
 * QMK's quantum_keycodes.h / keycodes.h of each era and the-via/app's key-to-byte dictionaries.
 */

export interface Span {
  start: number;
  end: number;
}

export interface QmkRanges {
  mods: Span;
  modTap: Span;
  layerTap: Span;
  /** LM(layer, mods): layer in the bits above `modBits`. */
  layerMod: Span & { modBits: number };
  to: Span;
  momentary: Span;
  defaultLayer: Span;
  toggle: Span;
  oneShotLayer: Span;
  oneShotMod: Span;
  tapToggle: Span;
  macro: Span;
  custom: Span;
  tapDance: Span;
  swapHands: Span;
  unicode: Span;
  /** Old QMK's TO() sets bit 4 ("on press"); the new numbering has no such bit. */
  toOnPress: number;
}

const span = (start: number, end: number): Span => ({ start, end });

export const OLD_RANGES: QmkRanges = {
  mods: span(0x0100, 0x1fff),
  modTap: span(0x6000, 0x7fff),
  layerTap: span(0x4000, 0x4fff),
  layerMod: { ...span(0x5900, 0x59ff), modBits: 4 },
  to: span(0x5000, 0x501f),
  momentary: span(0x5100, 0x511f),
  defaultLayer: span(0x5200, 0x521f),
  toggle: span(0x5300, 0x531f),
  oneShotLayer: span(0x5400, 0x541f),
  oneShotMod: span(0x5500, 0x55ff),
  swapHands: span(0x5600, 0x56ff),
  tapDance: span(0x5700, 0x57ff),
  tapToggle: span(0x5800, 0x581f),
  macro: span(0x5f12, 0x5f21),
  custom: span(0x5f80, 0x5f8f),
  unicode: span(0x8000, 0xffff),
  toOnPress: 0x10,
};

const NEW_COMMON = {
  mods: span(0x0100, 0x1fff),
  modTap: span(0x2000, 0x3fff),
  layerTap: span(0x4000, 0x4fff),
  layerMod: { ...span(0x5000, 0x51ff), modBits: 5 },
  to: span(0x5200, 0x521f),
  momentary: span(0x5220, 0x523f),
  defaultLayer: span(0x5240, 0x525f),
  toggle: span(0x5260, 0x527f),
  oneShotLayer: span(0x5280, 0x529f),
  oneShotMod: span(0x52a0, 0x52bf),
  tapToggle: span(0x52c0, 0x52df),
  swapHands: span(0x5600, 0x56ff),
  tapDance: span(0x5700, 0x57ff),
  unicode: span(0x8000, 0xffff),
  toOnPress: 0,
};

export const V11_RANGES: QmkRanges = { ...NEW_COMMON, macro: span(0x7702, 0x7711), custom: span(0x7f00, 0x7fff) };
export const V12_RANGES: QmkRanges = { ...NEW_COMMON, macro: span(0x7700, 0x777f), custom: span(0x7e00, 0x7eff) };

export function inSpan(code: number, s: Span): boolean {
  return code >= s.start && code <= s.end;
}

/** QMK's 5-bit modifier mask: bits 0-3 Ctrl, Shift, Alt, GUI; bit 4 makes them the right-hand ones. */
export const MOD_BITS = { ctrl: 0x01, shift: 0x02, alt: 0x04, gui: 0x08, right: 0x10 } as const;

const MOD_NAMES: readonly (readonly [string, string, string])[] = [
  ['Ctl', 'Control', 'Ctrl'],
  ['Sft', 'Shift', 'Shift'],
  ['Alt', 'Alt', 'Alt'],
  ['Gui', 'GUI', 'Win'],
];

/** Short, English and Chinese names of a modifier mask ("LCtl+LSft", "Left Control + Left Shift"). */
export function modNames(mask: number): { short: string; en: string; zh: string } {
  const right = (mask & MOD_BITS.right) !== 0;
  const parts = MOD_NAMES.filter((_, i) => mask & (1 << i));
  if (parts.length === 0) return { short: 'NoMod', en: 'no modifier', zh: '无修饰键' };
  const side = right ? 'R' : 'L';
  return {
    short: parts.map(([s]) => side + s).join('+'),
    en: parts.map(([, e]) => `${right ? 'Right' : 'Left'} ${e}`).join(' + '),
    zh: parts.map(([, , z]) => `${right ? '右' : '左'} ${z}`).join(' + '),
  };
}
