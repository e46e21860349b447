/** The page-wide loading overlay, raised and lowered by the service's show_loading event. */
import { create } from 'zustand';

interface LoadingState {
  visible: boolean;
  setVisible(visible: boolean): void;
}

export const useLoadingStore = create<LoadingState>((set) => ({
  visible: false,
  setVisible(visible) {
    set({ visible });
  },
}));

/** show_loading carries "1"/"0" or a number (sometimes wrapped in a list): anything non-zero means shown. */
export function isLoadingOn(payload: unknown): boolean {
  const value = Array.isArray(payload) ? payload[0] : payload;
  if (typeof value === 'boolean') return value;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n !== 0;
}
