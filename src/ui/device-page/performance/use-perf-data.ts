/**
 * The performance data of one device for the Key performance tab: read once on opening, then kept current by the
 * get_key_perf_info and up_calibration events (every set_perf_info emits the former before it answers).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PerformancePayload } from '../../../contract/payloads/performance';
import { attempt, type Attempt } from '../../call';
import { useServices } from '../../services';

export type PerfState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; info: PerformancePayload };

export function usePerfData(path: string) {
  const { client } = useServices();
  const [state, setState] = useState<PerfState>({ status: 'loading' });
  // Events outrank answers: an answer arriving after an event of the same change is not applied again.
  const eventsSeen = useRef(0);

  const load = useCallback(async () => {
    const seen = eventsSeen.current;
    const result = await attempt(client.getKeyPerfInfo({ path }));
    if (result.ok) {
      if (eventsSeen.current === seen) setState({ status: 'ready', info: result.value });
    } else setState((s) => (s.status === 'ready' ? s : { status: 'failed' }));
  }, [client, path]);

  useEffect(() => {
    const offs = [
      client.on('get_key_perf_info', (info) => {
        if (info.path !== path) return;
        eventsSeen.current++;
        setState({ status: 'ready', info });
      }),
      client.on('up_calibration', (event) => {
        if (event.path !== path) return;
        setState((s) =>
          s.status === 'ready'
            ? {
                status: 'ready',
                info: {
                  ...s.info,
                  calibration_state: event.calibration_state,
                  key_calibrations:
                    event.key_calibrations.length > 0 ? event.key_calibrations : s.info.key_calibrations,
                },
              }
            : s,
        );
      }),
    ];
    void load();
    return () => offs.forEach((off) => off());
  }, [client, path, load]);

  /** Runs a call answering the performance data and applies the answer. */
  const change = useCallback(async (pending: Promise<PerformancePayload>): Promise<Attempt<PerformancePayload>> => {
    const result = await attempt(pending);
    if (result.ok) setState({ status: 'ready', info: result.value });
    return result;
  }, []);

  return { state, reload: load, change };
}
