/**
 * The device drawing served as public/devices/<name>.svg: the case outline and one rect per key carrying
 * data-key-id. Legends are not drawn here; the app draws them, so one drawing serves every language and mode.
 */
import type { Layout } from './types';

/** Pixels per key unit in the drawing's own coordinates; the app scales the whole drawing to its container. */
export const SVG_UNIT = 60;
/** Space between the case edge and the keys, in key units. */
export const SVG_CASE_MARGIN = 0.4;
/** Gap between neighbouring keycaps, in pixels. */
const KEY_GAP = 4;

const px = (n: number): string => String(Math.round(n * 100) / 100);

export function layoutToSvg(layout: Layout): string {
  const margin = SVG_CASE_MARGIN * SVG_UNIT;
  const width = layout.width * SVG_UNIT + 2 * margin;
  const height = layout.height * SVG_UNIT + 2 * margin;
  const keys = [...layout.keys]
    .sort((a, b) => a.id - b.id)
    .map((k) => {
      const x = margin + k.x * SVG_UNIT + KEY_GAP / 2;
      const y = margin + k.y * SVG_UNIT + KEY_GAP / 2;
      const w = k.w * SVG_UNIT - KEY_GAP;
      const h = k.h * SVG_UNIT - KEY_GAP;
      return `    <rect class="key" data-key-id="${k.id}" x="${px(x)}" y="${px(y)}" width="${px(w)}" height="${px(h)}" rx="6" />`;
    });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${px(width)} ${px(height)}" width="${px(width)}" height="${px(height)}" data-model="${layout.name}" data-unit="${SVG_UNIT}" data-margin="${px(margin)}">`,
    `  <rect class="case" x="0" y="0" width="${px(width)}" height="${px(height)}" rx="16" fill="#2b2d33" />`,
    `  <g class="keys" fill="#e9eaee" stroke="#9a9ca3" stroke-width="1">`,
    ...keys,
    '  </g>',
    '</svg>',
    '',
  ].join('\n');
}
