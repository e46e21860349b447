/**
 * An advanced key and the keys bound to it are one change: adding an item with --key_ids, and deleting an item (which
 * unbinds its keys), leave the device with the old lists and key map or the new ones, wherever the cable is pulled.
 */
import { describe, expect, it } from 'vitest';
import { KC_NONE, KEYCODE_KIND, makeKeycode } from '../../src/core/keycode-space.ts';
import { keycodeByName } from '../../src/core/keycodes.ts';
import { LATEST_FIRMWARE } from '../../src/core/resources.ts';
import type { LinkDirection, LinkPower } from '../../src/transport/types.ts';
import { makeHarness } from './harness.ts';

type Harness = ReturnType<typeof makeHarness>;

const MODEL = 'made68pro';
const A = keycodeByName('A')!.code;
const row = (c: number, marks = 'x..x') => ({ code: c, data: [...marks].map((m) => ({ useID: 0, vis: m === 'x' })) });
const dks = {
  id_num: -1,
  name: 'Dash',
  display: [row(A), row(KC_NONE, '....')],
  top_level: 0.5,
  bottom_level: 3.2,
  tick_min: 3,
  tick_max: 5,
};

/** What the change is about on the device: the DKS records and the key map. */
function state(h: Harness): string {
  const { state: s } = h.keyboardOf().inspect();
  const profile = s.profiles[s.currentTheme]!;
  return JSON.stringify({ dks: profile.dks, keymap: profile.keymap });
}

interface Scenario {
  name: string;
  /** Brings a new device to the state before the change. */
  prepare(h: Harness, path: string): Promise<void>;
  change(h: Harness, path: string): Promise<unknown>;
}

const scenarios: Scenario[] = [
  {
    name: 'adding a DKS bound to keys',
    prepare: async (h, path) => {
      await h.client.setKeyInfo({ path, index: 1 });
    },
    change: (h, path) => h.client.setFuncInfo({ path, change_type: 1, dks, key_ids: [5, 6, 30] }),
  },
  {
    name: 'deleting a DKS bound on two layers',
    prepare: async (h, path) => {
      const { id_num } = await h.client.setFuncInfo({ path, change_type: 1, dks });
      const keyword = `D${id_num}`;
      await h.client.setKeyInfo({ path, index: 0, select: [0, 40], keywords: keyword });
      await h.client.setKeyInfo({ path, index: 2, select: [7], keywords: keyword });
    },
    change: (h, path) => h.client.setFuncInfo({ path, change_type: 0, dks: { id_num: 0 } }),
  },
];

async function setup(scenario: Scenario) {
  const h = makeHarness(undefined, 100);
  const path = await h.add(MODEL, LATEST_FIRMWARE[MODEL]);
  await scenario.prepare(h, path);
  return { h, path };
}

describe.each(scenarios)('$name', (scenario) => {
  it('is one change on the device: a cut at any report leaves the old state or the new one', async () => {
    // The change once without faults: the state after it, and how many reports it takes each way.
    const reference = await setup(scenario);
    const before = state(reference.h);
    const sent = reference.h.transportOf().delivered;
    await scenario.change(reference.h, reference.path);
    const after = state(reference.h);
    expect(after).not.toEqual(before);
    const total = reference.h.transportOf().delivered;
    const reports: Record<'toDevice' | 'toHost', number> = {
      toDevice: total.toDevice - sent.toDevice,
      toHost: total.toHost - sent.toHost,
    };
    expect(reports.toDevice).toBeGreaterThan(2);

    const cuts: [LinkDirection & ('toDevice' | 'toHost'), number, LinkPower][] = [];
    for (const direction of ['toDevice', 'toHost'] as const)
      for (let n = 1; n <= reports[direction]; n++) cuts.push([direction, n, n % 2 ? 'kept' : 'lost']);
    const outcomes = new Set<string>();
    for (const [direction, n, power] of cuts) {
      const { h, path } = await setup(scenario);
      expect(state(h)).toEqual(before);
      h.transportOf().injectFault(direction, n, { kind: 'cut', power });
      await scenario.change(h, path).catch(() => undefined);
      const now = state(h);
      expect([before, after], `cut at ${direction} report ${n} (power ${power})`).toContain(now);
      outcomes.add(now === before ? 'old' : 'new');
    }
    // Early cuts keep the old state, cuts after the commit reached the device the new one.
    expect([...outcomes].sort()).toEqual(['new', 'old']);
  });
});

describe('binding and unbinding with the item', () => {
  it('binds the added item to the keys of the current layer and unbinds them on every layer on delete', async () => {
    const h = makeHarness();
    const path = await h.add(MODEL, LATEST_FIRMWARE[MODEL]);
    const keymap = () => {
      const { state: s } = h.keyboardOf().inspect();
      return s.profiles[s.currentTheme]!.keymap;
    };
    const factory = keymap();
    await h.client.setKeyInfo({ path, index: 1 });
    const { id_num } = await h.client.setFuncInfo({ path, change_type: 1, dks, key_ids: [5, 6] });
    const dksCode = makeKeycode(KEYCODE_KIND.dks, id_num);
    expect(keymap()[1]!.slice(5, 7)).toEqual([dksCode, dksCode]);
    await h.client.setKeyInfo({ path, index: 0, select: [0, 40], keywords: `D${id_num}` });
    expect(h.last('get_key_value_info')).toMatchObject({ dks_list: [{ id_num }] });

    await h.client.setFuncInfo({ path, change_type: 0, dks: { id_num } });
    expect(keymap()).toEqual(factory);
    const info = await h.client.getKeyValueInfo({ path });
    expect(info.keycodes).toEqual(factory);
    expect(info.dks_list).toEqual([]);
  });
});

describe('a burst of set_func_info calls sent without waiting', () => {
  it('gives every added item its own slot and ends with the lists and keys the calls set', async () => {
    const h = makeHarness({ reportIntervalMs: 1, latencyMs: 1, jitterMs: 6, loss: 0 }, 1000);
    const path = await h.add(MODEL, LATEST_FIRMWARE[MODEL]);
    const B = keycodeByName('B')!.code;
    const calls = [
      h.client.setFuncInfo({ path, change_type: 1, dks, key_ids: [1] }),
      h.client.setFuncInfo({ path, change_type: 1, dks: { ...dks, name: 'Two' }, key_ids: [2] }),
      h.client.setKeyInfo({ path, index: 0, select: [3], code: B }),
      h.client.setFuncInfo({ path, change_type: 1, dks: { ...dks, name: 'Three' }, key_ids: [1, 4] }),
      h.client.setFuncInfo({ path, change_type: 2, dks: { ...dks, id_num: 1, name: 'Second' } }),
    ];
    const [first, second, , third] = (await Promise.all(calls)) as [
      { id_num: number },
      { id_num: number },
      unknown,
      { id_num: number },
    ];
    expect([first.id_num, second.id_num, third.id_num]).toEqual([0, 1, 2]);

    const { state: s } = h.keyboardOf().inspect();
    const profile = s.profiles[s.currentTheme]!;
    const dksKey = (id: number) => makeKeycode(KEYCODE_KIND.dks, id);
    expect(profile.keymap[0]!.slice(1, 5)).toEqual([dksKey(2), dksKey(1), B, dksKey(2)]);
    const info = await h.client.getKeyFuncInfo({ path });
    expect(info.dks_list.map((d) => [d.id_num, d.name])).toEqual([
      [0, 'Dash'],
      [1, 'Second'],
      [2, 'Three'],
    ]);
    expect((await h.client.getKeyValueInfo({ path })).keycodes).toEqual(profile.keymap);
  });
});
