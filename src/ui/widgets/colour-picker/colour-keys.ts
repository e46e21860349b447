/**
 * The keys of the colour picker's three sliders, as on every slider of the app: an arrow one step, Page Up and Page
 * Down ten, Home and End to the ends. react-colorful alone moves the hue and alpha bars with Left and Right only,
 * by 5 %. A step is one unit of what the fields show: 1° of hue, 1 % of saturation or value, 0.01 of alpha. The
 * saturation-value area is two sliders in one: Left and Right move saturation, Up and Down value, the page keys
 * value by ten, Home and End saturation to its ends.
 */
import type { Hsva } from './colour-convert';

export type ColourPart = 'area' | 'hue' | 'alpha';

interface Axis {
  key: 'h' | 's' | 'v' | 'a';
  max: number;
  step: number;
}

const HUE: Axis = { key: 'h', max: 360, step: 1 };
const SATURATION: Axis = { key: 's', max: 100, step: 1 };
const VALUE: Axis = { key: 'v', max: 100, step: 1 };
const ALPHA: Axis = { key: 'a', max: 1, step: 0.01 };

/** The axis a key moves on a part, and by how many steps (Infinity: to the end). */
function move(part: ColourPart, key: string): { axis: Axis; by: number } | undefined {
  const one = part === 'hue' ? HUE : part === 'alpha' ? ALPHA : undefined;
  const up = ['ArrowRight', 'ArrowUp'].includes(key) ? 1 : ['ArrowLeft', 'ArrowDown'].includes(key) ? -1 : 0;
  if (one) {
    if (up !== 0) return { axis: one, by: up };
    if (key === 'PageUp' || key === 'PageDown') return { axis: one, by: key === 'PageUp' ? 10 : -10 };
    if (key === 'Home' || key === 'End') return { axis: one, by: key === 'End' ? Infinity : -Infinity };
    return undefined;
  }
  if (key === 'ArrowRight' || key === 'ArrowLeft') return { axis: SATURATION, by: up };
  if (key === 'ArrowUp' || key === 'ArrowDown') return { axis: VALUE, by: up };
  if (key === 'PageUp' || key === 'PageDown') return { axis: VALUE, by: key === 'PageUp' ? 10 : -10 };
  if (key === 'Home' || key === 'End') return { axis: SATURATION, by: key === 'End' ? Infinity : -Infinity };
  return undefined;
}

/** The colour after `key` on `part`, on the part's step grid and inside its range; undefined for other keys. */
export function colourAfterKey(part: ColourPart, key: string, colour: Hsva): Hsva | undefined {
  const found = move(part, key);
  if (!found) return undefined;
  const { axis, by } = found;
  const steps = Math.round(colour[axis.key] / axis.step) + by;
  const value = Math.min(Math.max(steps * axis.step, 0), axis.max);
  return { ...colour, [axis.key]: Math.round(value * 100) / 100 };
}

/** Which of the picker's sliders an element belongs to. */
export function colourPartOf(element: Element): ColourPart | undefined {
  if (element.closest('.react-colorful__saturation')) return 'area';
  if (element.closest('.react-colorful__hue')) return 'hue';
  if (element.closest('.react-colorful__alpha')) return 'alpha';
  return undefined;
}
