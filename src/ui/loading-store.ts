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
