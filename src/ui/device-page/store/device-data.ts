/**
 * One store per open device (zustand), fed by the service's events through the typed client: the key value info
 * (get_key_value_info), the advanced-key function info (get_key_func_info) and the flash sync state (sync_update).
 * Screens read it and call through it; none of them subscribes, filters or patches a copy of its own.
 *
 * Answers and events. The service emits the event of a call before it answers, and the bridge keeps that order, so
 * the answer of a call normally repeats what its event already applied. An answer is therefore applied only when
 * nothing changed that data since the call was made (no event, no local edit) and no later call's answer was
 * applied: on a bridge without events the answers keep the data current, and on one with events an answer can
 * neither apply a second time nor bring back an older state over a newer event.
 */
import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Client } from '../../../contract/client';
import type { EventPayloads } from '../../../contract/contract';
import { attempt, type Attempt } from '../../call';
import { useServices } from '../../services';
import { syncStateOf, type SyncState } from '../sync';

export type KeyValueInfo = EventPayloads['get_key_value_info'];
export type FuncInfoPayload = EventPayloads['get_key_func_info'];

export type Loadable<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; value: T };

export interface DeviceData {
  path: string;
  keyValues: Loadable<KeyValueInfo>;
  funcInfo: Loadable<FuncInfoPayload>;
  /** undefined until the device first reports writing its flash. */
  sync: SyncState | undefined;
}

export type Slice = 'keyValues' | 'funcInfo';
const SLICES: readonly Slice[] = ['keyValues', 'funcInfo'];
type SliceValue<S extends Slice> = S extends 'keyValues' ? KeyValueInfo : FuncInfoPayload;

export interface DeviceDataStore {
  readonly path: string;
  readonly store: StoreApi<DeviceData>;
  /** Reads the key value info again (retry after a failed load). */
  loadKeyValues(): Promise<Attempt<KeyValueInfo>>;
  /** Reads the function info again. */
  loadFuncInfo(): Promise<Attempt<FuncInfoPayload>>;
  /**
   * The key value info once it is no longer being read: at once when it is there (or failed), else when its read
   * ends. An edit asked for while the page is still reading waits on it, so it lands on the keys and layer the read
   * shows instead of being dropped.
   */
  keyValuesSettled(): Promise<Loadable<KeyValueInfo>>;
  /**
   * Runs a call whose answer is the key value info (set_key_info): its answer is applied unless its event, or
   * anything newer, already was.
   */
  changeKeyValues(pending: Promise<KeyValueInfo>): Promise<Attempt<KeyValueInfo>>;
  /** A local edit shown before the device confirms it (and undone if it refuses). */
  patchKeyValues(change: (info: KeyValueInfo) => KeyValueInfo): void;
  /**
   * Reads again every slice read since the store started following (the keyboard's configuration was replaced as a
   * whole: a restore, undo or redo). What shows stays until the new values arrive.
   */
  reload(): void;
  /**
   * Starts following the device and reads the data `wanted` not read since; returns the matching release. The store
   * stops following when its last holder lets go.
   */
  acquire(wanted?: readonly Slice[]): () => void;
}

/** The advanced-key lists of a function info, which the key value info carries too. */
function listsOf(
  payload: FuncInfoPayload,
): Pick<KeyValueInfo, 'dks_list' | 'shortcut_list' | 'macro_list' | 'snaptap_list' | 'hypertap_list'> {
  const { dks_list, shortcut_list, macro_list, snaptap_list, hypertap_list } = payload;
  return { dks_list, shortcut_list, macro_list, snaptap_list, hypertap_list };
}

export function createDeviceData(client: Client, path: string): DeviceDataStore {
  const store = createStore<DeviceData>(() => ({
    path,
    keyValues: { status: 'loading' },
    funcInfo: { status: 'loading' },
    sync: undefined,
  }));
  // Per slice: changes other than answers (events, local edits), calls made, and the newest call whose answer applied.
  const changes: Record<Slice, number> = { keyValues: 0, funcInfo: 0 };
  const issued: Record<Slice, number> = { keyValues: 0, funcInfo: 0 };
  const answered: Record<Slice, number> = { keyValues: 0, funcInfo: 0 };
  let holders = 0;
  let stop: (() => void) | undefined;
  const read = new Set<Slice>();

  const setSlice = <S extends Slice>(slice: S, value: SliceValue<S>) =>
    store.setState({ [slice]: { status: 'ready', value } } as Partial<DeviceData>);

  const applyFuncInfo = (payload: FuncInfoPayload) => {
    // The key value info carries the same lists; keep both in step in one update.
    const kv = store.getState().keyValues;
    store.setState({
      funcInfo: { status: 'ready', value: payload },
      ...(kv.status === 'ready' ? { keyValues: { status: 'ready', value: { ...kv.value, ...listsOf(payload) } } } : {}),
    });
  };

  const track = async <S extends Slice>(slice: S, pending: Promise<SliceValue<S>>): Promise<Attempt<SliceValue<S>>> => {
    const call = ++issued[slice];
    const changesAtCall = changes[slice];
    const result = await attempt(pending);
    if (result.ok) {
      if (changes[slice] === changesAtCall && call > answered[slice]) {
        answered[slice] = call;
        if (slice === 'funcInfo') applyFuncInfo(result.value as FuncInfoPayload);
        else setSlice(slice, result.value);
      }
    } else if (store.getState()[slice].status === 'loading') {
      store.setState({ [slice]: { status: 'failed' } } as Partial<DeviceData>);
    }
    return result;
  };

  const changed = (slice: Slice) => {
    changes[slice]++;
  };

  const start = () => {
    const offs = [
      client.on('get_key_value_info', (info) => {
        if (info.path !== path) return;
        changed('keyValues');
        setSlice('keyValues', info);
      }),
      client.on('get_key_func_info', (payload) => {
        if (payload.path !== path) return;
        changed('funcInfo');
        changed('keyValues');
        applyFuncInfo(payload);
      }),
      client.on('sync_update', (update) => {
        if (update.path === path) store.setState({ sync: syncStateOf(update) });
      }),
    ];
    return () => {
      offs.forEach((off) => off());
      read.clear();
    };
  };

  const data: DeviceDataStore = {
    path,
    store,
    loadKeyValues: () => track('keyValues', client.getKeyValueInfo({ path })),
    loadFuncInfo: () => track('funcInfo', client.getKeyFuncInfo({ path })),
    changeKeyValues: (pending) => track('keyValues', pending),
    keyValuesSettled() {
      const settled = (state: DeviceData) => state.keyValues.status !== 'loading';
      if (settled(store.getState())) return Promise.resolve(store.getState().keyValues);
      return new Promise((resolve) => {
        const off = store.subscribe((state) => {
          if (!settled(state)) return;
          off();
          resolve(state.keyValues);
        });
      });
    },
    patchKeyValues(change) {
      const kv = store.getState().keyValues;
      if (kv.status !== 'ready') return;
      changed('keyValues');
      store.setState({ keyValues: { status: 'ready', value: change(kv.value) } });
    },
    reload() {
      for (const slice of [...read]) {
        // An answer to a call made before the replacement must not show, not even until the fresh read arrives.
        changed(slice);
        void (slice === 'keyValues' ? data.loadKeyValues() : data.loadFuncInfo());
      }
    },
    acquire(wanted = SLICES) {
      if (holders++ === 0) stop = start();
      for (const slice of wanted) {
        if (read.has(slice)) continue;
        read.add(slice);
        void (slice === 'keyValues' ? data.loadKeyValues() : data.loadFuncInfo());
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (--holders === 0) {
          stop?.();
          stop = undefined;
        }
      };
    },
  };
  return data;
}

const registry = new WeakMap<Client, Map<string, DeviceDataStore>>();

/** The device's store for this client, made on first use. */
export function deviceDataFor(client: Client, path: string): DeviceDataStore {
  let byPath = registry.get(client);
  if (!byPath) {
    byPath = new Map();
    registry.set(client, byPath);
  }
  let data = byPath.get(path);
  if (!data) {
    data = createDeviceData(client, path);
    byPath.set(path, data);
  }
  return data;
}

/** Reads the device's store for this client again, if one was made (see DeviceDataStore.reload). */
export function reloadDeviceData(client: Client, path: string): void {
  registry.get(client)?.get(path)?.reload();
}

/** Holds the device's store while the component is mounted. */
export function useDeviceDataStore(client: Client, path: string, wanted: readonly Slice[] = SLICES): DeviceDataStore {
  const data = useMemo(() => deviceDataFor(client, path), [client, path]);
  const key = wanted.join(' ');
  useEffect(() => data.acquire(key ? (key.split(' ') as Slice[]) : []), [data, key]);
  return data;
}

/** A part of the device's data, re-rendering when it changes. */
export function useDeviceDataSelector<T>(data: DeviceDataStore, selector: (state: DeviceData) => T): T {
  return useStore(data.store, selector);
}

/** The open device's store, from the app's client. */
export function useDeviceData(path: string, wanted?: readonly Slice[]): DeviceDataStore {
  return useDeviceDataStore(useServices().client, path, wanted);
}
