/**
 * Top-level dialogs, addressed as the spec does by type and index. Only the redirect dialog (type 2, index 3) is
 * top-level today: models configured through another flow open it instead of the device page.
 */
import { create } from 'zustand';
import type { DeviceRecord } from '../../contract/bridge';

export const REDIRECT_DIALOG = { type: 2, index: 3 } as const;

export interface TopDialog {
  type: number;
  index: number;
  device: DeviceRecord;
}

interface TopDialogState {
  dialog: TopDialog | null;
  show(dialog: TopDialog): void;
  hide(): void;
}

export const useTopDialogStore = create<TopDialogState>((set) => ({
  dialog: null,
  show(dialog) {
    set({ dialog });
  },
  hide() {
    set({ dialog: null });
  },
}));
