/**
 * The drawing of a keyboard for its layout options' choices: the keys of the chosen choice of each option, and every
 * key that belongs to no option. A VIA keyboard holds its choices (the driver draws the record from them); a libhmk
 * keyboard holds none, so the app keeps them on this computer and draws the record from them
 * (src/ui/keyboard/layout-choices-store.ts). Either way a choice (split backspace, ISO enter) changes every screen.
 */
import type { DeviceLayout, DeviceLayoutKey } from './device-features.ts';

/** The four corners of a key turned by `r` degrees about (rx, ry). */
export function corners(
  k: Pick<DeviceLayoutKey, 'x' | 'y' | 'w' | 'h' | 'r' | 'rx' | 'ry'>,
): { x: number; y: number }[] {
  const rad = ((k.r ?? 0) * Math.PI) / 180;
  const rx = k.rx ?? k.x;
  const ry = k.ry ?? k.y;
  return [
    [k.x, k.y],
    [k.x + k.w, k.y],
    [k.x, k.y + k.h],
    [k.x + k.w, k.y + k.h],
  ].map(([x, y]) => {
    const dx = x! - rx;
    const dy = y! - ry;
    return { x: rx + dx * Math.cos(rad) - dy * Math.sin(rad), y: ry + dx * Math.sin(rad) + dy * Math.cos(rad) };
  });
}

const round = (v: number) => Math.round(v * 1000) / 1000;

/** `choices[i]` is the chosen choice of option i (0 where missing). */
export function layoutForChoices(layout: DeviceLayout, choices: readonly number[]): DeviceLayout {
  const kept = layout.keys.filter((k) => !k.option || k.option[1] === (choices[k.option[0]] ?? 0));
  if (kept.length === 0) return layout;
  const points = kept.flatMap(corners);
  const minX = Math.min(0, ...points.map((p) => p.x));
  const minY = Math.min(0, ...points.map((p) => p.y));
  const keys = kept.map(({ option: _option, ...k }) => {
    const moved: DeviceLayoutKey = { ...k, x: round(k.x - minX), y: round(k.y - minY) };
    if (k.rx !== undefined) moved.rx = round(k.rx - minX);
    if (k.ry !== undefined) moved.ry = round(k.ry - minY);
    return moved;
  });
  return {
    ...layout,
    keys,
    width: round(Math.max(...points.map((p) => p.x)) - minX),
    height: round(Math.max(...points.map((p) => p.y)) - minY),
  };
}
