/**
 * libhmk's advanced keys through the spec's calls (get_key_func_info, set_func_info) on a virtual HE60: every kind
 * round-trips through the keyboard's slots, a bad item is refused with its own text and leaves every slot as it was,
 * and the phase actions of a dynamic keystroke map onto the spec's stages and back.
 */
import { describe, expect, it } from 'vitest';
import { BridgeCallError } from '../../src/contract/bridge.ts';
import { createClient } from '../../src/contract/client.ts';
import type { DksStages } from '../../src/core/advanced-keys.ts';
import type { LibhmkDriver } from '../../src/drivers/libhmk/driver.ts';
import { loopbackVirtualFactory } from '../../src/host/virtual-loopback.ts';
import { registerLibhmkAdvanced, actionsOf, stagesOf } from '../../src/service/family/libhmk-advanced.ts';
import { createDeviceService } from '../../src/service/index.ts';
import { LINK_PRESETS } from '../../src/transport/types.ts';

async function open(fwVer = '1.7.0') {
  const factory = loopbackVirtualFactory(LINK_PRESETS.instant);
  const service = createDeviceService({ createVirtual: factory.create, session: { timeoutMs: 150 } });
  registerLibhmkAdvanced(service);
  const client = createClient(service);
  const path = await client.addVirtualDevice({ display_name: 'HE60 (libhmk)', fw_ver: fwVer });
  const driver = service.allDevices().find((d) => d.path === path)!.driver as LibhmkDriver;
  const events: string[] = [];
  service.on('get_key_func_info', () => events.push('get_key_func_info'));
  return { service, client, path, driver, events };
}

const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(BridgeCallError);
  return (e as BridgeCallError).toastKey;
};

const stage = (vis: boolean, useID = 0) => ({ useID, vis });
const none = (): DksStages => [stage(false), stage(false), stage(false), stage(false)];
const row = (code: number, data: DksStages) => ({ code, data });
const dks = (rows: { code: number; data: DksStages }[], bottom = 3.2) => ({
  id_num: -1,
  name: '',
  display: rows,
  top_level: 0.5,
  bottom_level: bottom,
  tick_type: 0 as const,
  tick_min: 3,
  tick_max: 5,
});
const shortcut = (sc_type: number, codes: number[], hold_time = 200, id_num = -1) => ({
  id_num,
  name: '',
  sc_type,
  display: codes.map((code) => ({ code })),
  hold_time,
});

describe('libhmk advanced keys through the spec calls', () => {
  it('offers DKS, shortcut (mod-tap, toggle) and snap-tap over the keyboard’s slots', async () => {
    const { client, path, driver } = await open();
    const info = await client.getKeyFuncInfo({ path });
    const slots = driver.ports.advanced.slots();
    expect(slots).toBeGreaterThan(0);
    expect(info.advanced_types).toEqual([0, 1, 3]);
    expect(info.shortcut_types).toEqual([4, 5]);
    expect([info.dks_size, info.shortcut_size, info.snaptap_size]).toEqual([slots, slots, slots]);
    expect([info.macro_size, info.hypertap_size]).toEqual([0, 0]);
    expect(info.dks_slot_count).toBe(4);
    expect(info.dks_unuse_id).toHaveLength(slots);
  });

  it('round-trips a dynamic keystroke: four codes, their phases, the bottom-out point, on the selected key', async () => {
    const { client, path, driver, events } = await open();
    const rows = [
      row(0x04, [stage(true, 2), stage(false), stage(false), stage(false)]),
      row(0x05, [stage(false), stage(true), stage(false), stage(true)]),
      row(0x06, none()),
      row(0x07, [stage(false), stage(true, 2), stage(false), stage(false)]),
    ];
    const saved = await client.setFuncInfo({ path, change_type: 1, dks: dks(rows), key_ids: [5] });
    expect(events).toContain('get_key_func_info');
    const slot = (await driver.ports.advanced.read())[saved.id_num]!;
    expect(slot).toMatchObject({ kind: 'dks', layer: 0, keyId: 5, codes: [4, 5, 6, 7], bottomOutMm: 3.2 });
    if (slot.kind !== 'dks') throw new Error('not a DKS');
    expect(slot.actions[0]).toEqual(['press', 'hold', 'hold', 'release']);
    expect(slot.actions[1]).toEqual(['hold', 'tap', 'hold', 'tap']);
    expect(slot.actions[3]).toEqual(['hold', 'press', 'hold', 'hold']);
    const info = await client.getKeyFuncInfo({ path });
    const item = info.dks_list.find((i) => i.id_num === saved.id_num)!;
    expect(item.display.map((r) => [r.code, r.data])).toEqual(rows.map((r) => [r.code, r.data]));
    expect(item.bottom_level).toBe(3.2);
    expect(info.dks_unuse_id).not.toContain(saved.id_num);
    // The key value info lists it too.
    expect((await client.getKeyValueInfo({ path })).dks_list.map((i) => i.id_num)).toContain(saved.id_num);
  });

  it('round-trips mod-tap and toggle, edits them in their slot and keeps what the spec item cannot carry', async () => {
    const { client, path, driver } = await open();
    const tap = await client.setFuncInfo({
      path,
      change_type: 1,
      shortcut: shortcut(4, [0x04, 0xe0], 250),
      key_ids: [9],
    });
    const toggle = await client.setFuncInfo({
      path,
      change_type: 1,
      shortcut: shortcut(5, [0x08], 300),
      key_ids: [10],
    });
    let list = (await client.getKeyFuncInfo({ path })).shortcut_list;
    expect(list.map((i) => [i.id_num, i.sc_type, i.display.map((d) => d.code), i.hold_time])).toEqual([
      [tap.id_num, 4, [0x04, 0xe0], 250],
      [toggle.id_num, 5, [0x08], 300],
    ]);
    // hold-on-other-key-press lives only on the keyboard: an edit keeps it.
    const slots = await driver.ports.advanced.read();
    await driver.ports.advanced.write([
      { slot: tap.id_num, key: { ...slots[tap.id_num]!, holdOnOtherKeyPress: true } as never },
    ]);
    await client.setFuncInfo({ path, change_type: 2, shortcut: shortcut(4, [0x05, 0xe1], 400, tap.id_num) });
    expect((await driver.ports.advanced.read())[tap.id_num]).toMatchObject({
      kind: 'tapHold',
      keyId: 9,
      tapCode: 0x05,
      holdCode: 0xe1,
      tappingTermMs: 400,
      holdOnOtherKeyPress: true,
    });
    await client.setFuncInfo({ path, change_type: 0, shortcut: { id_num: toggle.id_num } });
    list = (await client.getKeyFuncInfo({ path })).shortcut_list;
    expect(list.map((i) => i.id_num)).toEqual([tap.id_num]);
    expect((await driver.ports.advanced.read())[toggle.id_num]).toEqual({ kind: 'none' });
  });

  it('round-trips a null bind as snap-tap: two keys, the behaviour as its mode, the bottom-out point kept', async () => {
    const { client, path, driver } = await open();
    const snap = { id_num: -1, name: '', display: [{ key_id: 30 }, { key_id: 32 }], mode: 1 };
    const saved = await client.setFuncInfo({ path, change_type: 1, snaptap: snap });
    expect((await driver.ports.advanced.read())[saved.id_num]).toMatchObject({
      kind: 'nullBind',
      keyId: 30,
      secondaryKeyId: 32,
      behaviour: 'primary',
      bottomOutMm: null,
    });
    // Behaviours past the contract's modes and a bottom-out point, set on the keyboard, read back by index.
    const slot = (await driver.ports.advanced.read())[saved.id_num]!;
    await driver.ports.advanced.write([
      { slot: saved.id_num, key: { ...slot, behaviour: 'distance', bottomOutMm: 3 } as never },
    ]);
    const item = (await client.getKeyFuncInfo({ path })).snaptap_list[0]! as { mode: number; bottom_out?: number };
    expect(item.mode).toBe(4);
    expect(item.bottom_out).toBe(3);
    await client.setFuncInfo({ path, change_type: 2, snaptap: { ...snap, id_num: saved.id_num, mode: 2 } });
    expect((await driver.ports.advanced.read())[saved.id_num]).toMatchObject({
      behaviour: 'secondary',
      bottomOutMm: 3,
    });
  });

  it('refuses a bad item with its own text, and every slot stays as it was', async () => {
    const { client, path, driver } = await open();
    await client.setFuncInfo({ path, change_type: 1, shortcut: shortcut(5, [0x08]), key_ids: [1] });
    const before = await driver.ports.advanced.read();
    const cases: [Promise<unknown>, string][] = [
      [
        client.setFuncInfo({ path, change_type: 1, shortcut: shortcut(4, [0x04, 0x1234]), key_ids: [2] }),
        'libhmk.adv.err.code',
      ],
      [
        client.setFuncInfo({ path, change_type: 1, shortcut: shortcut(4, [0x04, 0xe0], 5), key_ids: [2] }),
        'libhmk.adv.err.term',
      ],
      [
        client.setFuncInfo({ path, change_type: 1, shortcut: shortcut(4, [0x04]), key_ids: [2] }),
        'libhmk.adv.err.modTapKeys',
      ],
      [
        client.setFuncInfo({ path, change_type: 1, shortcut: shortcut(0, [0x04]), key_ids: [2] }),
        'libhmk.adv.err.scType',
      ],
      [
        client.setFuncInfo({ path, change_type: 1, shortcut: shortcut(5, [0x04]), key_ids: [2, 3] }),
        'libhmk.adv.err.oneKey',
      ],
      [client.setFuncInfo({ path, change_type: 1, shortcut: shortcut(5, [0x04]) }), 'libhmk.adv.err.oneKey'],
      [
        client.setFuncInfo({ path, change_type: 1, dks: dks([row(4, none())], 9), key_ids: [2] }),
        'libhmk.adv.err.bottom',
      ],
      [
        client.setFuncInfo({
          path,
          change_type: 1,
          dks: dks(Array.from({ length: 5 }, () => row(4, none()))),
          key_ids: [2],
        }),
        'libhmk.adv.err.dksRows',
      ],
      [
        client.setFuncInfo({
          path,
          change_type: 1,
          snaptap: { id_num: -1, name: '', display: [{ key_id: 3 }, { key_id: 3 }], mode: 0 },
        }),
        'libhmk.adv.err.snaptapKeys',
      ],
      [
        client.setFuncInfo({
          path,
          change_type: 1,
          snaptap: { id_num: -1, name: '', display: [{ key_id: 3 }, { key_id: 999 }], mode: 0 },
        }),
        'libhmk.adv.err.keys',
      ],
      [
        client.setFuncInfo({ path, change_type: 1, hypertap: { id_num: -1, name: '', display: [] } }),
        'libhmk.adv.err.kind',
      ],
      [
        client.setFuncInfo({ path, change_type: 2, dks: { ...dks([row(4, none())]), id_num: 0 } }),
        'libhmk.adv.err.slot',
      ],
      [client.setFuncInfo({ path, change_type: 0, snaptap: { id_num: 0 } }), 'libhmk.adv.err.slot'],
    ];
    for (const [call, key] of cases) expect(await refusal(call)).toBe(key);
    expect(await driver.ports.advanced.read()).toEqual(before);
  });

  it('refuses an add when every slot is taken', async () => {
    const { client, path, driver } = await open();
    const slots = driver.ports.advanced.slots();
    for (let k = 0; k < slots; k++)
      await client.setFuncInfo({ path, change_type: 1, shortcut: shortcut(5, [0x08]), key_ids: [k] });
    const before = await driver.ports.advanced.read();
    expect(
      await refusal(client.setFuncInfo({ path, change_type: 1, shortcut: shortcut(5, [0x08]), key_ids: [0] })),
    ).toBe('spkey.add.fill.warn');
    expect(await driver.ports.advanced.read()).toEqual(before);
    expect((await client.getKeyFuncInfo({ path })).shortcut_unuse_id).toEqual([]);
  });
});

describe('DKS phases and the spec’s stages', () => {
  /** Every stage set the DKS editor can make: marks anywhere, each bar stopping before the next mark. */
  function* stageSets(): Generator<DksStages> {
    for (let marks = 0; marks < 16; marks++) {
      const vis = [0, 1, 2, 3].map((i) => ((marks >> i) & 1) === 1);
      const room = vis.map((v, i) => {
        if (!v) return 0;
        let r = 0;
        while (i + r + 1 < 4 && !vis[i + r + 1]) r++;
        return r;
      });
      const spans = (i: number): number[][] =>
        i === 4
          ? [[]]
          : Array.from({ length: room[i]! + 1 }, (_, s) => spans(i + 1).map((rest) => [s, ...rest])).flat();
      for (const s of spans(0)) yield vis.map((v, i) => ({ vis: v, useID: s[i]! })) as DksStages;
    }
  }

  it('every stage set the editor can make comes back the same from the keyboard’s actions', () => {
    let n = 0;
    for (const stages of stageSets()) {
      expect(stagesOf(actionsOf(stages))).toEqual(stages);
      n++;
    }
    expect(n).toBeGreaterThan(30);
  });
});
