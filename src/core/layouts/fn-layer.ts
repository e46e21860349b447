/**
 * The default Fn layer (layer 1), derived from a layout's layer 0 so every model gets the same Fn combinations for
 * the keys it has. Keys without an Fn function are transparent (KC_TRNS), as in VIA, so they fall through to layer 0.
 */
import { KC_TRNS, keycodeByName, keycodeEntry } from '../keycodes';
import { codeOf } from './rows';
import type { Layout } from './types';

const NUMBER_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '-', '='];
const F_KEYS = NUMBER_KEYS.map((_, i) => `F${i + 1}`);
/** What Fn+F1..F12 does on boards that have a function row. */
const F_ROW_MEDIA = [
  'Bri-',
  'Bri+',
  'TaskView',
  'LPad',
  'LED-',
  'LED+',
  'Prev',
  'Play',
  'Next',
  'Mute',
  'Vol-',
  'Vol+',
];

const ON_EVERY_BOARD: Record<string, string> = {
  LWin: 'WinLock',
  Up: 'LED+',
  Down: 'LED-',
  Left: 'Mode-',
  Right: 'Mode+',
  '\\': 'LED',
  '[': 'Spd-',
  ']': 'Spd+',
  Enter: 'Color',
  G: 'Game',
};

/** Boards without a function row reach F1-F12 on the number row, Grave on Esc and media on the right hand. */
const WITHOUT_F_ROW: Record<string, string> = {
  ...Object.fromEntries(NUMBER_KEYS.map((k, i) => [k, F_KEYS[i]!])),
  Esc: '`',
  Bksp: 'Del',
  P: 'PrtSc',
  Q: 'Theme1',
  W: 'Theme2',
  E: 'Theme3',
  R: 'Theme4',
  M: 'Mute',
  ',': 'Vol-',
  '.': 'Vol+',
  ';': 'Prev',
  "'": 'Next',
  '/': 'Play',
};

const WITH_F_ROW: Record<string, string> = {
  ...Object.fromEntries(F_KEYS.map((k, i) => [k, F_ROW_MEDIA[i]!])),
  1: 'Theme1',
  2: 'Theme2',
  3: 'Theme3',
  4: 'Theme4',
};

export function fnLayer(layout: Layout): number[] {
  const f1 = keycodeByName('F1')?.code;
  const hasFunctionRow = layout.keys.some((k) => k.code === f1);
  const table = { ...ON_EVERY_BOARD, ...(hasFunctionRow ? WITH_F_ROW : WITHOUT_F_ROW) };
  return layout.keys.map((key) => {
    const legend = keycodeEntry(key.code)?.name;
    const target = legend === undefined ? undefined : table[legend];
    return target === undefined ? KC_TRNS : codeOf(target);
  });
}
