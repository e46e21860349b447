/**
 * The device's advanced-key lists for one device, from the device's store: read once with get_key_func_info, then
 * kept current from the get_key_func_info event the service emits after every change (the device is the truth).
 */
import { useCallback, useMemo } from 'react';
import { useDeviceData, useDeviceDataSelector } from '../../store/device-data';
import { funcInfoOf, type FuncInfo, type FuncInfoPayload } from './func-info';

export { useDeviceRecord } from '../../../device-features';

export type FuncInfoState = ({ status: 'loading' } | { status: 'ready'; info: FuncInfo } | { status: 'failed' }) & {
  reload(): void;
};

/** Uses `given` when the caller already holds the payload; otherwise the device's store (store/device-data.ts). */
export function useFuncInfo(path: string, given: FuncInfoPayload | undefined): FuncInfoState {
  const data = useDeviceData(path, given === undefined ? ['funcInfo'] : []);
  const loaded = useDeviceDataSelector(data, (s) => s.funcInfo);
  const reload = useCallback(() => void data.loadFuncInfo(), [data]);
  const payload = given ?? (loaded.status === 'ready' ? loaded.value : undefined);
  const info = useMemo(() => (payload === undefined ? undefined : funcInfoOf(payload)), [payload]);
  if (info) return { status: 'ready', info, reload };
  return { status: given === undefined && loaded.status === 'failed' ? 'failed' : 'loading', reload };
}
