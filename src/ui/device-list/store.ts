/**
 * The device list and which device is open. Fed by `app_info get_dev_list` at start and by every `devs_changed`
 * event after; when the open device leaves the list or goes offline, the page closes and the list shows again.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DeviceRecord } from '../../contract/bridge';

/** Device page tab ids (spec-1 §2): key code 0, key LED 1, key performance 3, device settings 4. */
export const DEVICE_TABS = ['0', '1', '3', '4'] as const;
export type DeviceTabId = (typeof DEVICE_TABS)[number];

export interface DeviceState {
  devices: DeviceRecord[];
  openPath: string | null;
  /** The tab the device page opens on. */
  openTab: DeviceTabId;
  setDevices(devices: DeviceRecord[]): void;
  open(path: string, tab?: DeviceTabId): void;
  close(): void;
}

export type DeviceStore = StoreApi<DeviceState>;

function isOpenable(devices: readonly DeviceRecord[], path: string | null): boolean {
  return path !== null && devices.some((d) => d.path === path && d.online !== false);
}

export function createDeviceStore(initial: DeviceRecord[] = []): DeviceStore {
  return createStore<DeviceState>((set, get) => ({
    devices: initial,
    openPath: null,
    openTab: '0',
    setDevices(devices) {
      const { openPath } = get();
      set({ devices, openPath: isOpenable(devices, openPath) ? openPath : null });
    },
    open(path, tab = '0') {
      if (isOpenable(get().devices, path)) set({ openPath: path, openTab: tab });
    },
    close() {
      set({ openPath: null });
    },
  }));
}
