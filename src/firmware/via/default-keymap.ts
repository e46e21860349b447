/**
 * The simulator's factory keymap: a 65% board on a 5 × 15 matrix (the bundled "Keytune VIA 65" definition), layer 0
 * a US layout, layer 1 function keys and media, layers 2 and 3 transparent. Codes differ between QMK's numberings
 * only for MO(1).
 */

const ROWS = 5;
const COLS = 15;

// Layer 0, by matrix position; 0 where the matrix has no switch.
const BASE: readonly (readonly number[])[] = [
  [0x29, 0x1e, 0x1f, 0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2d, 0x2e, 0x2a, 0x35],
  [0x2b, 0x14, 0x1a, 0x08, 0x15, 0x17, 0x1c, 0x18, 0x0c, 0x12, 0x13, 0x2f, 0x30, 0x31, 0x4c],
  [0x39, 0x04, 0x16, 0x07, 0x09, 0x0a, 0x0b, 0x0d, 0x0e, 0x0f, 0x33, 0x34, 0x28, 0x00, 0x4b],
  [0xe1, 0x1d, 0x1b, 0x06, 0x19, 0x05, 0x11, 0x10, 0x36, 0x37, 0x38, 0xe5, 0x52, 0x00, 0x4e],
  [0xe0, 0xe3, 0xe2, 0x00, 0x00, 0x2c, 0x00, 0x00, 0x00, 0xe6, -1, 0xe4, 0x50, 0x51, 0x4f],
];

/** MO(1) in each numbering (QMK's QK_MOMENTARY | 1). */
export function momentary1(protocol: number): number {
  return protocol >= 11 ? 0x5221 : 0x5101;
}

export function defaultKeymap(protocol: number, layers: number): Uint16Array {
  const map = new Uint16Array(layers * ROWS * COLS);
  BASE.forEach((row, r) => row.forEach((code, c) => (map[r * COLS + c] = code < 0 ? momentary1(protocol) : code)));
  if (layers > 1) {
    const fn = ROWS * COLS;
    // Top row: F1-F12 over 1-=, Delete over Backspace; media on the arrows.
    for (let c = 1; c <= 12; c++) map[fn + c] = 0x3a + c - 1;
    map[fn + 13] = 0x4c;
    map[fn + 3 * COLS + 12] = 0xa9; // volume up over Up
    map[fn + 4 * COLS + 13] = 0xaa; // volume down over Down
    map[fn + 4 * COLS + 12] = 0xac; // previous track over Left
    map[fn + 4 * COLS + 14] = 0xab; // next track over Right
    for (let i = 0; i < ROWS * COLS; i++)
      if (map[fn + i] === 0 && BASE[Math.floor(i / COLS)]![i % COLS] !== 0) map[fn + i] = 1;
  }
  for (let layer = 2; layer < layers; layer++) map.fill(1, layer * ROWS * COLS, (layer + 1) * ROWS * COLS);
  return map;
}

export const SIM_MATRIX = { rows: ROWS, cols: COLS } as const;
