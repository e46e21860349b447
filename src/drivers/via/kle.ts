/**
 * KLE (keyboard-layout-editor) rows to keys, the way VIA reads them: every string is a key whose legend lines carry
 * "row,col" (top-left position), the layout option "group,choice" (bottom-right) and an encoder "e<n>" (centre);
 * objects before a key change the cursor and the key's size, rotation and legend alignment. Decals (d) are skipped.
 */
import type { KleLayout } from './definition-schema.ts';

export interface KleKey {
  row: number;
  col: number;
  x: number;
  y: number;
  w: number;
  h: number;
  r: number;
  rx: number;
  ry: number;
  /** [group, choice] of a layout option. */
  option?: [number, number];
  encoder?: number;
}

/** A legend line that cannot be read; the caller turns it into a message for people. */
export class KleError extends Error {
  constructor(
    readonly kind: 'pair' | 'row-col' | 'too-many',
    readonly text: string,
  ) {
    super(`${kind}: ${text}`);
    this.name = 'KleError';
  }
}

/**
 * Which of the 12 legend positions (0 top-left … 4 centre … 8 bottom-right …) each text line lands on, per
 * alignment flag `a` (the KLE file format's label alignment table).
 */
const LINE_TO_POSITION: readonly (readonly number[])[] = [
  [0, 6, 2, 8, 9, 11, 3, 5, 1, 4, 7, 10],
  [1, 7, -1, -1, 9, 11, 4, -1, -1, -1, -1, 10],
  [3, -1, 5, -1, 9, 11, -1, -1, 4, -1, -1, 10],
  [4, -1, -1, -1, 9, 11, -1, -1, -1, -1, -1, 10],
  [0, 6, 2, 8, 10, -1, 3, 5, 1, 4, 7, -1],
  [1, 7, -1, -1, 10, -1, 4, -1, -1, -1, -1, -1],
  [3, -1, 5, -1, 10, -1, -1, -1, 4, -1, -1, -1],
  [4, -1, -1, -1, 10, -1, -1, -1, -1, -1, -1, -1],
];
const POS_MATRIX = 0;
const POS_ENCODER = 4;
const POS_OPTION = 8;

function legends(text: string, align: number): string[] {
  const table = LINE_TO_POSITION[align] ?? LINE_TO_POSITION[4]!;
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    const pos = table[i];
    if (pos !== undefined && pos >= 0) out[pos] = line.trim();
  });
  return out;
}

function pair(text: string): [number, number] {
  const parts = text.split(/[,，]/);
  if (parts.length !== 2 || !parts.every((p) => /^\s*\d+\s*$/.test(p))) throw new KleError('pair', text);
  return [Number.parseInt(parts[0]!, 10), Number.parseInt(parts[1]!, 10)];
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Reads the KLE rows into keys (positions before normalisation, in key units). */
export function readKle(layout: KleLayout, maxKeys: number): KleKey[] {
  const keys: KleKey[] = [];
  let y = 0;
  let r = 0;
  let rx = 0;
  let ry = 0;
  let align = 4;
  for (const row of layout) {
    if (!Array.isArray(row)) continue; // the metadata object
    let x = rx;
    let w = 1;
    let h = 1;
    let decal = false;
    for (const item of row) {
      if (typeof item !== 'string') {
        const p = item as Record<string, unknown>;
        if (num(p.r) !== undefined) r = num(p.r)!;
        if (num(p.rx) !== undefined) {
          rx = num(p.rx)!;
          x = rx;
          y = ry;
        }
        if (num(p.ry) !== undefined) {
          ry = num(p.ry)!;
          x = rx;
          y = ry;
        }
        if (num(p.x) !== undefined) x += num(p.x)!;
        if (num(p.y) !== undefined) y += num(p.y)!;
        if (num(p.w) !== undefined) w = num(p.w)!;
        if (num(p.h) !== undefined) h = num(p.h)!;
        if (num(p.a) !== undefined) align = num(p.a)!;
        if (typeof p.d === 'boolean') decal = p.d;
        continue;
      }
      if (!decal) {
        const key = readKey(legends(item, align), { x, y, w, h, r, rx, ry });
        if (key) keys.push(key);
        if (keys.length > maxKeys) throw new KleError('too-many', String(keys.length));
      }
      x += w;
      w = 1;
      h = 1;
      decal = false;
    }
    y += 1;
  }
  return keys;
}

function readKey(
  labels: string[],
  at: { x: number; y: number; w: number; h: number; r: number; rx: number; ry: number },
): KleKey | undefined {
  const encoderLabel = labels[POS_ENCODER];
  const encoder =
    encoderLabel && /^[eE]\d+$/.test(encoderLabel) ? Number.parseInt(encoderLabel.slice(1), 10) : undefined;
  const matrix = labels[POS_MATRIX];
  const optionLabel = labels[POS_OPTION];
  const option = optionLabel ? pair(optionLabel) : undefined;
  let row = -1;
  let col = -1;
  if (matrix) [row, col] = pair(matrix);
  else if (encoder === undefined) throw new KleError('row-col', labels.join(' '));
  return { row, col, ...at, ...(option ? { option } : {}), ...(encoder !== undefined ? { encoder } : {}) };
}
