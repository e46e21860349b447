/**
 * Where the toast stack goes while a dialog is open: the first corner (bottom right, as always, then top right,
 * bottom left, top left) where the stack covers none of the dialog's text fields, so a toast never hides the box a
 * person is typing in (the key-code picker's search, a rename field).
 */
export const PLACEMENTS = ['bottom-right', 'top-right', 'bottom-left', 'top-left'] as const;
export type ToastPlacement = (typeof PLACEMENTS)[number];

/** Distance of the stack from the window's edges (shell.css). */
const EDGE = 20;

interface Size {
  width: number;
  height: number;
}

function stackRect(place: ToastPlacement, view: Size, stack: Size) {
  const left = place.endsWith('right') ? view.width - EDGE - stack.width : EDGE;
  const top = place.startsWith('bottom') ? view.height - EDGE - stack.height : EDGE;
  return { left, top, right: left + stack.width, bottom: top + stack.height };
}

const overlaps = (a: { left: number; top: number; right: number; bottom: number }, b: DOMRect): boolean =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

export function toastPlacement(fields: readonly DOMRect[], view: Size, stack: Size): ToastPlacement {
  return (
    PLACEMENTS.find((place) => !fields.some((field) => overlaps(stackRect(place, view, stack), field))) ??
    'bottom-right'
  );
}

/** The text fields of the dialogs open now. */
export function openDialogFields(root: ParentNode = document): DOMRect[] {
  return [
    ...root.querySelectorAll<HTMLElement>(
      '[role="dialog"] :is(input:not([type="hidden"]), textarea, [role="combobox"], [role="searchbox"])',
    ),
  ].map((field) => field.getBoundingClientRect());
}
