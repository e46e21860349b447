/**
 * The per-device store: fed by events, each answer applied once, and an answer never brings back an older state
 * over a newer event (the race between a call's answer and its event).
 */
import type { Bridge, EventName, Listener } from '../../../src/contract/bridge';
import { createClient } from '../../../src/contract/client';
import { createDeviceData, type KeyValueInfo } from '../../../src/ui/device-page/store/device-data';

const PATH = 'virtual:test';

/** A bridge whose answers and events the test releases one by one, in the order it chooses. */
function scriptedBridge() {
  const listeners = new Map<string, Set<Listener>>();
  const pending: { func: string; args: readonly string[]; resolve(v: unknown): void; reject(e: unknown): void }[] = [];
  const bridge: Bridge = {
    call(_channel, func, args = []) {
      return new Promise((resolve, reject) => pending.push({ func, args, resolve, reject }));
    },
    on(event: EventName, listener: Listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
  return {
    bridge,
    pending,
    emit(event: EventName, payload: unknown) {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
    listenerCount: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
  };
}

function info(layer0: number[], extra: Partial<KeyValueInfo> = {}): KeyValueInfo {
  return {
    path: PATH,
    kcm_size: 1,
    kcm_index: 0,
    keycodes: [layer0],
    keycolors: [],
    krm_index: 0,
    kmm_index: 0,
    keyambient: null,
    keyoutframe: null,
    dks_list: [],
    shortcut_list: [],
    macro_list: [],
    snaptap_list: [],
    hypertap_list: [],
    ...extra,
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

function setup() {
  const script = scriptedBridge();
  const client = createClient(script.bridge);
  const data = createDeviceData(client, PATH);
  const applied: (number[] | undefined)[] = [];
  data.store.subscribe((s, prev) => {
    if (s.keyValues !== prev.keyValues)
      applied.push(s.keyValues.status === 'ready' ? s.keyValues.value.keycodes[0] : undefined);
  });
  return { script, client, data, applied };
}

describe('device data store', () => {
  it('applies a call and its event carrying the same payload once', async () => {
    const { script, data, applied } = setup();
    data.acquire(['keyValues']);
    const first = info([4, 5]);
    script.emit('get_key_value_info', first);
    script.pending[0]!.resolve(first);
    await flush();
    expect(applied).toEqual([[4, 5]]);
    expect(data.store.getState().keyValues).toEqual({ status: 'ready', value: first });
  });

  it('keeps a later event when an earlier call answers after it', async () => {
    const { script, client, data, applied } = setup();
    data.acquire(['keyValues']);
    script.emit('get_key_value_info', info([1, 1]));
    script.pending[0]!.resolve(info([1, 1]));
    await flush();
    // A change is made; before its answer comes back, another change's event arrives with newer codes.
    const change = data.changeKeyValues(client.setKeyInfo({ path: PATH, index: 0, select: [0], code: 7 }));
    script.emit('get_key_value_info', info([7, 1]));
    script.emit('get_key_value_info', info([7, 9]));
    script.pending[1]!.resolve(info([7, 1]));
    await change;
    expect(data.store.getState().keyValues).toEqual({ status: 'ready', value: info([7, 9]) });
    expect(applied).toEqual([
      [1, 1],
      [7, 1],
      [7, 9],
    ]);
  });

  it('on a bridge without events, answers keep the data current, and an older answer never replaces a newer one', async () => {
    const { script, client, data } = setup();
    data.acquire(['keyValues']);
    script.pending[0]!.resolve(info([0, 0]));
    await flush();
    expect(data.store.getState().keyValues).toEqual({ status: 'ready', value: info([0, 0]) });
    const older = data.changeKeyValues(client.setKeyInfo({ path: PATH, index: 0, select: [0], code: 2 }));
    const newer = data.changeKeyValues(client.setKeyInfo({ path: PATH, index: 0, select: [0], code: 3 }));
    script.pending[2]!.resolve(info([3, 0]));
    await newer;
    script.pending[1]!.resolve(info([2, 0]));
    await older;
    expect(data.store.getState().keyValues).toEqual({ status: 'ready', value: info([3, 0]) });
  });

  it('keeps a local edit over the answer of a read made before it', async () => {
    const { script, data } = setup();
    data.acquire(['keyValues']);
    script.emit('get_key_value_info', info([1, 1]));
    const reread = data.loadKeyValues();
    data.patchKeyValues((current) => ({ ...current, keycodes: [[5, 1]] }));
    script.pending[1]!.resolve(info([1, 1]));
    await reread;
    const kv = data.store.getState().keyValues;
    expect(kv.status === 'ready' && kv.value.keycodes[0]).toEqual([5, 1]);
  });

  it("takes only its own device's events, keeps the key lists in step with the function info, and stops when released", async () => {
    const { script, data } = setup();
    const release = data.acquire(['keyValues']);
    script.emit('get_key_value_info', info([1]));
    script.emit('get_key_value_info', { ...info([9]), path: 'other' });
    const snaptap = [{ id_num: 0, name: '', context: '', type: 3, vis: true, mode: 0, display: [] }];
    script.emit('get_key_func_info', {
      path: PATH,
      snaptap_list: snaptap,
      dks_list: [],
      shortcut_list: [],
      macro_list: [],
      hypertap_list: [],
    });
    const kv = data.store.getState().keyValues;
    expect(kv.status === 'ready' && kv.value.keycodes[0]).toEqual([1]);
    expect(kv.status === 'ready' && kv.value.snaptap_list).toEqual(snaptap);
    script.emit('sync_update', { path: PATH, state: 1 });
    expect(data.store.getState().sync).toBe('changing');
    release();
    expect(script.listenerCount()).toBe(0);
  });

  it('reports a failed first read, and an event after it still loads the data', async () => {
    const { script, data } = setup();
    data.acquire(['keyValues']);
    script.pending[0]!.reject(new Error('gone'));
    await flush();
    expect(data.store.getState().keyValues.status).toBe('failed');
    script.emit('get_key_value_info', info([2]));
    expect(data.store.getState().keyValues.status).toBe('ready');
  });

  it('keeps a write made while the first read ran over that read answered late, with events or without', async () => {
    for (const events of [true, false]) {
      const { script, client, data } = setup();
      data.acquire(['keyValues']);
      // The first read (the factory A, code 4) is still on its way when a write puts F13 (104) on key 0.
      const write = data.changeKeyValues(client.setKeyInfo({ path: PATH, index: 0, select: [0], code: 104 }));
      if (events) script.emit('get_key_value_info', info([104, 5]));
      script.pending[1]!.resolve(info([104, 5]));
      await write;
      script.pending[0]!.resolve(info([4, 5]));
      await flush();
      expect(data.store.getState().keyValues, events ? 'with events' : 'without').toEqual({
        status: 'ready',
        value: info([104, 5]),
      });
    }
  });

  it('says when the key value info is settled: at once when read, else when its read answers or fails', async () => {
    const { script, data } = setup();
    data.acquire(['keyValues']);
    let settled: unknown;
    void data.keyValuesSettled().then((s) => (settled = s));
    await flush();
    expect(settled).toBeUndefined();
    script.pending[0]!.resolve(info([4]));
    await flush();
    expect(settled).toEqual({ status: 'ready', value: info([4]) });
    expect(await data.keyValuesSettled()).toEqual({ status: 'ready', value: info([4]) });

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = setup();
    failing.data.acquire(['keyValues']);
    const pending = failing.data.keyValuesSettled();
    failing.script.pending[0]!.reject(new Error('gone'));
    expect(await pending).toEqual({ status: 'failed' });
  });
});
