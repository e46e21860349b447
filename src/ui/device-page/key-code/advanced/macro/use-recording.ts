/**
 * Macro recording: `dev_event stream` with action start or stop, and the `dev_event` key events in between. The
 * listener is attached before the start call so no early event is lost, and a recording still running when the
 * editor closes is stopped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { descriptorOf, type RecordedKeyEvent } from '../../../../../core/advanced-keys';
import type { Client } from '../../../../../contract/client';
import type { EventPayloads } from '../../../../../contract/contract';
import { attempt } from '../../../../call';
import { useServices } from '../../../../services';

/** A key press or release of the stream, for this device only. */
export function recordedEventOf(payload: EventPayloads['dev_event'], path: string): RecordedKeyEvent | undefined {
  if (payload.path !== path) return undefined;
  return { ...descriptorOf(payload), is_down: payload.is_down, delay: payload.delay, key_id: payload.key_id };
}

const stream = (client: Client, path: string, action: 'start' | 'stop') =>
  attempt(client.devEventStream({ path, action }));

export function useRecording(path: string, onEvent: (event: RecordedKeyEvent) => void) {
  const { client } = useServices();
  const [recording, setRecording] = useState(false);
  const onEventRef = useRef(onEvent);
  const offRef = useRef<(() => void) | undefined>(undefined);

  useEffect(() => {
    onEventRef.current = onEvent;
  }, [onEvent]);

  const start = useCallback(async () => {
    if (offRef.current) return;
    const off = client.on('dev_event', (payload) => {
      const event = recordedEventOf(payload, path);
      if (event) onEventRef.current(event);
    });
    offRef.current = off;
    const result = await stream(client, path, 'start');
    if (result.ok) {
      setRecording(true);
    } else {
      off();
      offRef.current = undefined;
    }
  }, [client, path]);

  const stop = useCallback(async () => {
    const off = offRef.current;
    if (!off) return;
    off();
    offRef.current = undefined;
    setRecording(false);
    await stream(client, path, 'stop');
  }, [client, path]);

  useEffect(
    () => () => {
      if (offRef.current) {
        offRef.current();
        offRef.current = undefined;
        void stream(client, path, 'stop');
      }
    },
    [client, path],
  );

  return { recording, start, stop };
}
