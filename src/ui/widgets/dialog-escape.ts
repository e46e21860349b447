/**
 * Escape belongs to the dialog it is pressed in. Radix stacks dismissable layers in the order they appear, and only
 * the top one hears Escape: a toast that appeared while a dialog was open would take the first Escape for itself,
 * and the dialog would need a second. A toast hands such an Escape on (`handEscapeToDialog`), and the app's dialog
 * closes on it (`escapeHandedOn`).
 */

/** Marks the frame of the app's dialogs, which close on an Escape handed on to them. */
export const APP_DIALOG_ATTRIBUTE = 'data-app-dialog';

const handedOn = new WeakSet<Event>();

/**
 * True when `event` was pressed inside one of the app's dialogs: it is then kept from the toast (default prevented)
 * and marked for the dialog.
 */
export function handEscapeToDialog(event: KeyboardEvent): boolean {
  const target = event.target;
  if (!(target instanceof Element) || !target.closest(`[${APP_DIALOG_ATTRIBUTE}]`)) return false;
  event.preventDefault();
  handedOn.add(event);
  return true;
}

export function escapeHandedOn(event: Event): boolean {
  return handedOn.has(event);
}
