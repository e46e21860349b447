import { create } from 'zustand';
import type { ToastPayload } from '../../contract/bridge';
import { toastStyle } from '../../core/toast-keys';

export interface ToastEntry extends ToastPayload {
  id: number;
  /** How many times this same toast was said while it showed (1 the first time). */
  count: number;
}

interface ToastState {
  toasts: ToastEntry[];
  push(toast: ToastPayload): void;
  dismiss(id: number): void;
}

let nextId = 1;
// Older toasts beyond this are dropped so a burst of errors cannot bury the screen.
const MAX_VISIBLE = 4;

/** Keys a screen currently says in its own words (a dialog's notice), with how many holders each has. */
const quiet = new Map<string, number>();

/** While a dialog waits for a call whose refusal it will say itself, toasts wait here (holdToasts). */
let holds = 0;
let held: ToastPayload[] = [];

const sameToast = (a: ToastPayload, b: ToastPayload): boolean =>
  a.title === b.title &&
  (a.context ?? '') === (b.context ?? '') &&
  (a.args ?? '') === (b.args ?? '') &&
  a.type === b.type;

export const useToastStore = create<ToastState>((set) => ({
  toasts: [],
  push(toast) {
    if (quiet.has(toast.title)) return;
    if (holds > 0) {
      held.push(toast);
      return;
    }
    set((s) => {
      // Said again while it shows: one toast with a count, its time started again (a new id restarts it).
      const same = s.toasts.find((x) => sameToast(x, toast));
      if (same)
        return {
          toasts: [...s.toasts.filter((x) => x !== same), { ...toast, id: nextId++, count: same.count + 1 }],
        };
      return { toasts: [...s.toasts, { ...toast, id: nextId++, count: 1 }].slice(-MAX_VISIBLE) };
    });
  },
  dismiss(id) {
    set((s) => ({ toasts: s.toasts.filter((x) => x.id !== id) }));
  },
}));

/**
 * While the returned function has not been called, toasts titled with one of `keys` are not shown: the caller says
 * the same thing in its own place (the firmware dialog's notice), so a person does not read it twice.
 */
export function quietToasts(keys: readonly string[]): () => void {
  for (const key of keys) quiet.set(key, (quiet.get(key) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const key of keys) {
      const left = (quiet.get(key) ?? 1) - 1;
      if (left > 0) quiet.set(key, left);
      else quiet.delete(key);
    }
  };
}

/**
 * Toasts said from now until the returned function is called wait, and are shown then unless their key was quieted
 * meanwhile: a dialog holds them while its call runs, so the refusal it then shows in its own words (quietToasts)
 * is never toasted too, not even for a moment, whichever of the refusal's toast and the call's answer comes first.
 */
export function holdToasts(): () => void {
  holds++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds--;
    if (holds > 0) return;
    const waiting = held;
    held = [];
    for (const toast of waiting) useToastStore.getState().push(toast);
  };
}

/** Takes away the toasts of `key` already showing. */
export function dismissToastsOf(key: string): void {
  useToastStore.setState((s) => ({ toasts: s.toasts.filter((x) => x.title !== key) }));
}

/**
 * Shows the toast of a catalogue key raised by the UI itself, with the type and duration of the one toast table
 * (core/toast-keys.ts), like the service's refusals. `args` fill the message's placeholders in order.
 */
export function pushKeyToast(key: string, ...args: string[]): void {
  const { type, delay } = toastStyle(key);
  useToastStore.getState().push({ title: key, context: '', args: args.join(';;'), type, delay });
}
