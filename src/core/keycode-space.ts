/**
 * The 16-bit key code carried on the wire for every key of every layer.
 * The top four bits say what kind of action a key has; the low twelve bits say which one.
 */

export const KEYCODE_KIND = {
  /** HID keyboard usage page 0x07 (0x04 'a' … 0xE7 right GUI). */
  hid: 0x0,
  /** HID consumer usage page 0x0C (media, browser, application launch). */
  consumer: 0x1,
  /** HID generic-desktop system control (0x81 power, 0x82 sleep, 0x83 wake). */
  system: 0x2,
  /** Mouse: 0x01-0x08 buttons, 0x10-0x13 move up/down/left/right, 0x20-0x23 wheel up/down/left/right. */
  mouse: 0x3,
  /** Layer keys: value = (action << 4) | layer; action 0 momentary, 1 toggle, 2 switch to. */
  layer: 0x4,
  /** Lighting control keys (see keycodes.ts for the list). */
  lighting: 0x5,
  /** Keyboard functions: Fn, theme switch, Win lock, N-key toggle and the like. */
  special: 0x6,
  /** Advanced keys bound to a key: value is the item id in its list. */
  dks: 0x8,
  shortcut: 0x9,
  macro: 0xa,
  snaptap: 0xb,
  hypertap: 0xc,
} as const;

export type KeycodeKind = (typeof KEYCODE_KIND)[keyof typeof KEYCODE_KIND];

export const KC_NONE = 0x0000;

export function makeKeycode(kind: KeycodeKind, value: number): number {
  return ((kind & 0xf) << 12) | (value & 0xfff);
}

export function keycodeKind(code: number): number {
  return (code >> 12) & 0xf;
}

export function keycodeValue(code: number): number {
  return code & 0xfff;
}

/** Advanced-key binding letters used by `--keywords` (D dks, A shortcut, M macro, S snap-tap, H hyper-tap). */
export const ADVANCED_LETTERS = {
  D: KEYCODE_KIND.dks,
  A: KEYCODE_KIND.shortcut,
  M: KEYCODE_KIND.macro,
  S: KEYCODE_KIND.snaptap,
  H: KEYCODE_KIND.hypertap,
} as const;
export type AdvancedLetter = keyof typeof ADVANCED_LETTERS;

/** Parses "D3" / "m12" into a key code, or undefined when it is not an advanced-key keyword. */
export function keywordToKeycode(keyword: string): number | undefined {
  const m = /^([DAMSH])(\d{1,4})$/i.exec(keyword.trim());
  if (!m) return undefined;
  const letter = m[1]!.toUpperCase() as AdvancedLetter;
  const id = Number(m[2]);
  if (id > 0xfff) return undefined;
  return makeKeycode(ADVANCED_LETTERS[letter], id);
}

/** The keyword ("D3") of an advanced-key code, or undefined for any other code. */
export function keycodeToKeyword(code: number): string | undefined {
  const kind = keycodeKind(code);
  for (const [letter, k] of Object.entries(ADVANCED_LETTERS)) {
    if (k === kind) return `${letter}${keycodeValue(code)}`;
  }
  return undefined;
}
