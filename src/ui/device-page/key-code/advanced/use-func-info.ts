/**
 * The device's advanced-key lists for one device: read once with get_key_func_info, then kept current from the
 * get_key_func_info event the service emits after every change (the device is the truth, never a local copy).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { capabilitiesFor, type Capabilities } from '../../../../core/capabilities';
import type { DeviceRecord } from '../../../../service/bridge';
import { useDeviceState, useServices } from '../../../services';
import { loadFuncInfo } from './actions';
import { parseFuncInfo, type FuncInfo } from './func-info';

export function useDeviceRecord(path: string): DeviceRecord | undefined {
  return useDeviceState((s) => s.devices.find((d) => d.path === path));
}

/** Capabilities of the device's model and firmware; an unreadable version gets every feature off. */
export function useCapabilities(device: DeviceRecord | undefined): Capabilities {
  const name = device?.display_name ?? '';
  const fw = device?.fw_ver ?? '';
  return useMemo(() => {
    try {
      return capabilitiesFor(name, fw);
    } catch {
      return capabilitiesFor('', '0.0.0');
    }
  }, [name, fw]);
}

const isPayload = (v: unknown): boolean => typeof v === 'object' && v !== null && 'dks_list' in v;

const forPath = (payload: unknown, path: string): boolean =>
  typeof payload !== 'object' || payload === null || !('path' in payload) || payload.path === path;

export type FuncInfoState = ({ status: 'loading' } | { status: 'ready'; info: FuncInfo } | { status: 'failed' }) & {
  reload(): void;
};

/** Parses `given` when the caller already holds the payload; otherwise loads it and follows the event. */
export function useFuncInfo(path: string, caps: Capabilities, given: unknown): FuncInfoState {
  const { host } = useServices();
  const [loaded, setLoaded] = useState<{ path: string; payload: unknown; failed: boolean } | undefined>(undefined);
  const external = given !== undefined;
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => {
    setLoaded(undefined);
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    if (external) return undefined;
    let live = true;
    const off = host.bridge.on('get_key_func_info', (payload) => {
      if (isPayload(payload) && forPath(payload, path)) setLoaded({ path, payload, failed: false });
    });
    void loadFuncInfo(host.bridge, path).then((result) => {
      if (!live) return;
      // The event may already have delivered a newer payload; an answer that is not the payload means the event
      // is on its way.
      setLoaded((current) => {
        if (current?.path === path && !current.failed) return current;
        if (!result.ok) return { path, payload: undefined, failed: true };
        return isPayload(result.value) ? { path, payload: result.value, failed: false } : current;
      });
    });
    return () => {
      live = false;
      off();
    };
  }, [host.bridge, path, external, attempt]);

  const payload = external ? given : loaded?.path === path ? loaded.payload : undefined;
  const info = useMemo(() => (payload === undefined ? undefined : parseFuncInfo(payload, caps)), [payload, caps]);
  if (info) return { status: 'ready', info, reload };
  if (!external && loaded?.path === path && loaded.failed) return { status: 'failed', reload };
  return { status: 'loading', reload };
}
