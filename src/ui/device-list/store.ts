/**
 * The device list and which device is open. Fed by `app_info get_dev_list` at start and by every `devs_changed`
 * event after; when the open device leaves the list or goes offline, the page closes and the list shows again.
 * It also says which card keyboard focus goes to next: a device just added, or the one whose page just closed.
 * A keyboard whose layout choices are kept on this computer is drawn from them (layout-choices-store.ts).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DeviceRecord } from '../../contract/bridge';
import type { DeviceTabId } from '../../core/device-tabs';
import { withLocalChoices } from '../keyboard/layout-choices-store';

export interface DeviceState {
  devices: DeviceRecord[];
  openPath: string | null;
  /** The tab the device page opens on. */
  openTab: DeviceTabId;
  /** The device whose card takes keyboard focus once it is on screen. */
  focusPath: string | null;
  /** Paths listed when the person asked for a device; the first path not among them takes focus when it arrives. */
  awaitingNew: readonly string[] | null;
  setDevices(devices: DeviceRecord[]): void;
  open(path: string, tab?: DeviceTabId): void;
  close(): void;
  focusDevice(path: string | null): void;
  /** The next device to appear takes focus (a device the browser's picker granted); `false` stops waiting. */
  expectNewDevice(expect?: boolean): void;
}

export type DeviceStore = StoreApi<DeviceState>;

function isOpenable(devices: readonly DeviceRecord[], path: string | null): boolean {
  return path !== null && devices.some((d) => d.path === path && d.online !== false);
}

export function createDeviceStore(initial: DeviceRecord[] = []): DeviceStore {
  return createStore<DeviceState>((set, get) => ({
    devices: initial.map(withLocalChoices),
    openPath: null,
    openTab: '0',
    focusPath: null,
    awaitingNew: null,
    setDevices(listed) {
      const devices = listed.map(withLocalChoices);
      const { openPath, awaitingNew, focusPath } = get();
      const arrived = awaitingNew ? devices.find((d) => !awaitingNew.includes(d.path)) : undefined;
      set({
        devices,
        openPath: isOpenable(devices, openPath) ? openPath : null,
        focusPath: arrived ? arrived.path : focusPath,
        awaitingNew: arrived ? null : awaitingNew,
      });
    },
    open(path, tab = '0') {
      if (isOpenable(get().devices, path)) set({ openPath: path, openTab: tab, focusPath: null });
    },
    close() {
      set({ openPath: null, focusPath: get().openPath });
    },
    focusDevice(path) {
      set({ focusPath: path });
    },
    expectNewDevice(expect = true) {
      set({ awaitingNew: expect ? get().devices.map((d) => d.path) : null });
    },
  }));
}
