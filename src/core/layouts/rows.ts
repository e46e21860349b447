/**
 * A compact text form for key rows, so a layout reads like the keyboard it draws:
 * "Tab:1.5 Q W" is a 1.5-unit Tab then two 1-unit keys; "KP+:1:2" is one unit wide and two tall; "~0.25" is a gap.
 * Key names are catalogue legends (keycodes.ts), which are unique.
 */
import { keycodeByName } from '../keycodes';
import type { ModelName } from '../models';
import type { Layout, LayoutKey } from './types';

export interface RowSpec {
  readonly keys: string;
  readonly y: number;
  readonly x?: number;
}

export interface PlacedKey {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly code: number;
}

/** The code of a catalogue legend; an unknown legend is a mistake in a layout table, so it throws. */
export function codeOf(legend: string): number {
  const entry = keycodeByName(legend);
  if (!entry) throw new Error(`Layout names an unknown key "${legend}"`);
  return entry.code;
}

const TOKEN = /^(.+?)(?::(\d+(?:\.\d+)?))?(?::(\d+(?:\.\d+)?))?$/;

function parseRow(row: RowSpec): PlacedKey[] {
  const keys: PlacedKey[] = [];
  let x = row.x ?? 0;
  for (const token of row.keys.trim().split(/\s+/)) {
    if (token.startsWith('~')) {
      x += Number(token.slice(1));
      continue;
    }
    const m = TOKEN.exec(token);
    const code = codeOf(m?.[1] ?? token);
    const w = m?.[2] ? Number(m[2]) : 1;
    const h = m?.[3] ? Number(m[3]) : 1;
    keys.push({ x, y: row.y, w, h, code });
    x += w;
  }
  return keys;
}

/** Rows given as plain strings sit one unit apart from the top. */
export function rowsAt(rows: readonly string[], x = 0, y = 0): RowSpec[] {
  return rows.map((keys, i) => ({ keys, x, y: y + i }));
}

const round = (n: number): number => Math.round(n * 1000) / 1000;

export function makeLayout(name: ModelName, placed: readonly PlacedKey[]): Layout {
  const keys: LayoutKey[] = placed.map((k, id) => ({ id, x: round(k.x), y: round(k.y), w: k.w, h: k.h, code: k.code }));
  return {
    name,
    keys,
    width: round(Math.max(0, ...keys.map((k) => k.x + k.w))),
    height: round(Math.max(0, ...keys.map((k) => k.y + k.h))),
  };
}

export function layoutFromRows(name: ModelName, rows: readonly RowSpec[]): Layout {
  return makeLayout(name, rows.flatMap(parseRow));
}
