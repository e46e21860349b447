/**
 * The Key performance tab's local preferences (spec-2 §3), kept in this browser's localStorage under their spec names,
 * `true` or `false`, both false until changed:
 * - `perf_args_vis`: each key with rapid trigger on also shows its press and release travel on the drawing;
 * - `perf_use_complete`: press and release travel are set together, with one slider, instead of one slider each.
 * They belong to the person, not to a keyboard: every device's tab reads the same ones, and a change shows at once in
 * every tab that reads them.
 */
import { useSyncExternalStore } from 'react';

export type PerfPref = 'perf_args_vis' | 'perf_use_complete';

const listeners = new Set<() => void>();

export function readPerfPref(name: PerfPref, storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage) {
  try {
    return storage?.getItem(name) === 'true';
  } catch {
    return false;
  }
}

export function writePerfPref(
  name: PerfPref,
  on: boolean,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(name, on ? 'true' : 'false');
  } catch {
    // A full or blocked storage keeps nothing; the preference falls back to false on the next visit.
  }
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith('perf_')) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

/** One preference and its setter; the setter saves it at once. */
export function usePerfPref(name: PerfPref): [boolean, (on: boolean) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => readPerfPref(name),
    () => false,
  );
  return [value, (on) => writePerfPref(name, on)];
}
