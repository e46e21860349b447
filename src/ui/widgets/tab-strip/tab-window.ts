/**
 * Which tabs of an overflowing tab strip are in view. With a maximum count (spec-2 §2.5: "a scroll arrow when tab
 * count exceeds its maximum") the strip shows a window of that many tabs; without one, the strip's own width decides.
 */

export interface ScrollGeometry {
  scrollLeft: number;
  clientWidth: number;
  scrollWidth: number;
}

export interface ArrowState {
  /** The arrows are shown at all. */
  overflow: boolean;
  canScrollBack: boolean;
  canScrollForward: boolean;
}

export const NO_ARROWS: ArrowState = { overflow: false, canScrollBack: false, canScrollForward: false };

/** Sub-pixel layouts leave a pixel of difference between widths that in fact fit. */
const SLACK = 1;

/** Arrows for a strip that scrolls by its width. */
export function arrowsForGeometry(g: ScrollGeometry): ArrowState {
  const overflow = g.scrollWidth - g.clientWidth > SLACK;
  if (!overflow) return NO_ARROWS;
  return {
    overflow,
    canScrollBack: g.scrollLeft > SLACK,
    canScrollForward: g.scrollLeft + g.clientWidth < g.scrollWidth - SLACK,
  };
}

/** Arrows for a strip that shows at most `maxVisible` tabs, starting at tab `first`. */
export function arrowsForWindow(first: number, maxVisible: number, count: number): ArrowState {
  if (count <= maxVisible) return NO_ARROWS;
  return { overflow: true, canScrollBack: first > 0, canScrollForward: first + maxVisible < count };
}

/** The first tab of the window after moving it by `delta`, kept so the window stays full. */
export function moveWindow(first: number, delta: number, maxVisible: number, count: number): number {
  return Math.min(Math.max(first + delta, 0), Math.max(count - maxVisible, 0));
}

/** The first tab of the smallest move of the window that brings tab `index` into view. */
export function revealInWindow(first: number, index: number, maxVisible: number, count: number): number {
  if (index < 0) return first;
  if (index < first) return moveWindow(index, 0, maxVisible, count);
  if (index >= first + maxVisible) return moveWindow(index - maxVisible + 1, 0, maxVisible, count);
  return moveWindow(first, 0, maxVisible, count);
}

/** Where a width-scrolled strip goes for one arrow press: most of a width, never past either end. */
export function nextScrollLeft(g: ScrollGeometry, direction: 1 | -1): number {
  const stride = Math.max(g.clientWidth * 0.75, 40);
  return Math.min(Math.max(g.scrollLeft + direction * stride, 0), Math.max(g.scrollWidth - g.clientWidth, 0));
}
