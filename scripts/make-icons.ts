// Draws Keytune's app icons: a key cap seen from above (its darker side below the top face) carrying the "K" of the
// favicon (public/images/favicon.svg). One description of the shapes, in the favicon's 32-unit grid, is written as
// SVG (public/icons/keytune.svg) and rasterised here to PNG (192 and 512 pixels; a maskable variant whose shapes sit
// inside the safe circle of 80% of the width and whose background fills the square), with no image tool needed.
//
//   node --import tsx scripts/make-icons.ts        writes public/icons/*
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { deflateSync } from 'node:zlib';
import { crc32 } from '../src/core/crc32.ts';

export const ACCENT = '#f5a524';
const SIDE = '#c77f0e';
const INK = '#1c1f24';

export type Shape =
  | { kind: 'rect'; x: number; y: number; w: number; h: number; r: number; fill: string }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; w: number; fill: string };

/** The K: three strokes, 3 units wide with round ends (the favicon's path). */
const STROKES: [number, number, number, number][] = [
  [10, 8, 10, 24],
  [10, 16, 19, 8],
  [13.5, 13, 20, 24],
];
const STROKE_WIDTH = 3;

/** The shapes, painted in order, in a 32 x 32 grid. `maskable` fills the square and shrinks the cap into the safe zone. */
export function shapes(maskable: boolean): Shape[] {
  const k = maskable ? 0.64 : 1;
  const at = (v: number) => 16 + (v - 16) * k;
  const list: Shape[] = [];
  if (maskable) list.push({ kind: 'rect', x: 0, y: 0, w: 32, h: 32, r: 0, fill: ACCENT });
  list.push({ kind: 'rect', x: at(0), y: at(0), w: 32 * k, h: 32 * k, r: 8 * k, fill: SIDE });
  list.push({ kind: 'rect', x: at(1.5), y: at(1), w: 29 * k, h: 27 * k, r: 6.5 * k, fill: ACCENT });
  for (const [x1, y1, x2, y2] of STROKES)
    list.push({
      kind: 'line',
      x1: at(x1 + 0.75),
      y1: at(y1),
      x2: at(x2 + 0.75),
      y2: at(y2),
      w: STROKE_WIDTH * k,
      fill: INK,
    });
  return list;
}

export function svgOf(list: Shape[]): string {
  const body = list
    .map((s) =>
      s.kind === 'rect'
        ? `<rect x="${s.x}" y="${s.y}" width="${s.w}" height="${s.h}" rx="${s.r}" fill="${s.fill}"/>`
        : `<line x1="${s.x1}" y1="${s.y1}" x2="${s.x2}" y2="${s.y2}" stroke="${s.fill}" stroke-width="${s.w}" stroke-linecap="round"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>\n`;
}

/** Signed distance from (px, py) to the shape's edge, negative inside, in grid units. */
function distance(s: Shape, px: number, py: number): number {
  if (s.kind === 'line') {
    const dx = s.x2 - s.x1;
    const dy = s.y2 - s.y1;
    const t = Math.max(0, Math.min(1, ((px - s.x1) * dx + (py - s.y1) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(px - (s.x1 + t * dx), py - (s.y1 + t * dy)) - s.w / 2;
  }
  const hx = s.w / 2;
  const hy = s.h / 2;
  const qx = Math.abs(px - (s.x + hx)) - (hx - s.r);
  const qy = Math.abs(py - (s.y + hy)) - (hy - s.r);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - s.r;
}

const rgb = (hex: string): [number, number, number] =>
  [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/** RGBA pixels of the shapes at `size` pixels, each edge smoothed over one pixel. */
export function rasterise(list: Shape[], size: number): Uint8Array {
  const px = new Uint8Array(size * size * 4);
  const unit = 32 / size;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (const s of list) {
        const cover = Math.max(0, Math.min(1, 0.5 - distance(s, (x + 0.5) * unit, (y + 0.5) * unit) / unit));
        if (!cover) continue;
        const [sr, sg, sb] = rgb(s.fill);
        const out = cover + a * (1 - cover);
        r = (sr * cover + r * a * (1 - cover)) / out;
        g = (sg * cover + g * a * (1 - cover)) / out;
        b = (sb * cover + b * a * (1 - cover)) / out;
        a = out;
      }
      px.set([Math.round(r), Math.round(g), Math.round(b), Math.round(a * 255)], (y * size + x) * 4);
    }
  }
  return px;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG file (8-bit RGBA, no filtering) of square RGBA pixels. */
export function encodePng(pixels: Uint8Array, size: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rows.set(pixels.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every icon file: name and bytes. */
export function iconFiles(): [string, Buffer][] {
  const files: [string, Buffer][] = [
    ['keytune.svg', Buffer.from(svgOf(shapes(false)))],
    ['keytune-maskable.svg', Buffer.from(svgOf(shapes(true)))],
  ];
  for (const size of [192, 512]) {
    files.push([`keytune-${size}.png`, encodePng(rasterise(shapes(false), size), size)]);
    files.push([`keytune-maskable-${size}.png`, encodePng(rasterise(shapes(true), size), size)]);
  }
  files.push(['apple-touch-icon.png', encodePng(rasterise(shapes(true), 180), 180)]);
  return files;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
  mkdirSync(out, { recursive: true });
  for (const [name, bytes] of iconFiles()) writeFileSync(join(out, name), bytes);
  console.log(`wrote ${out}`);
}
