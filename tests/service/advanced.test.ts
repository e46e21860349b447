import { describe, expect, it, vi } from 'vitest';
import { capabilitiesFor } from '../../src/core/capabilities.ts';
import { KEYCODE_KIND, KC_NONE, makeKeycode } from '../../src/core/keycode-space.ts';
import { keycodeByName } from '../../src/core/keycodes.ts';
import { defaultKeymap } from '../../src/core/layouts/index.ts';
import { CONFIGURABLE_MODELS } from '../../src/core/models.ts';
import { LATEST_FIRMWARE } from '../../src/core/resources.ts';
import { CMD, REPORT_MODE, SUB } from '../../src/protocol/commands.ts';
import { SUB_WRITE } from '../../src/protocol/frame.ts';
import {
  DksRecordLayout,
  FuncInfoLayout,
  MacroRecordLayout,
  ShortcutRecordLayout,
} from '../../src/protocol/objects.ts';
import {
  dksFromWire,
  dksToWire,
  hypertapToWire,
  macroFromWire,
  macroToWire,
  shortcutFromWire,
  shortcutToWire,
} from '../../src/service/convert/advanced-records.ts';
import { recordRuns, unusedIds, usedIds } from '../../src/service/convert/advanced.ts';
import type { FuncInfoPayload } from '../../src/contract/payloads/advanced.ts';
import { makeHarness } from './harness.ts';

type Harness = ReturnType<typeof makeHarness>;
type Call = (func: string, args?: string[]) => Promise<unknown>;

const code = (name: string): number => keycodeByName(name)!.code;
const A = code('A');

async function setup(model: string, fw: string = LATEST_FIRMWARE[model as keyof typeof LATEST_FIRMWARE]) {
  const h = makeHarness();
  const path = await h.add(model, fw);
  const call: Call = (func, args = []) => h.service.call('dev_info', func, ['--path', path, ...args]);
  return { h, path, call };
}

function profileOf(h: Harness) {
  const { state } = h.keyboardOf().inspect();
  return state.profiles[state.currentTheme]!;
}

const flashOf = (h: Harness): Buffer => Buffer.from(h.keyboardOf().serialize());

/** Pulls the cable when the device receives the next report, so the call in progress loses its device mid-exchange. */
function pullCableAtNextReport(h: Harness): void {
  const kb = h.keyboardOf();
  const receive = kb.receive.bind(kb);
  const spy = vi.spyOn(kb, 'receive').mockImplementation((report: Uint8Array) => {
    spy.mockRestore();
    h.transportOf().disconnect();
    return receive(report).slice(0, 0);
  });
}

async function expectRefused(h: Harness, call: Promise<unknown>, key: string, style = { type: 1, delay: 3 }) {
  const before = flashOf(h);
  await expect(call).rejects.toMatchObject({ toastKey: key });
  expect(h.last('toast_message')).toMatchObject({ title: key, ...style });
  expect(flashOf(h).equals(before)).toBe(true);
}

const row = (c: number, marks = 'x..x') => ({ code: c, data: [...marks].map((m) => ({ useID: 0, vis: m === 'x' })) });
const dks = (over: object = {}) => ({
  id_num: -1,
  name: 'Dash',
  display: [row(A), row(KC_NONE, '....')],
  top_level: 0.5,
  bottom_level: 3.2,
  tick_type: 0,
  tick_min: 3,
  tick_max: 5,
  ...over,
});
const shortcut = (over: object = {}) => ({
  id_num: -1,
  name: 'Copy',
  sc_type: 0,
  display: [{ code: code('LCtrl') }, { code: code('C') }],
  hold_time: 200,
  ...over,
});
const ev = (name: string, down: boolean, delay = 30) => ({ code: code(name), is_down: down, delay });
const macro = (over: object = {}) => ({
  id_num: -1,
  name: 'Hi',
  display: [ev('H', true), ev('H', false), ev('I', true), ev('I', false, 0)],
  delay_type: 0,
  delay_min: 30,
  delay_max: 35,
  repeat_count: 1,
  trigger_action_type: 0,
  trigger_delay: 0,
  ...over,
});
const pair = (a: number, b: number, over: object = {}) => ({
  id_num: -1,
  display: [{ key_id: a }, { key_id: b }],
  ...over,
});

const save = (call: Call, type: string, item: object, change = 1, extra: string[] = []) =>
  call('set_func_info', ['--change_type', String(change), `--${type}`, JSON.stringify(item), ...extra]) as Promise<{
    id_num: number;
  }>;

describe('get_key_func_info and set_func_info on every model', () => {
  it.each(CONFIGURABLE_MODELS)('%s: lists, adds, binds, edits and deletes every advanced type', async (model) => {
    const { h, call } = await setup(model);
    const caps = capabilitiesFor(model, LATEST_FIRMWARE[model]);
    const empty = (await call('get_key_func_info')) as FuncInfoPayload;
    expect(h.last('get_key_func_info')).toEqual(empty);
    expect(empty).toMatchObject({ dks_size: 16, shortcut_size: 16, macro_size: 16, snaptap_size: 8, hypertap_size: 8 });
    expect(empty.dks_unuse_id).toHaveLength(16);
    expect(empty.dks_max_trigger).toBe(3.6);
    expect(empty.dks_slot_count).toBe(caps.advanced.dksSlotCount);
    expect(empty.advanced_types).toEqual([0, 1, 2, 3, 4]);

    await call('set_key_info', ['--index', '2']);
    const d = await save(call, 'dks', dks(), 1, ['--key_ids', '[5,6]']);
    expect(d.id_num).toBe(0);
    const dksCode = makeKeycode(KEYCODE_KIND.dks, 0);
    expect(profileOf(h).keymap[2]!.slice(5, 7)).toEqual([dksCode, dksCode]);
    expect((h.last('get_key_value_info') as { keycodes: number[][] }).keycodes[2]![5]).toBe(dksCode);
    const afterDks = h.last('get_key_func_info') as FuncInfoPayload;
    expect(afterDks.dks_list).toHaveLength(1);
    expect(afterDks.dks_list[0]).toMatchObject({ id_num: 0, name: 'Dash', type: 0, top_level: 0.5, bottom_level: 3.2 });
    expect(afterDks.dks_list[0]!.display[0]).toMatchObject({ code: A, name: 'A' });
    expect(afterDks.dks_unuse_id).not.toContain(0);

    const s = await save(call, 'shortcut', shortcut());
    const m = await save(call, 'macro', macro());
    const st = await save(call, 'snaptap', pair(1, 2));
    const ht = await save(call, 'hypertap', pair(3, 4));
    const lists = (await call('get_key_func_info')) as FuncInfoPayload;
    expect(lists.shortcut_list[0]).toMatchObject({ id_num: s.id_num, sc_type: 0, name: 'Copy' });
    expect(lists.macro_list[0]).toMatchObject({ id_num: m.id_num, count: 4, name: 'Hi' });
    expect(lists.macro_list[0]!.display.map((e) => [e.name, e.is_down, e.delay])).toEqual([
      ['H', true, 30],
      ['H', false, 30],
      ['I', true, 30],
      ['I', false, 0],
    ]);
    expect(lists.snaptap_list[0]!.display.map((e) => e.key_id)).toEqual([1, 2]);
    expect(lists.hypertap_list[0]!.display.map((e) => ('key_id' in e ? e.key_id : -1))).toEqual([3, 4]);
    const stored = profileOf(h);
    expect(stored.snaptap[st.id_num]).toMatchObject({ used: 1, keyA: 1, keyB: 2 });
    expect(stored.hypertap[ht.id_num]).toMatchObject({ used: 1, keyA: 3, secondKind: 0, second: 4 });

    // Edit keeps the slot; the name is stored with limit style 2.
    await save(call, 'dks', dks({ id_num: 0, name: ' <b>ÄÄÄÄÄÄÄÄÄ</b> ' }), 2);
    // Style 2 takes one character off the end while the name is over 16 UTF-8 bytes; spaces are kept.
    expect(profileOf(h).dks[0]!.name).toBe(' ÄÄÄÄÄÄÄ');

    // Delete unbinds the item on every layer, back to the factory codes.
    await call('set_key_info', ['--index', '0', '--select', '[9]', '--keywords', 'D0']);
    await save(call, 'dks', { id_num: 0 }, 0);
    const keymap = profileOf(h).keymap;
    const defaults = defaultKeymap(model);
    expect([keymap[2]![5], keymap[2]![6], keymap[0]![9]]).toEqual([defaults[2]![5], defaults[2]![6], defaults[0]![9]]);
    expect(profileOf(h).dks[0]!.used).toBe(0);
    expect((h.last('get_key_func_info') as FuncInfoPayload).dks_unuse_id).toContain(0);
  });

  it('reads only the used records of a list', async () => {
    const { h, call } = await setup('made68pro');
    await save(call, 'macro', macro());
    const reads: { sub: number; length: number }[] = [];
    const kb = h.keyboardOf();
    const receive = kb.receive.bind(kb);
    vi.spyOn(kb, 'receive').mockImplementation((report: Uint8Array) => {
      if (report[0] === CMD.advanced && !(report[1]! & SUB_WRITE))
        reads.push({ sub: report[1]! & 0x3f, length: report[8]! | (report[9]! << 8) });
      return receive(report);
    });
    await call('get_key_func_info');
    expect(reads).toEqual([
      { sub: SUB.advanced.funcInfo, length: FuncInfoLayout.size },
      { sub: SUB.advanced.macro, length: MacroRecordLayout.size },
    ]);
  });

  it('offers 4 DKS rows up to the firmware boundary and 8 after it', async () => {
    const old = await setup('cyber01', '2.9.9');
    expect(((await old.call('get_key_func_info')) as FuncInfoPayload).dks_slot_count).toBe(4);
    const five = dks({ display: [row(A), row(code('B')), row(code('C')), row(code('D')), row(code('E'))] });
    await expectRefused(old.h, save(old.call, 'dks', five), 'err.args.invalid');
    const fresh = await setup('cyber01', '3.0.0');
    expect(((await fresh.call('get_key_func_info')) as FuncInfoPayload).dks_slot_count).toBe(8);
    await save(fresh.call, 'dks', five);
    expect(profileOf(fresh.h).dks[0]!.rows[4]!.code).toBe(code('E'));
  });

  it('saves mod-tap and toggle shortcuts where the firmware offers them', async () => {
    const { h, call } = await setup('made68pro');
    const modTap = await save(call, 'shortcut', shortcut({ sc_type: 4, hold_time: 150 }));
    const toggle = await save(call, 'shortcut', shortcut({ sc_type: 5, display: [{ code: A }] }));
    const stored = profileOf(h).shortcut;
    expect(stored[modTap.id_num]).toMatchObject({ scType: 4, keyCount: 2, holdTime: 150 });
    expect(stored[toggle.id_num]).toMatchObject({ scType: 5, keyCount: 1, keys: [A, 0, 0, 0, 0, 0] });
  });

  it('accepts advanced keys from the minimum firmware on', async () => {
    const { h, call } = await setup('made68', '2.1.7');
    await save(call, 'dks', dks());
    expect(profileOf(h).dks[0]!.used).toBe(1);
  });

  it('fills the list, then refuses the next add with spkey.add.fill.warn', async () => {
    const { h, call } = await setup('real67');
    for (let i = 0; i < 8; i++) await save(call, 'snaptap', pair(2 * i, 2 * i + 1));
    await expectRefused(h, save(call, 'snaptap', pair(40, 41)), 'spkey.add.fill.warn', { type: 2, delay: 7 });
  });

  it('rejects with err.dev.disconnected when the device goes away mid-call', async () => {
    const { h, call } = await setup('made84ultra');
    pullCableAtNextReport(h);
    const pending = save(call, 'dks', dks());
    await expect(pending).rejects.toMatchObject({ toastKey: 'err.dev.disconnected' });
  });
});

let shared: Awaited<ReturnType<typeof setup>> | undefined;

describe('set_func_info refusals', () => {
  const many = Array.from({ length: 41 }, () => [ev('A', true, 30), ev('A', false, 30)]).flat();
  const cases: [string, string, object, string, number?][] = [
    ['a DKS row with a key but no stage', 'dks', dks({ display: [row(A, '....')] }), 'err.spkey.dks.args.cfg'],
    ['a DKS without any key', 'dks', dks({ display: [row(KC_NONE, '....')] }), 'err.spkey.dks.args.cfg'],
    ['a DKS deeper than the device', 'dks', dks({ bottom_level: 3.7 }), 'err.args.invalid'],
    ['a snap-tap with one key', 'snaptap', pair(1, -1), 'err.spkey.snaptap.args.cfg'],
    ['a snap-tap on one key twice', 'snaptap', pair(1, 1), 'err.spkey.snaptap.args.cfg'],
    ['a snap-tap on a key the board lacks', 'snaptap', pair(1, 90), 'err.spkey.hypertap.notkeyid.cfg'],
    ['a hyper-tap without its second key', 'hypertap', pair(1, -1), 'err.spkey.hypertap.args.cfg'],
    ['a hyper-tap on a key the board lacks', 'hypertap', pair(1, 99), 'err.spkey.hypertap.notkeyid.cfg'],
    [
      'a replace shortcut of seven keys',
      'shortcut',
      shortcut({ display: 'ABCDEFG'.split('').map((k) => ({ code: code(k) })) }),
      'err.spkey.shortcut.args.cfg',
    ],
    ['a mod-tap held 5 ms', 'shortcut', shortcut({ sc_type: 4, hold_time: 5 }), 'err.spkey.shortcut.args.cfg'],
    ['a shortcut with a media key', 'shortcut', shortcut({ display: [{ code: code('Vol+') }] }), 'warn.not.apply'],
    ['a macro of 82 events', 'macro', macro({ display: many }), 'err.spkey.macro.args.cfg'],
    ['a macro repeated 0 times', 'macro', macro({ repeat_count: 0 }), 'err.spkey.macro.args.cfg'],
    ['an add with an id', 'dks', dks({ id_num: 3 }), 'err.args.invalid'],
    ['an edit of a free slot', 'dks', dks({ id_num: 3 }), 'err.args.invalid', 2],
    ['a delete of a free slot', 'macro', { id_num: 5 }, 'err.args.invalid', 0],
    ['an unknown change type', 'dks', dks(), 'err.args.invalid', 3],
    ['a key code that is not in the catalogue', 'dks', dks({ display: [row(0x7abc)] }), 'err.args.invalid'],
  ];
  it.each(cases)('refuses %s', async (_, type, item, key, change = 1) => {
    shared ??= await setup('made68pro');
    await expectRefused(shared.h, save(shared.call, type, item, change), key);
  });

  it('refuses malformed calls with err.args.invalid', async () => {
    shared ??= await setup('made68pro');
    const { h, call } = shared;
    await expectRefused(h, call('set_func_info', ['--change_type', '1', '--dks', '{']), 'err.args.invalid');
    const both = ['--change_type', '1', '--dks', JSON.stringify(dks()), '--macro', JSON.stringify(macro())];
    await expectRefused(h, call('set_func_info', both), 'err.args.invalid');
    await expectRefused(h, save(call, 'snaptap', pair(1, 2), 1, ['--key_ids', '[3]']), 'err.args.invalid');
    await expectRefused(h, save(call, 'dks', dks(), 1, ['--key_ids', '[68]']), 'err.args.invalid');
  });

  it('refuses a snap-tap key already in another pair', async () => {
    const { h, call } = await setup('lumi68');
    await save(call, 'snaptap', pair(1, 2));
    await expectRefused(h, save(call, 'snaptap', pair(2, 3)), 'err.spkey.snaptap.args.cfg');
  });

  it('refuses a hyper-tap whose first key starts another one', async () => {
    const { h, call } = await setup('lumi68');
    await save(call, 'hypertap', pair(1, 2));
    await expectRefused(h, save(call, 'hypertap', pair(1, 3)), 'err.spkey.hypertap.duplicate.cfg');
  });

  it.each([
    ['every type below the advanced minimum', 'made68', '2.1.6', 'dks', dks()],
    ['snap-tap on level 0 firmware', 'made68pro', '1.3.6', 'snaptap', pair(1, 2)],
    ['hyper-tap on level 0 firmware', 'cyber01', '2.1.9', 'hypertap', pair(1, 2)],
    [
      'a toggle shortcut on level 0 firmware',
      'made68pro',
      '1.3.6',
      'shortcut',
      shortcut({ sc_type: 5, display: [{ code: A }] }),
    ],
    ['dks where the firmware predates it', 'mojo68rt', '0.9.9', 'dks', dks()],
    ['a macro trigger action this firmware lacks', 'made68pro', '1.3.6', 'macro', macro({ trigger_action_type: 4 })],
  ])('refuses %s', async (_, model, fw, type, item) => {
    const { h, call } = await setup(model, fw);
    const key = type === 'macro' ? 'err.spkey.macro.args.cfg' : 'warn.not.apply';
    await expectRefused(h, save(call, type, item), key);
  });
});

describe('macro saves', () => {
  it('gives an event saved without a delay the default 30 ms, and the last event 0', async () => {
    const { h, path } = await setup('made68pro');
    const event = (name: string, is_down: boolean) => ({ code: code(name), is_down });
    const { id_num } = await h.client.setFuncInfo({
      path,
      change_type: 1,
      macro: { id_num: -1, display: [event('H', true), event('H', false), event('I', true), event('I', false)] },
    });
    const stored = profileOf(h).macro[id_num]!;
    expect(stored.events.slice(0, stored.count).map((e) => e.delay)).toEqual([30, 30, 30, 0]);
    const info = await h.client.getKeyFuncInfo({ path });
    expect(info.macro_list[0]!.display.map((e) => e.delay)).toEqual([30, 30, 30, 0]);
  });

  it.each([0, 1001])('refuses a repeat count of %s, saying so', async (repeat_count) => {
    shared ??= await setup('made68pro');
    const saving = save(shared.call, 'macro', macro({ repeat_count }));
    await expectRefused(shared.h, saving, 'err.spkey.macro.args.cfg');
    const error = (await saving.catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/repeat count/);
    expect(error.message).toContain('1 to 1000');
    expect(error.message).not.toMatch(/events/);
  });

  it.each([
    ['no event', macro({ display: [] }), /at least one event/],
    ['81 events', macro({ display: Array.from({ length: 81 }, (_, i) => ev('A', i % 2 === 0)) }), /at most 80 events/],
    ['a negative delay', macro({ display: [ev('A', true, -5), ev('A', false)] }), /delay of event 1/],
    ['an inverted random range', macro({ delay_type: 1, delay_min: 40, delay_max: 30 }), /random delay range/],
    ['a trigger action the firmware lacks', macro({ trigger_action_type: 9 }), /trigger action 9/],
  ])('names the problem of a macro with %s', async (_, item, message) => {
    shared ??= await setup('made68pro');
    const saving = save(shared.call, 'macro', item);
    await expectRefused(shared.h, saving, 'err.spkey.macro.args.cfg');
    await expect(saving).rejects.toThrow(message);
  });
});

describe('set_func_info arguments', () => {
  it('refuses an add or edit that carries only the slot, naming the missing field', async () => {
    shared ??= await setup('made68pro');
    const saving = save(shared.call, 'dks', { id_num: -1 });
    await expectRefused(shared.h, saving, 'err.args.invalid');
    await expect(saving).rejects.toThrow(/--dks\.display/);
  });

  it('deletes by the whole item, as the UI sends it, or by its slot alone', async () => {
    const { h, path } = await setup('made68pro');
    const first = await h.client.setFuncInfo({ path, change_type: 1, shortcut: shortcut() });
    const second = await h.client.setFuncInfo({ path, change_type: 1, shortcut: shortcut({ name: 'Two' }) });
    const listed = (await h.client.getKeyFuncInfo({ path })).shortcut_list;
    await h.client.setFuncInfo({ path, change_type: 0, shortcut: listed.find((i) => i.id_num === first.id_num)! });
    await h.client.setFuncInfo({ path, change_type: 0, shortcut: { id_num: second.id_num } });
    expect((await h.client.getKeyFuncInfo({ path })).shortcut_list).toEqual([]);
  });

  it('refuses an argument name without a value', async () => {
    shared ??= await setup('made68pro');
    await expectRefused(shared.h, shared.call('set_func_info', ['--change_type', '1', '--dks']), 'err.args.invalid');
  });
});

describe('macro recording stream', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

  it.each(CONFIGURABLE_MODELS)('%s: streams key events while recording', async (model) => {
    const { h, path } = await setup(model);
    const stream = (action: string) => h.service.call('dev_event', 'stream', ['--path', path, '--action', action]);
    expect(await stream('start')).toMatchObject({ recording: true });
    expect(h.keyboardOf().inspect().reportMode.mode).toBe(REPORT_MODE.keyEvents);
    const kb = h.keyboardOf();
    kb.pressKey(5, 3.5);
    await settle();
    kb.pressKey(5, 0);
    await settle();
    const events = h.events.filter((e) => e.event === 'dev_event').map((e) => e.payload as Record<string, unknown>);
    const keyCode = profileOf(h).keymap[0]![5]!;
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ path, ev_type: 'keydown', is_down: true, key_id: 5, code: keyCode, delay: 0 });
    expect(events[1]).toMatchObject({ ev_type: 'keyup', is_down: false, key_id: 5, code: keyCode });
    expect(events[1]!.delay).toBeGreaterThanOrEqual(0);

    await stream('stop');
    expect(h.keyboardOf().inspect().reportMode.mode).toBe(REPORT_MODE.off);
    kb.pressKey(5, 3.5);
    await settle();
    expect(h.events.filter((e) => e.event === 'dev_event')).toHaveLength(2);
  });

  it('refuses an unknown action', async () => {
    const { h, path } = await setup('made68pro');
    await expectRefused(
      h,
      h.service.call('dev_event', 'stream', ['--path', path, '--action', 'pause']),
      'err.args.invalid',
    );
  });
});

describe('advanced-key conversion', () => {
  it('lists used and free slots from a used bitmap', () => {
    expect(usedIds(0b1010_0001, 8)).toEqual([0, 5, 7]);
    expect(unusedIds(0b1010_0001, 8)).toEqual([1, 2, 3, 4, 6]);
    expect(usedIds(0xffffffff, 4)).toEqual([0, 1, 2, 3]);
  });

  it('reads through small gaps between used records but not large ones', () => {
    expect(recordRuns([0, 1, 3], 100, 100)).toEqual([{ first: 0, count: 4 }]);
    expect(recordRuns([0, 5], 100, 100)).toEqual([
      { first: 0, count: 1 },
      { first: 5, count: 1 },
    ]);
    expect(recordRuns([], 100)).toEqual([]);
  });

  it('round-trips a DKS item through its wire record', () => {
    const item = dksFromWire(
      2,
      DksRecordLayout.decode(
        DksRecordLayout.encode({
          used: 1,
          topLevel: 50,
          bottomLevel: 320,
          tickType: 1,
          tickMin: 3,
          tickMax: 5,
          name: 'D',
          rows: Array.from({ length: 8 }, (_, i) => ({
            code: i === 0 ? A : 0,
            stages: i === 0 ? [0x81, 0, 0, 0x80] : [0, 0, 0, 0],
          })),
        }),
      ),
      8,
    );
    expect(item.display).toHaveLength(4);
    expect(item.display[0]!.data).toEqual([
      { useID: 1, vis: true },
      { useID: 0, vis: false },
      { useID: 0, vis: false },
      { useID: 0, vis: true },
    ]);
    expect(item).toMatchObject({ id_num: 2, top_level: 0.5, bottom_level: 3.2, tick_type: 1, context: 'A' });
    expect(dksToWire(item).rows[0]).toEqual({ code: A, stages: [0x81, 0, 0, 0x80] });
  });

  it('stores a shortcut key list and its hold time only for mod-tap', () => {
    const rec = shortcutToWire(
      shortcutFromWire(0, { used: 1, scType: 0, keyCount: 2, holdTime: 0, name: 'x', keys: [4, 5, 0, 0, 0, 0] }),
    );
    expect(rec).toMatchObject({ keyCount: 2, holdTime: 200, keys: [4, 5, 0, 0, 0, 0] });
    expect(ShortcutRecordLayout.decode(ShortcutRecordLayout.encode(rec)).keys).toEqual([4, 5, 0, 0, 0, 0]);
  });

  it('gives the last macro event no delay on the wire', () => {
    const events = [
      { code: A, flags: 1, delay: 40 },
      { code: A, flags: 0, delay: 25 },
    ];
    const wire = {
      used: 1,
      name: 'm',
      delayType: 0,
      delayMin: 30,
      delayMax: 35,
      repeat: 2,
      triggerType: 1,
      triggerDelay: 0,
      count: 2,
    };
    const item = macroFromWire(
      3,
      { ...wire, events: [...events, ...Array.from({ length: 78 }, () => ({ code: 0, flags: 0, delay: 0 }))] },
      3,
    );
    expect(item.display.map((e) => [e.is_down, e.delay])).toEqual([
      [true, 40],
      [false, 25],
    ]);
    expect(macroToWire(item).events.slice(0, 2)).toEqual([events[0], { ...events[1], delay: 0 }]);
  });

  it('stores a hyper-tap second entry as a key id or, in the older form, a key code', () => {
    const entry = (key_id: number) => ({ name: '', alias: '', key_id });
    const base = { id_num: 0, name: '', context: '', type: 4 as const, vis: true };
    expect(hypertapToWire({ ...base, display: [entry(1), entry(2)] })).toEqual({
      used: 1,
      keyA: 1,
      secondKind: 0,
      second: 2,
    });
    const descriptor = { keywords: '', name: 'A', alias: 'A', image: '', code: A, type: 0, stype: 0, sys_code: 4 };
    expect(hypertapToWire({ ...base, display: [entry(1), descriptor] })).toEqual({
      used: 1,
      keyA: 1,
      secondKind: 1,
      second: A,
    });
  });
});
