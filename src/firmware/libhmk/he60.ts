/**
 * The simulated keyboard's description of itself: a 67-key 60% board with a split-backspace and a split-spacebar
 * choice, 4 profiles of 4 layers and 32 advanced-key slots, as an HE60 is. The layout and keymaps are this project's
 * own; the document's fields and their order follow what each firmware version's metadata script writes.
 */
import type { SimVersion } from './wire.ts';

type K = { key: number; w?: number; x?: number; option?: [number, number] };
const row = (from: number, to: number): K[] => Array.from({ length: to - from + 1 }, (_, i) => ({ key: from + i }));

const LAYOUT = {
  labels: ['Split Backspace', 'Split Spacebar'],
  keymap: [
    [...row(0, 12), { key: 13, w: 2, option: [0, 0] }, { key: 14, option: [0, 1] }, { key: 15, option: [0, 1] }],
    [{ key: 16, w: 1.5 }, ...row(17, 28), { key: 29, w: 1.5 }],
    [{ key: 30, w: 1.75 }, ...row(31, 41), { key: 42, w: 2.25 }],
    [{ key: 43, w: 2.25 }, ...row(44, 53), { key: 54, w: 1.75 }, { key: 55 }],
    [
      ...[56, 57, 58].map((key) => ({ key, w: 1.25 })),
      { key: 59, w: 6.25, option: [1, 0] },
      ...[60, 61, 62, 63].map((key) => ({ key, w: 1.25 })),
    ],
    [
      { key: 64, w: 2.25, x: 3.75, option: [1, 1] },
      { key: 65, w: 1.25, option: [1, 1] },
      { key: 66, w: 2.75, option: [1, 1] },
    ],
  ] as K[][],
};

const T = '_______';
const letters = (s: string): string[] => s.split('').map((c) => `KC_${c}`);

const BASE: string[] = [
  'KC_ESC',
  ...letters('1234567890'),
  'KC_MINS',
  'KC_EQL',
  'KC_BSPC',
  'KC_BSPC',
  'KC_GRV',
  'KC_TAB',
  ...letters('QWERTYUIOP'),
  'KC_LBRC',
  'KC_RBRC',
  'KC_BSLS',
  'KC_CAPS',
  ...letters('ASDFGHJKL'),
  'KC_SCLN',
  'KC_QUOT',
  'KC_ENT',
  'KC_LSFT',
  ...letters('ZXCVBNM'),
  'KC_COMM',
  'KC_DOT',
  'KC_SLSH',
  'KC_RSFT',
  'MO(1)',
  'KC_LCTL',
  'KC_LGUI',
  'KC_LALT',
  'KC_SPC',
  'KC_RALT',
  'KC_RGUI',
  'KC_APP',
  'KC_RCTL',
  'KC_SPC',
  'MO(1)',
  'KC_SPC',
];

const FN: string[] = (() => {
  const l = new Array<string>(67).fill(T);
  l[0] = 'KC_GRV';
  for (let i = 1; i <= 12; i++) l[i] = `KC_F${i}`;
  l[13] = l[14] = 'KC_DEL';
  Object.assign(l, { 24: 'KC_UP', 37: 'KC_LEFT', 38: 'KC_DOWN', 39: 'KC_RGHT', 25: 'KC_PSCR', 29: 'SP_BOOT' });
  Object.assign(l, { 30: 'LY_LOCK', 44: 'KC_MPRV', 45: 'KC_MPLY', 46: 'KC_MNXT', 47: 'KC_MUTE' });
  Object.assign(l, { 48: 'KC_VOLD', 49: 'KC_VOLU', 35: 'PF_SWAP', 36: 'PF_NEXT' });
  for (let p = 0; p < 4; p++) l[31 + p] = `PF(${p})`;
  return l;
})();

export const HE60_SHAPE = { profiles: 4, layers: 4, keys: 67, advancedKeys: 32, adcResolution: 12 } as const;
export const HE60_IDS = { vendorId: 0xab50, productId: 0xab60 } as const;
/** Factory calibration of the board (keyboard.json's calibration block). */
export const HE60_CALIBRATION = { initialRest: 2400, initialBottomOutThreshold: 650 } as const;

export const HE60_DEFAULT_NAMES: string[][] = [BASE, FN, new Array<string>(67).fill(T), new Array<string>(67).fill(T)];

/** The JSON document as the given firmware version's metadata script would write it. */
export function he60MetadataJson(version: SimVersion): string {
  const doc: Record<string, unknown> = {
    name: 'HE60',
    vendorId: '0xAB50',
    productId: '0xAB60',
  };
  if (version >= 0x0105) doc.usbHighSpeed = false;
  Object.assign(doc, {
    adcResolution: HE60_SHAPE.adcResolution,
    numProfiles: HE60_SHAPE.profiles,
    numLayers: HE60_SHAPE.layers,
    numKeys: HE60_SHAPE.keys,
    numAdvancedKeys: HE60_SHAPE.advancedKeys,
    layout: LAYOUT,
  });
  if (version >= 0x0106) doc.defaultKeymaps = Array.from({ length: HE60_SHAPE.profiles }, () => HE60_DEFAULT_NAMES);
  else doc.defaultKeymap = HE60_DEFAULT_NAMES;
  return JSON.stringify(doc);
}
