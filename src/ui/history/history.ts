/**
 * The history of configuration changes of one keyboard: entries of whole-keyboard states (before and after, with the
 * diff lines that label them) and a position, moved by undo, redo and jumps.
 *
 * Recording. Every call that changes the configuration runs through `track`. The first call of a group takes the
 * last known state as its `before`; once the calls of the group have all answered and the keyboard has been quiet
 * for `quietMs` (a slider drag is one group), the state is read again as `after`, and the diff between the two is the
 * entry; an empty diff makes none. The service runs a device's calls one after another, so a read queued behind a
 * call sees what the call left, and a call queued behind a read is not in it.
 *
 * Moving. Undo, redo and jumps are one restore each, of the target state, with the state the history says the
 * keyboard is in as `expect`: the service refuses when the keyboard was changed elsewhere (`backup.err.changed`), and
 * the history then stays as it was (the panel offers to clear it). Any other failure is settled by reading the
 * keyboard: the target or the origin becomes the position; a restore that did not all take (`err.family.not.taken`)
 * adds an entry from the origin to what the keyboard holds, so it can be undone; anything else is a conflict. While one runs, calls that
 * would be recorded wait for it, so nothing is recorded half-way through.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { BridgeCallError } from '../../contract/bridge';
import type { Client } from '../../contract/client';
import { diffBackups, sameConfiguration, type BackupNames } from '../../core/backup/diff';
import type { DiffLine, KeyboardBackup } from '../../core/backup/format';
import { attempt } from '../call';

export interface HistoryEntry {
  lines: DiffLine[];
  before: KeyboardBackup;
  after: KeyboardBackup;
}

export interface HistoryState {
  entries: HistoryEntry[];
  /** How many entries are applied: entries[position - 1] is the last change the keyboard holds. */
  position: number;
  /** An undo, redo or jump is running. */
  moving: boolean;
  /** Changes are being made whose entry is not written yet. */
  recording: boolean;
  /** The last undo or redo was refused because the keyboard was changed elsewhere. */
  conflict: boolean;
}

/** Entries kept; the oldest go first. */
export const HISTORY_KEPT = 100;

export interface HistoryOptions {
  client: Pick<Client, 'getBackup' | 'restoreBackup'>;
  path: string;
  names: BackupNames;
  /** Quiet time after the last answer of a group before its entry is written, in ms. */
  quietMs?: number;
}

export interface DeviceHistory {
  readonly path: string;
  readonly store: StoreApi<HistoryState>;
  /** Runs a call that changes the configuration, as part of the current group. */
  track<T>(run: () => Promise<T>): Promise<T>;
  /** The keyboard's configuration was replaced (config_restored); a restore ends a group and is an entry. */
  restored(reason: 'restore' | 'undo' | 'redo'): void;
  /** Writes the entry of the current group now (after its calls have answered). */
  flush(): Promise<void>;
  undo(): Promise<void>;
  redo(): Promise<void>;
  /** Moves to a position (0 = before the first entry) with one restore. */
  jumpTo(position: number): Promise<void>;
  /** Forgets every entry; the keyboard keeps what it holds. */
  clear(): void;
  /** Reads the keyboard's state again unless it is being read, or changes are being recorded or moved. */
  refresh(): void;
  /** The state the history says the keyboard holds (the last one read or restored). */
  known(): Promise<KeyboardBackup | undefined>;
  /** Stops recording: pending work is dropped. */
  dispose(): void;
}

export function createDeviceHistory(options: HistoryOptions): DeviceHistory {
  const { client, path, names } = options;
  const quietMs = options.quietMs ?? 500;
  const store = createStore<HistoryState>(() => ({
    entries: [],
    position: 0,
    moving: false,
    recording: false,
    conflict: false,
  }));
  let disposed = false;
  let known: Promise<KeyboardBackup | undefined> = Promise.resolve(undefined);
  let group: { before: Promise<KeyboardBackup | undefined> } | undefined;
  let inflight = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settleWaiters: (() => void)[] = [];
  /** Entries are written in the order their groups closed. */
  let writing: Promise<void> = Promise.resolve();
  let move: Promise<void> | undefined;
  let reading = 0;

  const readState = () => {
    reading++;
    known = attempt(client.getBackup({ path })).then((r) => {
      reading--;
      return r.ok ? r.value : undefined;
    });
    return known;
  };

  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const settled = () =>
    inflight === 0 ? Promise.resolve() : new Promise<void>((resolve) => settleWaiters.push(resolve));

  const push = (entry: HistoryEntry) => {
    const { entries, position } = store.getState();
    const kept = [...entries.slice(0, position), entry].slice(-HISTORY_KEPT);
    store.setState({ entries: kept, position: kept.length, conflict: false });
  };

  /** Ends the current group: reads the state after it and writes its entry. */
  const close = () => {
    stopTimer();
    const open = group;
    group = undefined;
    if (!open) return writing;
    const after = readState();
    writing = writing.then(async () => {
      const [before, now] = await Promise.all([open.before, after]);
      if (!disposed && before && now) {
        const lines = diffBackups(before, now, names);
        if (lines.length > 0) push({ lines, before, after: now });
      }
      if (!group) store.setState({ recording: false });
    });
    return writing;
  };

  const openGroup = () => {
    if (!group) {
      group = { before: known };
      store.setState({ recording: true });
    }
  };

  const flush = async () => {
    stopTimer();
    await settled();
    await close();
  };

  const stateAt = (position: number): Promise<KeyboardBackup | undefined> => {
    const { entries } = store.getState();
    if (entries.length === 0) return known;
    return Promise.resolve(position === 0 ? entries[0]!.before : entries[position - 1]!.after);
  };

  /**
   * After a restore that failed: what the keyboard holds decides. The target or the origin is a position; a part
   * that did not take is a step from the origin to what it holds; anything else (the keyboard changed elsewhere, and
   * the refusal did not say so) leaves the history as it was, marked as no longer matching.
   */
  const settle = async (from: KeyboardBackup, to: KeyboardBackup, target: number, partial: boolean) => {
    const now = await readState();
    if (!now || sameConfiguration(now, from)) return;
    if (sameConfiguration(now, to)) {
      store.setState({ position: target });
      return;
    }
    if (!partial) {
      store.setState({ conflict: true });
      return;
    }
    const lines = diffBackups(from, now, names);
    if (lines.length > 0) push({ lines, before: from, after: now });
  };

  /** `targetOf` is asked after pending changes became an entry, so an undo undoes them. */
  const moveTo = async (targetOf: (position: number) => number) => {
    if (move || disposed) return;
    const run = (async () => {
      store.setState({ moving: true });
      await flush();
      const { entries, position } = store.getState();
      const target = targetOf(position);
      if (target < 0 || target > entries.length || target === position) return;
      const [from, to] = await Promise.all([stateAt(position), stateAt(target)]);
      if (!from || !to) return;
      const reason = target < position ? 'undo' : 'redo';
      const result = await attempt(
        client.restoreBackup({ path, backup: JSON.stringify(to), expect: JSON.stringify(from), reason }),
      );
      if (disposed) return;
      if (result.ok) {
        known = Promise.resolve(to);
        store.setState({ position: target, conflict: false });
      } else {
        const key = result.error instanceof BridgeCallError ? result.error.toastKey : '';
        if (key === 'backup.err.changed') store.setState({ conflict: true });
        else await settle(from, to, target, key === 'err.family.not.taken');
      }
    })();
    move = run;
    try {
      await run;
    } finally {
      move = undefined;
      if (!disposed) store.setState({ moving: false });
    }
  };

  const history: DeviceHistory = {
    path,
    store,
    async track(run) {
      while (move) await move;
      if (disposed) return run();
      openGroup();
      stopTimer();
      inflight++;
      try {
        return await run();
      } finally {
        inflight--;
        if (inflight === 0) {
          const waiters = settleWaiters;
          settleWaiters = [];
          waiters.forEach((resolve) => resolve());
          if (group && !disposed) timer = setTimeout(() => void close(), quietMs);
        }
      }
    },
    restored(reason) {
      // Our own undo and redo are settled by moveTo; one from elsewhere shows at the next undo, as a refusal.
      if (reason !== 'restore' || move || disposed) return;
      openGroup();
      void flush();
    },
    flush,
    undo: () => moveTo((position) => position - 1),
    redo: () => moveTo((position) => position + 1),
    jumpTo: (target) => moveTo(() => target),
    clear() {
      store.setState({ entries: [], position: 0, conflict: false });
    },
    refresh() {
      if (!group && !move && inflight === 0 && reading === 0 && !disposed) void readState();
    },
    known: () => known,
    dispose() {
      disposed = true;
      stopTimer();
      group = undefined;
      store.setState({ entries: [], position: 0, recording: false, moving: false, conflict: false });
    },
  };
  void readState();
  return history;
}
