/**
 * The histories of the app's devices, kept outside the device page so one survives a visit to another tab or screen.
 * A history belongs to one keyboard (its path and serial): it is dropped, with a toast when it held anything, as soon
 * as that keyboard leaves the list, goes offline, or another keyboard (another serial) appears at its path, so it
 * never replays onto another keyboard.
 */
import type { DeviceRecord } from '../../contract/bridge';
import type { Client } from '../../contract/client';
import type { DeviceStore } from '../device-list/store';
import { useToastStore } from '../toasts/store';
import { createDeviceHistory, type DeviceHistory } from './history';
import { namesOf } from '../../core/backup/names';
import { recordingClient } from './recording-client';

export interface HeldHistory {
  history: DeviceHistory;
  /** The app's client with this device's changes recorded: the one the device page's screens use. */
  client: Client;
  serial: string;
  name: string;
  /** Names keys and codes from this record from now on (a VIA keyboard's layout arrives with its definition). */
  follow(device: DeviceRecord): void;
  release(): void;
}

const byApp = new WeakMap<DeviceStore, Map<string, HeldHistory>>();

function drop(held: Map<string, HeldHistory>, path: string, announce: boolean): void {
  const one = held.get(path);
  if (!one) return;
  held.delete(path);
  const hadEntries = one.history.store.getState().entries.length > 0;
  one.release();
  if (announce && hadEntries)
    useToastStore
      .getState()
      .push({ title: 'history.cleared.disconnected', context: '', args: one.name, type: 2, delay: 5 });
}

function heldOf(devices: DeviceStore): Map<string, HeldHistory> {
  let held = byApp.get(devices);
  if (!held) {
    const map = new Map<string, HeldHistory>();
    held = map;
    byApp.set(devices, map);
    devices.subscribe((state) => {
      for (const [path, one] of map) {
        const record = state.devices.find((d) => d.path === path);
        if (!record || record.online === false || record.dev_sn !== one.serial) drop(map, path, true);
      }
    });
  }
  return held;
}

/** The device's history in this app, made on first use (and read from the keyboard then). */
export function historyFor(
  app: { client: Client; devices: DeviceStore },
  device: DeviceRecord,
  quietMs?: number,
): HeldHistory {
  const held = heldOf(app.devices);
  const existing = held.get(device.path);
  if (existing && existing.serial === device.dev_sn) {
    existing.follow(device);
    return existing;
  }
  if (existing) drop(held, device.path, false);
  let record = device;
  let names = namesOf(device);
  const history = createDeviceHistory({
    client: app.client,
    path: device.path,
    names: { key: (id) => names.key(id), code: (code) => names.code(code) },
    ...(quietMs !== undefined ? { quietMs } : {}),
  });
  const off = app.client.on('config_restored', (event) => {
    if (event.path === device.path) history.restored(event.reason);
  });
  const one: HeldHistory = {
    history,
    client: recordingClient(app.client, history),
    serial: device.dev_sn,
    name: device.display_name,
    follow(next) {
      if (next.layout === record.layout && next.features === record.features) return;
      record = next;
      names = namesOf(next);
    },
    release() {
      off();
      history.dispose();
    },
  };
  held.set(device.path, one);
  return one;
}
