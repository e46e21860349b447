/**
 * The device's advanced-key lists for one device: read once with get_key_func_info, then kept current from the
 * get_key_func_info event the service emits after every change (the device is the truth, never a local copy).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { capabilitiesFor, type Capabilities } from '../../../../core/capabilities';
import type { DeviceRecord } from '../../../../contract/bridge';
import { attempt } from '../../../call';
import { useDeviceState, useServices } from '../../../services';
import { funcInfoOf, type FuncInfo, type FuncInfoPayload } from './func-info';

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

export type FuncInfoState = ({ status: 'loading' } | { status: 'ready'; info: FuncInfo } | { status: 'failed' }) & {
  reload(): void;
};

type Loaded = { path: string; payload: FuncInfoPayload } | { path: string; failed: true };

/** Uses `given` when the caller already holds the payload; otherwise loads it and follows the event. */
export function useFuncInfo(path: string, given: FuncInfoPayload | undefined): FuncInfoState {
  const { client } = useServices();
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);
  const external = given !== undefined;
  const [round, setRound] = useState(0);
  const reload = useCallback(() => {
    setLoaded(undefined);
    setRound((n) => n + 1);
  }, []);

  useEffect(() => {
    if (external) return undefined;
    let live = true;
    const off = client.on('get_key_func_info', (payload) => {
      if (payload.path === path) setLoaded({ path, payload });
    });
    void attempt(client.getKeyFuncInfo({ path })).then((result) => {
      if (!live) return;
      // The event may already have delivered a newer payload.
      setLoaded((current) => {
        if (current?.path === path && 'payload' in current) return current;
        return result.ok ? { path, payload: result.value } : { path, failed: true };
      });
    });
    return () => {
      live = false;
      off();
    };
  }, [client, path, external, round]);

  const payload = external ? given : loaded?.path === path && 'payload' in loaded ? loaded.payload : undefined;
  const info = useMemo(() => (payload === undefined ? undefined : funcInfoOf(payload)), [payload]);
  if (info) return { status: 'ready', info, reload };
  if (!external && loaded?.path === path && 'failed' in loaded) return { status: 'failed', reload };
  return { status: 'loading', reload };
}
