/**
 * The Key LED tab's copy of the device's key colour info: read on opening, kept current by the get_key_color_info
 * event, changed optimistically. A change shows at once; the device's answer replaces it, and a refused or failed
 * call puts back what the device holds (read again, or the state from before the change when the read fails too).
 * An answer older than a newer call's, or than an event that arrived since the call, is not applied.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ColourInfoPayload } from '../../../contract/payloads/lighting';
import { attempt, type Attempt } from '../../call';
import { useServices } from '../../services';

export type ColourInfoState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; info: ColourInfoPayload };

export interface ColourInfoHandle {
  state: ColourInfoState;
  reload(): Promise<void>;
  /** Shows `patch` at once and sends `call`; the device's answer confirms it or the change is undone. */
  change(
    patch: (info: ColourInfoPayload) => ColourInfoPayload,
    call: () => Promise<ColourInfoPayload>,
  ): Promise<Attempt<ColourInfoPayload>>;
}

export function useColourInfo(path: string): ColourInfoHandle {
  const { client } = useServices();
  const [state, setState] = useState<ColourInfoState>({ status: 'loading' });
  const stateRef = useRef(state);
  stateRef.current = state;
  // Every event and every call moves this on; an answer applies only if nothing moved it since its call.
  const version = useRef(0);

  const show = useCallback((info: ColourInfoPayload) => {
    const next: ColourInfoState = { status: 'ready', info };
    stateRef.current = next;
    setState(next);
  }, []);

  const reload = useCallback(async () => {
    const at = ++version.current;
    const result = await attempt(client.getKeyColorInfo({ path }));
    if (result.ok) {
      if (version.current === at) show(result.value);
    } else if (stateRef.current.status === 'loading') setState({ status: 'failed' });
  }, [client, path, show]);

  useEffect(() => {
    const off = client.on('get_key_color_info', (info) => {
      if (info.path !== path) return;
      version.current++;
      show(info);
    });
    void reload();
    return off;
  }, [client, path, reload, show]);

  const change = useCallback<ColourInfoHandle['change']>(
    async (patch, call) => {
      const current = stateRef.current;
      if (current.status !== 'ready') return { ok: false, error: new Error('not loaded') };
      const before = current.info;
      show(patch(before));
      const at = ++version.current;
      const result = await attempt(call());
      if (result.ok) {
        if (version.current === at) show(result.value);
      } else {
        show(before);
        void reload();
      }
      return result;
    },
    [reload, show],
  );

  return { state, reload, change };
}
