/**
 * The key value info of one device as the Key code tab uses it, from the device's store (store/device-data.ts):
 * read once, kept current by the get_key_value_info and get_key_func_info events.
 */
import { useCallback } from 'react';
import { useDeviceData, useDeviceDataSelector } from '../store/device-data';
import type { KeyValueInfo } from './key-values';

export type KeyValueState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; info: KeyValueInfo };

export function useKeyValues(path: string) {
  const data = useDeviceData(path, ['keyValues']);
  const loaded = useDeviceDataSelector(data, (s) => s.keyValues);
  const state: KeyValueState = loaded.status === 'ready' ? { status: 'ready', info: loaded.value } : loaded;
  const reload = useCallback(() => data.loadKeyValues(), [data]);
  return { state, data, reload };
}
