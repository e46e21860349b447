import { create } from 'zustand';
import type { ToastPayload } from '../../contract/bridge';
import { toastStyle } from '../../core/toast-keys';

export interface ToastEntry extends ToastPayload {
  id: number;
}

interface ToastState {
  toasts: ToastEntry[];
  push(toast: ToastPayload): void;
  dismiss(id: number): void;
}

let nextId = 1;
// Older toasts beyond this are dropped so a burst of errors cannot bury the screen.
const MAX_VISIBLE = 4;

export const useToastStore = create<ToastState>((set) => ({
  toasts: [],
  push(toast) {
    set((s) => ({ toasts: [...s.toasts, { ...toast, id: nextId++ }].slice(-MAX_VISIBLE) }));
  },
  dismiss(id) {
    set((s) => ({ toasts: s.toasts.filter((x) => x.id !== id) }));
  },
}));

/**
 * Shows the toast of a catalogue key raised by the UI itself, with the type and duration of the one toast table
 * (core/toast-keys.ts), like the service's refusals. `args` fill the message's placeholders in order.
 */
export function pushKeyToast(key: string, ...args: string[]): void {
  const { type, delay } = toastStyle(key);
  useToastStore.getState().push({ title: key, context: '', args: args.join(';;'), type, delay });
}
