/**
 * Where the toast stack goes while a dialog is open: the first corner (bottom right, as always, then top right,
 * bottom left, top left) where the stack covers none of the dialog's controls (its text fields, where a person types,
 * and its buttons, OK above all). Where no corner is clear at full width (a wide dialog on a 1366 x 768 screen: its
 * OK sits where the bottom-right stack would be), the stack narrows to fit beside the dialog; where there is no room
 * for that either, it takes the corner covering the fewest controls.
 */
export const PLACEMENTS = ['bottom-right', 'top-right', 'bottom-left', 'top-left'] as const;
export type ToastPlacement = (typeof PLACEMENTS)[number];

/** Distance of the stack from the window's edges (shell.css), and kept from a dialog's edge when beside it. */
const EDGE = 20;
const GAP = 12;
/** Narrower than this, a toast's text would wrap into a column. */
export const MIN_STACK_WIDTH = 240;

interface Size {
  width: number;
  height: number;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface StackPlace {
  placement: ToastPlacement;
  /** Set when the stack is narrowed to fit beside the dialog, in px. */
  width?: number;
}

/** An open dialog: its frame, and the rectangles of the controls a toast must leave visible. */
export interface DialogShape {
  box: Box;
  controls: readonly Box[];
}

function stackRect(place: ToastPlacement, view: Size, stack: Size): Box {
  const left = place.endsWith('right') ? view.width - EDGE - stack.width : EDGE;
  const top = place.startsWith('bottom') ? view.height - EDGE - stack.height : EDGE;
  return { left, top, right: left + stack.width, bottom: top + stack.height };
}

const overlaps = (a: Box, b: Box): boolean =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The first corner where the stack covers none of `controls`; bottom right when every corner covers one. */
export function toastPlacement(controls: readonly Box[], view: Size, stack: Size): ToastPlacement {
  return (
    PLACEMENTS.find((place) => !controls.some((control) => overlaps(stackRect(place, view, stack), control))) ??
    'bottom-right'
  );
}

/** Where the stack goes with these dialogs open (none: bottom right at full width). */
export function placeStack(dialogs: readonly DialogShape[], view: Size, stack: Size): StackPlace {
  const controls = dialogs.flatMap((d) => d.controls);
  const clear = (place: ToastPlacement, size: Size) =>
    !controls.some((control) => overlaps(stackRect(place, view, size), control));
  const full = PLACEMENTS.find((place) => clear(place, stack));
  if (full) return { placement: full };
  // Beside the dialogs: the room between their frames and the window's edge, on either side.
  const left = Math.min(...dialogs.map((d) => d.box.left)) - GAP - EDGE;
  const right = view.width - EDGE - GAP - Math.max(...dialogs.map((d) => d.box.right));
  for (const place of PLACEMENTS) {
    const room = Math.floor(place.endsWith('right') ? right : left);
    if (room < MIN_STACK_WIDTH) continue;
    const width = Math.min(room, stack.width);
    // Narrower, the same text takes more lines.
    const size = { width, height: Math.ceil((stack.height * stack.width) / width) };
    if (clear(place, size)) return { placement: place, width };
  }
  const covered = (place: ToastPlacement) =>
    controls.filter((control) => overlaps(stackRect(place, view, stack), control)).length;
  return {
    placement: PLACEMENTS.reduce((best, place) => (covered(place) < covered(best) ? place : best)),
  };
}

const CONTROLS = [
  'input:not([type="hidden"])',
  'textarea',
  'select',
  'button',
  'a[href]',
  '[role="combobox"]',
  '[role="searchbox"]',
  '[role="slider"]',
  '[role="tab"]',
  '[role="radio"]',
  '[role="checkbox"]',
  '[role="switch"]',
].join(', ');

const rectOf = (element: Element): Box => {
  const { left, top, right, bottom } = element.getBoundingClientRect();
  return { left, top, right, bottom };
};

/** The dialogs open now, with their controls that show (a control of no size, or hidden, is left out). */
export function openDialogs(root: ParentNode = document): DialogShape[] {
  return [...root.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')].map((dialog) => ({
    box: rectOf(dialog),
    controls: [...dialog.querySelectorAll(CONTROLS)]
      .map(rectOf)
      .filter((box) => box.right > box.left && box.bottom > box.top),
  }));
}
