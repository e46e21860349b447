/**
 * Every field of libhmk's advanced keys through the spec's calls on a virtual HE60, written and read back: a null
 * bind's five behaviours and its bottom-out point, a mod-tap's hold on other key press, a toggle's tapping term, a
 * dynamic keystroke's bottom-out point as the keyboard holds it; where each item sits (layer, key); and Bind, which on
 * this keyboard moves the item onto the selected key (the keyword bind of our own protocol is refused here).
 */
import { describe, expect, it } from 'vitest';
import { BridgeCallError } from '../../src/contract/bridge.ts';
import { createClient } from '../../src/contract/client.ts';
import type { LibhmkDriver } from '../../src/drivers/libhmk/driver.ts';
import { loopbackVirtualFactory } from '../../src/host/virtual-loopback.ts';
import { registerLibhmkAdvanced } from '../../src/service/family/libhmk-advanced.ts';
import { createDeviceService } from '../../src/service/index.ts';
import { LINK_PRESETS } from '../../src/transport/types.ts';

async function open() {
  const factory = loopbackVirtualFactory(LINK_PRESETS.instant);
  const service = createDeviceService({ createVirtual: factory.create, session: { timeoutMs: 150 } });
  registerLibhmkAdvanced(service);
  const client = createClient(service);
  const path = await client.addVirtualDevice({ display_name: 'HE60 (libhmk)', fw_ver: '1.7.0' });
  const driver = service.allDevices().find((d) => d.path === path)!.driver as LibhmkDriver;
  return { client, path, driver };
}

const toastOf = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(BridgeCallError);
  return (e as BridgeCallError).toastKey;
};

const none = () => [0, 1, 2, 3].map(() => ({ useID: 0, vis: false }));

describe('libhmk advanced-key fields on the virtual HE60', () => {
  it('reports the fields its editors offer', async () => {
    const { driver } = await open();
    expect(driver.features.advanced).toMatchObject({
      dksTicks: false,
      dksTopIsActuation: true,
      snaptapBehaviours: ['last', 'primary', 'secondary', 'neutral', 'distance'],
      snaptapBottomOut: true,
      modTapHoldOnOtherKey: true,
      toggleTappingTerm: true,
    });
  });

  it.each([0, 1, 2, 3, 4])('round-trips null bind behaviour %i with a bottom-out point', async (behaviour) => {
    const { client, path, driver } = await open();
    const snap = {
      id_num: -1,
      name: '',
      display: [{ key_id: 30 }, { key_id: 32 }],
      mode: 0,
      behaviour,
      bottom_out: 2.51,
    };
    const saved = await client.setFuncInfo({ path, change_type: 1, snaptap: snap });
    const slot = (await driver.ports.advanced.read())[saved.id_num]!;
    expect(slot).toMatchObject({
      kind: 'nullBind',
      behaviour: ['last', 'primary', 'secondary', 'neutral', 'distance'][behaviour],
    });
    const item = (await client.getKeyFuncInfo({ path })).snaptap_list.find((i) => i.id_num === saved.id_num)!;
    expect(item.behaviour).toBe(behaviour);
    expect(item.bottom_out).toBe(2.51);
    expect(item.key_id).toBe(30);
  });

  it('turns a null bind’s bottom-out point off and refuses one out of range, changing nothing', async () => {
    const { client, path, driver } = await open();
    const snap = { id_num: -1, name: '', display: [{ key_id: 30 }, { key_id: 32 }], mode: 0, bottom_out: 3 };
    const saved = await client.setFuncInfo({ path, change_type: 1, snaptap: snap });
    const edit = { ...snap, id_num: saved.id_num };
    expect(await toastOf(client.setFuncInfo({ path, change_type: 2, snaptap: { ...edit, bottom_out: 9 } }))).toBe(
      'libhmk.adv.err.bottom',
    );
    expect((await driver.ports.advanced.read())[saved.id_num]).toMatchObject({ bottomOutMm: 3 });
    await client.setFuncInfo({ path, change_type: 2, snaptap: { ...edit, bottom_out: null } });
    expect((await driver.ports.advanced.read())[saved.id_num]).toMatchObject({ bottomOutMm: null });
    expect((await client.getKeyFuncInfo({ path })).snaptap_list[0]!.bottom_out).toBeNull();
  });

  it('round-trips a mod-tap’s hold on other key press both ways, and a toggle’s tapping term', async () => {
    const { client, path, driver } = await open();
    const modTap = { id_num: -1, name: '', sc_type: 4, display: [{ code: 0x04 }, { code: 0xe0 }], hold_time: 180 };
    const saved = await client.setFuncInfo({
      path,
      change_type: 1,
      shortcut: { ...modTap, hold_on_other_key_press: true },
      key_ids: [9],
    });
    expect((await driver.ports.advanced.read())[saved.id_num]).toMatchObject({ holdOnOtherKeyPress: true });
    let item = (await client.getKeyFuncInfo({ path })).shortcut_list[0]!;
    expect([item.hold_on_other_key_press, item.hold_time, item.key_id, item.layer]).toEqual([true, 180, 9, 0]);
    await client.setFuncInfo({
      path,
      change_type: 2,
      shortcut: { ...modTap, id_num: saved.id_num, hold_on_other_key_press: false },
    });
    item = (await client.getKeyFuncInfo({ path })).shortcut_list[0]!;
    expect(item.hold_on_other_key_press).toBe(false);
    const toggle = await client.setFuncInfo({
      path,
      change_type: 1,
      shortcut: { id_num: -1, name: '', sc_type: 5, display: [{ code: 0x08 }], hold_time: 740 },
      key_ids: [10],
    });
    expect((await driver.ports.advanced.read())[toggle.id_num]).toMatchObject({ kind: 'toggle', tappingTermMs: 740 });
  });

  it('keeps a DKS bottom-out point as the keyboard holds it', async () => {
    const { client, path } = await open();
    const rows = [{ code: 0x04, data: [{ useID: 0, vis: true }, ...none().slice(1)] }];
    const dks = { id_num: -1, name: '', display: rows, top_level: 1, bottom_level: 2.49, tick_min: 0, tick_max: 0 };
    const saved = await client.setFuncInfo({ path, change_type: 1, dks, key_ids: [4] });
    const item = (await client.getKeyFuncInfo({ path })).dks_list.find((i) => i.id_num === saved.id_num)!;
    expect(item.bottom_level).toBe(2.49);
    expect(item.key_id).toBe(4);
  });

  it('binds by moving the item: the keyword bind is refused, set_func_info with the selected key moves it', async () => {
    const { client, path, driver } = await open();
    const saved = await client.setFuncInfo({
      path,
      change_type: 1,
      shortcut: { id_num: -1, name: '', sc_type: 5, display: [{ code: 0x08 }], hold_time: 200 },
      key_ids: [10],
    });
    // What Bind sent before: our own protocol's keyword, which this keyboard has no place for.
    expect(await toastOf(client.setKeyInfo({ path, index: 0, select: [20], keywords: `S${saved.id_num}` }))).toBe(
      'err.args.invalid',
    );
    const item = (await client.getKeyFuncInfo({ path })).shortcut_list[0]!;
    await client.setKeyInfo({ path, index: 1 });
    await client.setFuncInfo({ path, change_type: 2, shortcut: item, key_ids: [20] });
    expect((await driver.ports.advanced.read())[saved.id_num]).toMatchObject({ kind: 'toggle', layer: 1, keyId: 20 });
    const moved = (await client.getKeyFuncInfo({ path })).shortcut_list[0]!;
    expect([moved.layer, moved.key_id]).toEqual([1, 20]);
  });
});
