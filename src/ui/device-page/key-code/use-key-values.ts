/**
 * Follows one device's key value info: asks for it once (get_key_value_info) and takes every get_key_value_info
 * event for this path after that. `update` applies optimistic edits locally.
 */
import { useCallback, useEffect, useState } from 'react';
import { attempt } from '../../call';
import { useServices } from '../../services';
import type { KeyValueInfo } from './key-values';

export type KeyValueState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; info: KeyValueInfo };

export function useKeyValues(path: string) {
  const { client } = useServices();
  const [state, setState] = useState<KeyValueState>({ status: 'loading' });

  const accept = useCallback((info: KeyValueInfo) => setState({ status: 'ready', info }), []);
  const failed = useCallback(() => setState((s) => (s.status === 'ready' ? s : { status: 'failed' })), []);

  const reload = useCallback(async () => {
    const result = await attempt(client.getKeyValueInfo({ path }));
    if (result.ok) accept(result.value);
    else failed();
  }, [client, path, accept, failed]);

  useEffect(() => {
    let live = true;
    const off = client.on('get_key_value_info', (info) => {
      if (live && info.path === path) accept(info);
    });
    void attempt(client.getKeyValueInfo({ path })).then((result) => {
      if (!live) return;
      // The service also emits the event for this call; taking the answer too keeps a bridge without events working.
      if (result.ok) accept(result.value);
      else failed();
    });
    return () => {
      live = false;
      off();
    };
  }, [client, path, accept, failed]);

  const update = useCallback((change: (info: KeyValueInfo) => KeyValueInfo) => {
    setState((s) => (s.status === 'ready' ? { status: 'ready', info: change(s.info) } : s));
  }, []);

  return { state, update, accept, reload };
}
