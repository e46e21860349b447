/**
 * The history of changes of one keyboard against a fake keyboard that keeps a whole-keyboard state and answers
 * getBackup and restoreBackup as the service does (a restore whose `expect` is not what it holds is refused with
 * backup.err.changed, unchanged): grouping, the undo and redo position, jumps, refusals and partial restores.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BridgeCallError } from '../../src/contract/bridge';
import type { Client } from '../../src/contract/client';
import type { BackupNames } from '../../src/core/backup/diff';
import { sameConfiguration } from '../../src/core/backup/diff';
import type { KeyboardBackup } from '../../src/core/backup/format';
import { createDeviceHistory, type DeviceHistory } from '../../src/ui/history/history';
import { changesConfiguration } from '../../src/ui/history/record-rules';
import { recordingClient } from '../../src/ui/history/recording-client';

const PATH = 'fake-1';
const names: BackupNames = { key: (id) => `K${id}`, code: (code) => `C${code}` };

function backup(keys: number[]): KeyboardBackup {
  return {
    format: 'keytune-backup',
    version: 2,
    created: new Date().toISOString(),
    device: {
      family: 'via',
      model: 'fake',
      displayName: 'Fake',
      firmware: '1',
      hardware: '',
      serial: 'S1',
      keyCount: keys.length,
    },
    currentProfile: 0,
    profiles: [{ keymap: [keys] }],
    objects: {},
  };
}

/** How a restore can fail: part of it taken, its answer lost after it applied, or a reply nobody could read. */
type Failure = 'notTaken' | 'lostAnswer' | 'reply';

/** A keyboard of four keys that holds one layer, and the calls it was sent. */
function fakeKeyboard() {
  let keys = [1, 2, 3, 4];
  const restores: { backup: KeyboardBackup; expect: KeyboardBackup | undefined; reason: string }[] = [];
  let restoreGate: Promise<void> = Promise.resolve();
  /** What the next restore does instead of applying: refuse or apply only part. */
  let nextRestore: Failure | undefined;
  const client = {
    getBackup: () => Promise.resolve(backup([...keys])),
    restoreBackup: async (args: { backup: string; expect?: string; reason?: string }) => {
      await restoreGate;
      const target = JSON.parse(args.backup) as KeyboardBackup;
      const expected = args.expect === undefined ? undefined : (JSON.parse(args.expect) as KeyboardBackup);
      restores.push({ backup: target, expect: expected, reason: args.reason ?? 'restore' });
      const failure = nextRestore;
      nextRestore = undefined;
      if (failure === 'reply') throw new BridgeCallError('err.dev.reply', 'an answer nobody could read');
      if (expected && !sameConfiguration(expected, backup(keys)))
        throw new BridgeCallError('backup.err.changed', 'changed elsewhere', ['']);
      const wanted = target.profiles[0]!.keymap![0]!;
      if (failure === 'notTaken') {
        keys = [wanted[0]!, ...keys.slice(1)];
        throw new BridgeCallError('err.family.not.taken', 'part of it did not take', ['keymap']);
      }
      keys = [...wanted];
      if (failure === 'lostAnswer') throw new BridgeCallError('err.dev.timeout', 'no answer');
      return { applied: [] };
    },
  };
  return {
    client: client as unknown as Pick<Client, 'getBackup' | 'restoreBackup'>,
    restores,
    keys: () => keys,
    /** A change the way a screen makes one: the call answers once the keyboard holds it. */
    set: (id: number, code: number) =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          keys = keys.map((k, i) => (i === id ? code : k));
          resolve();
        }, 1),
      ),
    setElsewhere: (id: number, code: number) => {
      keys = keys.map((k, i) => (i === id ? code : k));
    },
    holdRestores: () => {
      let open!: () => void;
      restoreGate = new Promise<void>((resolve) => (open = resolve));
      return () => open();
    },
    failNextRestore: (how: Failure) => {
      nextRestore = how;
    },
  };
}

const QUIET = 30;
const quiet = () => new Promise((resolve) => setTimeout(resolve, QUIET * 3));

let made: DeviceHistory[] = [];
function historyOf(kb: ReturnType<typeof fakeKeyboard>) {
  const history = createDeviceHistory({ client: kb.client, path: PATH, names, quietMs: QUIET });
  made.push(history);
  return history;
}
afterEach(() => {
  made.forEach((h) => h.dispose());
  made = [];
});

const keysOf = (b: KeyboardBackup | undefined) => b?.profiles[0]!.keymap![0];

describe('history of changes: recording', () => {
  it('records the calls of a group as one entry once the keyboard is quiet, and the next group as another', async () => {
    const kb = fakeKeyboard();
    const history = historyOf(kb);
    await history.track(() => kb.set(0, 10));
    await history.track(() => kb.set(1, 20));
    expect(history.store.getState().recording).toBe(true);
    expect(history.store.getState().entries).toHaveLength(0);
    await quiet();
    let { entries, position } = history.store.getState();
    expect(entries).toHaveLength(1);
    expect(position).toBe(1);
    expect(keysOf(entries[0]!.before)).toEqual([1, 2, 3, 4]);
    expect(keysOf(entries[0]!.after)).toEqual([10, 20, 3, 4]);
    expect(entries[0]!.lines.map((l) => l.args)).toEqual([
      ['', '1', 'K0', 'C1', 'C10'],
      ['', '1', 'K1', 'C2', 'C20'],
    ]);
    expect(history.store.getState().recording).toBe(false);

    await history.track(() => kb.set(2, 30));
    await quiet();
    ({ entries, position } = history.store.getState());
    expect(entries).toHaveLength(2);
    expect(position).toBe(2);
    expect(entries[1]!.before).toBe(entries[0]!.after);
    expect(keysOf(entries[1]!.after)).toEqual([10, 20, 30, 4]);
  });

  it('a group that changed nothing makes no entry', async () => {
    const kb = fakeKeyboard();
    const history = historyOf(kb);
    await history.track(() => kb.set(0, 1));
    await quiet();
    expect(history.store.getState().entries).toHaveLength(0);
  });

  it('a restore from the backup screens (config_restored with reason restore) is an entry of its own', async () => {
    const kb = fakeKeyboard();
    const history = historyOf(kb);
    await history.known();
    kb.setElsewhere(3, 44);
    history.restored('restore');
    await history.flush();
    expect(history.store.getState().entries.map((e) => keysOf(e.after))).toEqual([[1, 2, 3, 44]]);
    // An undo or redo event is the history's own (or shows as a refusal later): no entry.
    history.restored('undo');
    await history.flush();
    expect(history.store.getState().entries).toHaveLength(1);
  });
});

describe('history of changes: undo, redo and jumps', () => {
  async function withThreeSteps() {
    const kb = fakeKeyboard();
    const history = historyOf(kb);
    for (const [id, code] of [
      [0, 10],
      [1, 20],
      [2, 30],
    ] as const) {
      await history.track(() => kb.set(id, code));
      await history.flush();
    }
    expect(history.store.getState().position).toBe(3);
    return { kb, history };
  }

  it('undo restores the entry’s before, expecting its after; redo the other way', async () => {
    const { kb, history } = await withThreeSteps();
    await history.undo();
    expect(kb.keys()).toEqual([10, 20, 3, 4]);
    expect(history.store.getState().position).toBe(2);
    const undo = kb.restores.at(-1)!;
    expect(undo.reason).toBe('undo');
    expect(keysOf(undo.backup)).toEqual([10, 20, 3, 4]);
    expect(keysOf(undo.expect)).toEqual([10, 20, 30, 4]);

    await history.undo();
    expect(kb.keys()).toEqual([10, 2, 3, 4]);
    await history.redo();
    expect(kb.keys()).toEqual([10, 20, 3, 4]);
    const redo = kb.restores.at(-1)!;
    expect(redo.reason).toBe('redo');
    expect(keysOf(redo.expect)).toEqual([10, 2, 3, 4]);
    expect(history.store.getState().position).toBe(2);
    expect(history.store.getState().entries).toHaveLength(3);
  });

  it('undo at the start and redo at the end do nothing', async () => {
    const kb = fakeKeyboard();
    const history = historyOf(kb);
    await history.undo();
    await history.redo();
    expect(kb.restores).toHaveLength(0);
  });

  it('a change after an undo drops the steps that were undone', async () => {
    const { kb, history } = await withThreeSteps();
    await history.undo();
    await history.undo();
    await history.track(() => kb.set(3, 40));
    await history.flush();
    const { entries, position } = history.store.getState();
    expect(position).toBe(2);
    expect(entries.map((e) => keysOf(e.after))).toEqual([
      [10, 2, 3, 4],
      [10, 2, 3, 40],
    ]);
    // The new step starts from what the undo left, and says only what it changed.
    expect(keysOf(entries[1]!.before)).toEqual([10, 2, 3, 4]);
    expect(entries[1]!.lines).toHaveLength(1);
  });

  it('jumping several steps is one restore, expecting the current state', async () => {
    const { kb, history } = await withThreeSteps();
    await history.jumpTo(0);
    expect(kb.restores).toHaveLength(1);
    expect(kb.keys()).toEqual([1, 2, 3, 4]);
    expect(keysOf(kb.restores[0]!.expect)).toEqual([10, 20, 30, 4]);
    expect(kb.restores[0]!.reason).toBe('undo');
    await history.jumpTo(3);
    expect(kb.restores).toHaveLength(2);
    expect(kb.restores[1]!.reason).toBe('redo');
    expect(kb.keys()).toEqual([10, 20, 30, 4]);
    expect(history.store.getState().position).toBe(3);
  });

  it('a refusal (changed elsewhere) keeps the history as it was and says so', async () => {
    const { kb, history } = await withThreeSteps();
    kb.setElsewhere(3, 99);
    const before = history.store.getState();
    await history.undo();
    const after = history.store.getState();
    expect(after.entries).toBe(before.entries);
    expect(after.position).toBe(3);
    expect(after.conflict).toBe(true);
    expect(kb.keys()).toEqual([10, 20, 30, 99]);
    history.clear();
    expect(history.store.getState()).toMatchObject({ entries: [], position: 0, conflict: false });
  });

  it('a restore that did not all take is read back: what the keyboard holds becomes a step of its own', async () => {
    const { kb, history } = await withThreeSteps();
    kb.failNextRestore('notTaken');
    await history.jumpTo(0);
    // Only the first key went back.
    expect(kb.keys()).toEqual([1, 20, 30, 4]);
    const { entries, position } = history.store.getState();
    expect(position).toBe(4);
    expect(keysOf(entries[3]!.before)).toEqual([10, 20, 30, 4]);
    expect(keysOf(entries[3]!.after)).toEqual([1, 20, 30, 4]);
    await history.undo();
    expect(kb.keys()).toEqual([10, 20, 30, 4]);
  });

  it('a restore whose answer was lost is read back: the keyboard went there, so the history did too', async () => {
    const { kb, history } = await withThreeSteps();
    kb.failNextRestore('lostAnswer');
    await history.undo();
    expect(kb.keys()).toEqual([10, 20, 3, 4]);
    expect(history.store.getState()).toMatchObject({ position: 2, conflict: false });
    expect(history.store.getState().entries).toHaveLength(3);
  });

  it('any other failure on a keyboard changed elsewhere leaves the history as it was, marked as not matching', async () => {
    const { kb, history } = await withThreeSteps();
    kb.setElsewhere(3, 99);
    kb.failNextRestore('reply');
    const before = history.store.getState().entries;
    await history.undo();
    expect(kb.keys()).toEqual([10, 20, 30, 99]);
    expect(history.store.getState()).toMatchObject({ position: 3, conflict: true });
    expect(history.store.getState().entries).toBe(before);
  });

  it('an undo first writes the entry of changes still being grouped, and undoes that', async () => {
    const kb = fakeKeyboard();
    const history = historyOf(kb);
    await history.track(() => kb.set(0, 10));
    await history.undo();
    expect(kb.keys()).toEqual([1, 2, 3, 4]);
    expect(history.store.getState()).toMatchObject({ position: 0 });
    expect(history.store.getState().entries).toHaveLength(1);
  });

  it('while an undo runs the buttons are off, and a change made meanwhile waits for it and is recorded after', async () => {
    const { kb, history } = await withThreeSteps();
    const open = kb.holdRestores();
    const undo = history.undo();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(history.store.getState().moving).toBe(true);
    // A second undo while one runs is ignored.
    void history.undo();
    const change = history.track(() => kb.set(3, 40));
    open();
    await undo;
    await change;
    await history.flush();
    expect(history.store.getState().moving).toBe(false);
    expect(kb.restores).toHaveLength(1);
    const { entries, position } = history.store.getState();
    expect(entries.map((e) => keysOf(e.after))).toEqual([
      [10, 2, 3, 4],
      [10, 20, 3, 4],
      [10, 20, 3, 40],
    ]);
    expect(position).toBe(3);
  });
});

describe('history of changes: which calls are recorded', () => {
  it('changes of the configuration are; layer switches, reads, calibration runs, exports and restores are not', () => {
    expect(changesConfiguration('setKeyInfo', { path: PATH, index: 0, select: [1], code: 4 }, PATH)).toBe(true);
    expect(changesConfiguration('setKeyInfo', { path: PATH, index: 1 }, PATH)).toBe(false);
    expect(changesConfiguration('setKeyInfo', { path: 'other', index: 0, select: [1], code: 4 }, PATH)).toBe(false);
    expect(changesConfiguration('setPerfInfo', { path: PATH, key_ids: [0], trigger: 1.2 }, PATH)).toBe(true);
    expect(changesConfiguration('setPerfInfo', { path: PATH, key_ids: [0], calibration: { state: 1 } }, PATH)).toBe(
      false,
    );
    expect(changesConfiguration('setThemeInfo', { path: PATH, export: true, cur_theme_id: 0 }, PATH)).toBe(false);
    expect(changesConfiguration('setThemeInfo', { path: PATH, change_theme_id: 1 }, PATH)).toBe(true);
    expect(changesConfiguration('runOtherFunc', { path: PATH, cmd: 'flash', mg: [] }, PATH)).toBe(false);
    expect(changesConfiguration('runOtherFunc', { path: PATH, cmd: 'reset' }, PATH)).toBe(true);
    expect(changesConfiguration('getKeyValueInfo', { path: PATH }, PATH)).toBe(false);
    expect(changesConfiguration('restoreBackup', { path: PATH, backup: '{}', reason: 'undo' }, PATH)).toBe(false);
    expect(changesConfiguration('libhmkRecalibrate', { path: PATH }, PATH)).toBe(false);
    expect(changesConfiguration('pressKey', { path: PATH }, PATH)).toBe(false);
  });

  it('the recording client sends every call on and tracks only the changes', async () => {
    const sent: string[] = [];
    const tracked: string[] = [];
    const base = new Proxy(
      {},
      {
        get: (_t, name: string) => (args: unknown) => {
          sent.push(name);
          return Promise.resolve(args);
        },
      },
    ) as Client;
    const client = recordingClient(base, {
      path: PATH,
      track: (run) => {
        tracked.push('call');
        return run();
      },
    });
    await client.setKeyInfo({ path: PATH, index: 0, select: [1], code: 4 });
    await client.getKeyValueInfo({ path: PATH });
    await client.setKeyInfo({ path: PATH, index: 2 });
    expect(sent).toEqual(['setKeyInfo', 'getKeyValueInfo', 'setKeyInfo']);
    expect(tracked).toEqual(['call']);
  });
});
