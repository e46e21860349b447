/**
 * Follows one device's key value info: asks for it once (dev_info get_key_value_info) and takes every
 * get_key_value_info event for this path after that. `update` applies optimistic edits locally.
 */
import { useCallback, useEffect, useState } from 'react';
import { callService } from '../../call';
import { useServices } from '../../services';
import { isForPath, parseKeyValueInfo, type KeyValueInfo } from './key-values';

export type KeyValueState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; info: KeyValueInfo };

export function useKeyValues(path: string) {
  const { host } = useServices();
  const bridge = host.bridge;
  const [state, setState] = useState<KeyValueState>({ status: 'loading' });

  const accept = useCallback((payload: unknown): KeyValueInfo | undefined => {
    const info = parseKeyValueInfo(payload);
    if (info) setState({ status: 'ready', info });
    return info;
  }, []);

  const reload = useCallback(async () => {
    const result = await callService(bridge, 'dev_info', 'get_key_value_info', { path });
    if (result.ok) {
      if (!accept(result.value)) setState((s) => (s.status === 'ready' ? s : { status: 'failed' }));
    } else setState((s) => (s.status === 'ready' ? s : { status: 'failed' }));
  }, [bridge, path, accept]);

  useEffect(() => {
    let live = true;
    const off = bridge.on('get_key_value_info', (payload) => {
      if (live && isForPath(payload, path)) accept(payload);
    });
    void callService(bridge, 'dev_info', 'get_key_value_info', { path }).then((result) => {
      if (!live) return;
      if (!result.ok || !parseKeyValueInfo(result.value)) {
        setState((s) => (s.status === 'ready' ? s : { status: 'failed' }));
        return;
      }
      // The service also emits the event for this call; taking the answer too keeps a bridge without events working.
      accept(result.value);
    });
    return () => {
      live = false;
      off();
    };
  }, [bridge, path, accept]);

  const update = useCallback((change: (info: KeyValueInfo) => KeyValueInfo) => {
    setState((s) => (s.status === 'ready' ? { status: 'ready', info: change(s.info) } : s));
  }, []);

  return { state, update, accept, reload };
}
