/**
 * Macro recording: `dev_event stream --action start|stop` and the `dev_event` key events in between. The listener is
 * attached before the start call so no early event is lost, and a recording still running when the editor closes is
 * stopped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RecordedKeyEvent } from '../../../../../core/advanced-keys';
import type { Bridge } from '../../../../../service/bridge';
import { callService } from '../../../../call';
import { useServices } from '../../../../services';
import { descriptorFor } from '../keys';

type Raw = Record<string, unknown>;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** A key press or release of the stream for this device, or undefined for anything else. */
export function recordedEventOf(payload: unknown, path: string): RecordedKeyEvent | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const p = payload as Raw;
  if (typeof p.path === 'string' && p.path !== path) return undefined;
  if (typeof p.code !== 'number' || !Number.isInteger(p.code)) return undefined;
  const isDown =
    typeof p.is_down === 'boolean'
      ? p.is_down
      : p.ev_type === 'keydown'
        ? true
        : p.ev_type === 'keyup'
          ? false
          : undefined;
  if (isDown === undefined) return undefined;
  const base = descriptorFor(p.code);
  return {
    ...base,
    name: text(p.name) ?? base.name,
    alias: text(p.alias) ?? base.alias,
    image: text(p.image) ?? base.image,
    is_down: isDown,
    delay: typeof p.delay === 'number' ? p.delay : undefined,
    key_id: typeof p.key_id === 'number' ? p.key_id : undefined,
  };
}

const stream = (bridge: Bridge, path: string, action: 'start' | 'stop') =>
  callService(bridge, 'dev_event', 'stream', { path, action });

export function useRecording(path: string, onEvent: (event: RecordedKeyEvent) => void) {
  const { host } = useServices();
  const bridge = host.bridge;
  const [recording, setRecording] = useState(false);
  const onEventRef = useRef(onEvent);
  const offRef = useRef<(() => void) | undefined>(undefined);

  useEffect(() => {
    onEventRef.current = onEvent;
  }, [onEvent]);

  const start = useCallback(async () => {
    if (offRef.current) return;
    const off = bridge.on('dev_event', (payload) => {
      const event = recordedEventOf(payload, path);
      if (event) onEventRef.current(event);
    });
    offRef.current = off;
    const result = await stream(bridge, path, 'start');
    if (result.ok) {
      setRecording(true);
    } else {
      off();
      offRef.current = undefined;
    }
  }, [bridge, path]);

  const stop = useCallback(async () => {
    const off = offRef.current;
    if (!off) return;
    off();
    offRef.current = undefined;
    setRecording(false);
    await stream(bridge, path, 'stop');
  }, [bridge, path]);

  useEffect(
    () => () => {
      if (offRef.current) {
        offRef.current();
        offRef.current = undefined;
        void stream(bridge, path, 'stop');
      }
    },
    [bridge, path],
  );

  return { recording, start, stop };
}
