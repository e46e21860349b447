/**
 * Reads a VIA keyboard's switch matrix over and over while the tester is shown: one read in flight at a time, the
 * next one as soon as the last has answered (so the rate is what the link gives, several hundred a second on USB),
 * stopped when the tester goes away, the page is hidden or a read fails. Reads land in refs; the screen is told once
 * per animation frame, so a fast link never means a render per read.
 */
import { useEffect, useRef, useState } from 'react';
import type { Client } from '../../../contract/client';

export interface MatrixSnapshot {
  down: ReadonlySet<number>;
  counts: ReadonlyMap<number, number>;
  /** Reads in the last whole second. */
  rate: number;
}

/** Lets the page's other work run between two reads that answered at once (a macrotask, never clamped like timers). */
function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

const nextFrame = (run: () => void): (() => void) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(run);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(run, 16);
  return () => clearTimeout(id);
};

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

export function useMatrixPoll(client: Client, path: string, running: boolean) {
  const visible = usePageVisible();
  const down = useRef<Set<number>>(new Set());
  const counts = useRef<Map<number, number>>(new Map());
  const reads = useRef(0);
  const [snapshot, setSnapshot] = useState<MatrixSnapshot>({ down: new Set(), counts: new Map(), rate: 0 });
  const [error, setError] = useState<unknown>(undefined);
  const active = running && visible && error === undefined;

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let cancelFrame: (() => void) | undefined;
    const publish = () => {
      cancelFrame = undefined;
      setSnapshot((s) => ({ ...s, down: new Set(down.current), counts: new Map(counts.current) }));
    };
    const loop = async () => {
      while (!stopped) {
        let ids: number[];
        try {
          ids = await client.viaReadMatrix({ path });
        } catch (e) {
          if (!stopped) setError(e);
          return;
        }
        if (stopped) return;
        reads.current++;
        const now = new Set(ids);
        for (const id of now) if (!down.current.has(id)) counts.current.set(id, (counts.current.get(id) ?? 0) + 1);
        const changed = now.size !== down.current.size || ids.some((id) => !down.current.has(id));
        down.current = now;
        if (changed && !cancelFrame) cancelFrame = nextFrame(publish);
        await yieldToPage();
      }
    };
    void loop();
    const second = setInterval(() => {
      const rate = reads.current;
      reads.current = 0;
      setSnapshot((s) => ({ ...s, rate }));
    }, 1000);
    return () => {
      stopped = true;
      cancelFrame?.();
      clearInterval(second);
      reads.current = 0;
    };
  }, [active, client, path]);

  return {
    snapshot,
    error,
    polling: active,
    reset() {
      counts.current = new Map();
      setSnapshot((s) => ({ ...s, counts: new Map() }));
    },
    retry() {
      setError(undefined);
    },
  };
}
