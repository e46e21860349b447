/**
 * Where a mouse press may start moving the desktop window (spec-1 §2): inside the top 50 px, but not within 10 px of
 * the window's edges (those belong to resizing) and not in the 100 px zone holding the window buttons.
 */
import type { Platform } from '../host-types';

export const DRAG_AREA_HEIGHT = 50;
export const RESIZE_EDGE = 10;
export const CONTROL_ZONE = 100;

export type ControlsSide = 'left' | 'right';

/** Mac puts window buttons on the left; every other platform on the right. */
export function controlsSide(platform: Platform): ControlsSide {
  return platform === 'mac' ? 'left' : 'right';
}

/** True when a press at (x, y), in window coordinates, may start a window drag. */
export function isInDragRegion(x: number, y: number, windowWidth: number, side: ControlsSide): boolean {
  if (y < RESIZE_EDGE || y >= DRAG_AREA_HEIGHT) return false;
  if (x < RESIZE_EDGE || x >= windowWidth - RESIZE_EDGE) return false;
  if (side === 'right' && x >= windowWidth - CONTROL_ZONE) return false;
  if (side === 'left' && x < CONTROL_ZONE) return false;
  return true;
}
