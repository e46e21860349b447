/**
 * Key rectangles of a drawing and the plane geometry the drawing needs: parsing the served SVG, the fallback from the
 * model's layout, spatial arrow navigation, rows for the grid semantics and hit tests for drag selection.
 */
import { layoutToSvg } from '../../core/layouts/svg';
import type { DeviceLayout } from '../../core/device-features';
import type { ModelName } from '../../core/models';

/** The spec scans at most this many keys of a drawing (spec-1 §9). */
export const MAX_KEYS = 200;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface KeyRect extends Box {
  id: number;
  rx: number;
}

export interface DrawingGeometry {
  viewBox: Box;
  /** The case outline, when the drawing has one. */
  body?: Box & { rx: number };
  /** Sorted by id, ids unique. */
  keys: KeyRect[];
}

export class DrawingParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DrawingParseError';
  }
}

function num(el: Element, name: string, fallback?: number): number {
  const raw = el.getAttribute(name);
  const value = raw === null ? fallback : Number(raw);
  if (value === undefined || !Number.isFinite(value))
    throw new DrawingParseError(`<${el.tagName}> has no numeric ${name}`);
  return value;
}

function parseViewBox(svg: Element): Box {
  const raw = svg.getAttribute('viewBox');
  if (raw) {
    const parts = raw
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    const [x, y, w, h] = parts;
    if (parts.length === 4 && parts.every(Number.isFinite) && w! > 0 && h! > 0) return { x: x!, y: y!, w: w!, h: h! };
    throw new DrawingParseError(`bad viewBox "${raw}"`);
  }
  return { x: 0, y: 0, w: num(svg, 'width'), h: num(svg, 'height') };
}

/** Reads a device drawing: every `<rect data-key-id>` becomes a key. Throws DrawingParseError when it is unusable. */
export function parseDrawing(svgText: string): DrawingGeometry {
  const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml');
  const svg = doc.documentElement;
  if (!svg || svg.localName !== 'svg' || doc.getElementsByTagName('parsererror').length > 0)
    throw new DrawingParseError('not an SVG document');
  const viewBox = parseViewBox(svg);
  const seen = new Set<number>();
  const keys: KeyRect[] = [];
  for (const el of Array.from(svg.querySelectorAll('rect[data-key-id]')).slice(0, MAX_KEYS)) {
    const id = Number(el.getAttribute('data-key-id'));
    if (!Number.isInteger(id) || id < 0 || seen.has(id)) continue;
    const w = num(el, 'width');
    const h = num(el, 'height');
    if (w <= 0 || h <= 0) continue;
    seen.add(id);
    keys.push({ id, x: num(el, 'x', 0), y: num(el, 'y', 0), w, h, rx: num(el, 'rx', 4) });
  }
  if (keys.length === 0) throw new DrawingParseError('the drawing has no keys');
  keys.sort((a, b) => a.id - b.id);
  const caseEl = svg.querySelector('rect.case');
  const body = caseEl
    ? {
        x: num(caseEl, 'x', 0),
        y: num(caseEl, 'y', 0),
        w: num(caseEl, 'width'),
        h: num(caseEl, 'height'),
        rx: num(caseEl, 'rx', 0),
      }
    : undefined;
  return body ? { viewBox, body, keys } : { viewBox, keys };
}

/** The drawing built from the device's layout, for a device without a drawing file or when it cannot be had. */
export function geometryFromLayout(layout: DeviceLayout): DrawingGeometry {
  const keys = layout.keys.filter((k) => !k.option || k.option[1] === 0).map((k) => ({ ...k, code: k.code ?? 0 }));
  return parseDrawing(layoutToSvg({ name: '' as ModelName, keys, width: layout.width, height: layout.height }));
}

const centre = (k: Box): { cx: number; cy: number } => ({ cx: k.x + k.w / 2, cy: k.y + k.h / 2 });

export type Direction = 'left' | 'right' | 'up' | 'down';

/**
 * The key an arrow press moves to: the nearest key whose centre lies in that direction, preferring keys that overlap
 * the current one across the direction of travel (so Down from a wide key lands on the key under it, not a diagonal).
 */
export function neighbour(keys: readonly KeyRect[], fromId: number, direction: Direction): number | undefined {
  const from = keys.find((k) => k.id === fromId);
  if (!from) return keys[0]?.id;
  const a = centre(from);
  const horizontal = direction === 'left' || direction === 'right';
  const sign = direction === 'right' || direction === 'down' ? 1 : -1;
  let best: { id: number; score: number } | undefined;
  for (const k of keys) {
    if (k.id === fromId) continue;
    const b = centre(k);
    const along = (horizontal ? b.cx - a.cx : b.cy - a.cy) * sign;
    if (along <= 1) continue;
    const across = Math.abs(horizontal ? b.cy - a.cy : b.cx - a.cx);
    const overlaps = horizontal
      ? k.y < from.y + from.h && k.y + k.h > from.y
      : k.x < from.x + from.w && k.x + k.w > from.x;
    const score = along + across * 2 + (overlaps ? 0 : 10_000);
    if (!best || score < best.score) best = { id: k.id, score };
  }
  return best?.id;
}

/** Keys grouped into visual rows (top to bottom, left to right), for the grid's row semantics. */
export function rowsOf(keys: readonly KeyRect[]): KeyRect[][] {
  const sorted = [...keys].sort((a, b) => centre(a).cy - centre(b).cy || a.x - b.x);
  const rows: KeyRect[][] = [];
  for (const key of sorted) {
    const row = rows[rows.length - 1];
    const first = row?.[0];
    if (row && first && Math.abs(centre(first).cy - centre(key).cy) < Math.min(first.h, key.h) / 2) row.push(key);
    else rows.push([key]);
  }
  return rows.map((row) => row.sort((a, b) => a.x - b.x));
}

export function keyAt(keys: readonly KeyRect[], x: number, y: number): number | undefined {
  return keys.find((k) => x >= k.x && x <= k.x + k.w && y >= k.y && y <= k.y + k.h)?.id;
}

/** A box from two corner points in any order. */
export function boxBetween(a: { x: number; y: number }, b: { x: number; y: number }): Box {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(a.x - b.x), h: Math.abs(a.y - b.y) };
}

/** Keys the box touches. */
export function keysInBox(keys: readonly KeyRect[], box: Box): number[] {
  return keys
    .filter((k) => k.x < box.x + box.w && k.x + k.w > box.x && k.y < box.y + box.h && k.y + k.h > box.y)
    .map((k) => k.id);
}
