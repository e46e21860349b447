import { create } from 'zustand';
import type { ToastPayload } from '../../contract/bridge';

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
