import {
  emptyDksRow,
  newDksItem,
  type DksItem,
  type DksRow,
  type HypertapItem,
  type KeyDescriptor,
  type MacroEvent,
  type MacroItem,
  type ShortcutItem,
  type ShortcutTypeId,
  type SnaptapItem,
} from '../../src/core/advanced-keys.ts';
import { capabilitiesFor } from '../../src/core/capabilities.ts';
import {
  canAddShortcutKey,
  canApplyUniformDelay,
  canRecordMore,
  checkAdvancedTypeOffered,
  checkCanAddAdvanced,
  checkDksRows,
  checkDksSave,
  checkHoldTime,
  checkHypertapSave,
  checkMacroSave,
  checkShortcutCategory,
  checkShortcutSave,
  checkShortcutTypeOffered,
  checkSnaptapSave,
  offeredShortcutTypes,
} from '../../src/core/rules/index.ts';

const OK = { ok: true };
const refusal = (toastKey: string, type = 1, delay = 3) => ({ ok: false, toastKey, type, delay });

const keyDescriptor = (code: number, name = `K${code}`): KeyDescriptor => ({
  keywords: '',
  name,
  alias: name,
  image: '',
  code,
  type: 0,
  stype: 0,
  sys_code: 0,
});

/** DKS rows from a compact form: "A:x.x." is key A with stages 1 and 3 marked; "-:x..." a keyless row with a mark. */
function dks(...rows: string[]): DksItem {
  const display: DksRow[] = rows.map((spec) => {
    const [k = '-', marks = '....'] = spec.split(':');
    const r = emptyDksRow();
    return {
      ...r,
      ...(k === '-' ? {} : keyDescriptor(k.charCodeAt(0), k)),
      data: r.data.map((_, i) => ({ useID: 0, vis: marks[i] === 'x' })) as DksRow['data'],
    };
  });
  return { ...newDksItem(), display };
}

describe('DKS save', () => {
  it.each([
    [['A:x...'], true],
    [['A:x...', '-:....', '-:....', '-:....'], true],
    [['A:x...', 'B:..xx'], true],
    [['-:....', '-:....', '-:....', '-:....'], false],
    [['A:....'], false],
    [['-:x...', 'A:x...'], false],
    [['A:x...', 'B:....'], false],
  ])('rows %j: accepted %s', (rows, ok) => {
    expect(checkDksRows(dks(...rows))).toEqual(ok ? OK : refusal('err.spkey.dks.args.cfg'));
  });

  const limits = { slotCount: 4, maxTrigger: 3.6 };
  it.each<[string, Partial<DksItem>]>([
    ['top above bottom', { top_level: 3.3, bottom_level: 3.2 }],
    ['bottom past max travel', { bottom_level: 3.7 }],
    ['top at zero', { top_level: 0 }],
    ['tick min above tick max', { tick_min: 6, tick_max: 5 }],
    ['fractional ticks', { tick_min: 2.5 }],
    ['unknown tick type', { tick_type: 2 as 0 }],
  ])('refuses %s as bad arguments', (_what, change) => {
    expect(checkDksSave({ ...dks('A:x...'), ...change }, limits)).toEqual(refusal('err.args.invalid'));
  });

  it('refuses more rows than the model has slots, and a span outside 0-4', () => {
    const five = dks('A:x...', '-', '-', '-', '-');
    expect(checkDksSave(five, limits).ok).toBe(false);
    expect(checkDksSave(five, { ...limits, slotCount: 8 })).toEqual(OK);
    const item = dks('A:x...');
    item.display[0]!.data[0].useID = 5;
    expect(checkDksSave(item, limits)).toEqual(refusal('err.args.invalid'));
  });

  it('reports incomplete rows before shape problems', () => {
    expect(checkDksSave({ ...dks('A:....'), top_level: 9 }, limits)).toEqual(refusal('err.spkey.dks.args.cfg'));
  });
});

const entry = (key_id: number) => ({ name: `k${key_id}`, alias: '', key_id });
const snaptap = (...ids: number[]): SnaptapItem => ({
  id_num: -1,
  name: '',
  context: '',
  type: 3,
  vis: true,
  display: ids.map(entry),
});
const hypertap = (id_num: number, first: number, second: number | KeyDescriptor): HypertapItem => ({
  id_num,
  name: '',
  context: '',
  type: 4,
  vis: true,
  display: [entry(first), typeof second === 'number' ? entry(second) : second],
});
const KEY_IDS = new Set([0, 1, 2, 3, 10]);

describe('snap-tap save', () => {
  it.each([
    [[1, 2], OK],
    [[1], refusal('err.spkey.snaptap.args.cfg')],
    [[1, -1], refusal('err.spkey.snaptap.args.cfg')],
    [[2, 2], refusal('err.spkey.snaptap.args.cfg')],
    [[1, 2, 3], refusal('err.spkey.snaptap.args.cfg')],
    [[1, 99], refusal('err.spkey.hypertap.notkeyid.cfg')],
  ])('keys %j', (ids, expected) => {
    expect(checkSnaptapSave(snaptap(...ids), KEY_IDS)).toEqual(expected);
    expect(checkSnaptapSave(snaptap(...ids), [...KEY_IDS])).toEqual(expected);
  });
});

describe('hyper-tap save', () => {
  const existing = [hypertap(0, 1, 2), hypertap(1, 3, 10)];

  it.each([
    ['new item with a fresh first key', hypertap(-1, 2, 1), OK],
    ['missing second key', hypertap(-1, 2, -1), refusal('err.spkey.hypertap.args.cfg')],
    ['missing first key', hypertap(-1, -1, 2), refusal('err.spkey.hypertap.args.cfg')],
    ['first key not on the board', hypertap(-1, 42, 1), refusal('err.spkey.hypertap.notkeyid.cfg')],
    ['second key not on the board', hypertap(-1, 2, 42), refusal('err.spkey.hypertap.notkeyid.cfg')],
    ['first key used by another item', hypertap(-1, 1, 3), refusal('err.spkey.hypertap.duplicate.cfg')],
    ['editing an item keeps its own first key', hypertap(0, 1, 3), OK],
    ['editing an item onto another item’s first key', hypertap(0, 3, 2), refusal('err.spkey.hypertap.duplicate.cfg')],
  ])('%s', (_what, item, expected) => {
    expect(checkHypertapSave(item, KEY_IDS, existing)).toEqual(expected);
  });

  it('takes a key code as second entry only in the older form', () => {
    const older = hypertap(-1, 2, keyDescriptor(0x04));
    expect(checkHypertapSave(older, KEY_IDS, [], 'key-descriptor')).toEqual(OK);
    expect(checkHypertapSave(older, KEY_IDS, [], 'key-id')).toEqual(refusal('err.spkey.hypertap.args.cfg'));
    expect(checkHypertapSave(hypertap(-1, 2, 1), KEY_IDS, [], 'key-descriptor').ok).toBe(false);
    expect(checkHypertapSave(hypertap(-1, 2, keyDescriptor(0)), KEY_IDS, [], 'key-descriptor').ok).toBe(false);
  });
});

const shortcut = (sc_type: number, keys: number, hold_time = 200): ShortcutItem => ({
  id_num: -1,
  name: '',
  context: '',
  type: 1,
  vis: true,
  sc_type: sc_type as ShortcutTypeId,
  display: Array.from({ length: keys }, (_, i) => keyDescriptor(4 + i)),
  hold_time,
});

describe('shortcut', () => {
  it.each([
    [0, 6],
    [1, 1],
    [2, 6],
    [4, 2],
    [5, 1],
  ] as const)('type %i takes up to %i keys', (type, limit) => {
    expect(canAddShortcutKey(type, limit - 1)).toBe(true);
    expect(canAddShortcutKey(type, limit)).toBe(false);
    expect(checkShortcutSave(shortcut(type, limit))).toEqual(OK);
    expect(checkShortcutSave(shortcut(type, limit + 1))).toEqual(refusal('err.spkey.shortcut.args.cfg'));
    expect(checkShortcutSave(shortcut(type, 0))).toEqual(refusal('err.spkey.shortcut.args.cfg'));
  });

  it('needs both mod-tap keys and a hold time of 10-1000 ms', () => {
    expect(checkShortcutSave(shortcut(4, 1)).ok).toBe(false);
    expect(checkShortcutSave(shortcut(4, 2, 9)).ok).toBe(false);
    expect(checkShortcutSave(shortcut(4, 2, 10))).toEqual(OK);
    expect(checkShortcutSave(shortcut(4, 2, 1000))).toEqual(OK);
    expect(checkShortcutSave(shortcut(4, 2, 1001)).ok).toBe(false);
    expect(checkShortcutSave(shortcut(0, 2, 5))).toEqual(OK);
    expect(checkShortcutSave(shortcut(3, 1))).toEqual(refusal('err.spkey.shortcut.args.cfg'));
  });

  it.each([
    [10, true],
    [200, true],
    [1000, true],
    [9, false],
    [1001, false],
    [150.5, false],
    [NaN, false],
  ])('hold time %s accepted: %s', (ms, ok) => {
    expect(checkHoldTime(ms).ok).toBe(ok);
  });

  it.each([
    ['basic', OK],
    ['extended', refusal('warn.not.apply')],
    ['os', refusal('warn.not.apply')],
    ['mouse', OK],
  ])('category %s', (category, expected) => {
    expect(checkShortcutCategory(category)).toEqual(expected);
  });

  it.each([
    ['made68pro', '1.3.6', [0, 1, 2]],
    ['made68pro', '1.3.7', [0, 1, 2, 4, 5]],
    ['made68pro', '1.3.5', []],
  ])('%s %s offers shortcut types %j', (model, fw, types) => {
    const caps = capabilitiesFor(model, fw);
    expect(offeredShortcutTypes(caps)).toEqual(types);
    expect(checkShortcutTypeOffered(4, caps).ok).toBe(types.includes(4));
  });
});

const macroEvent = (i: number, delay = 30): MacroEvent => ({
  ...keyDescriptor(4),
  key_id: -1,
  is_down: i % 2 === 0,
  delay,
});
const macro = (events: number, change: Partial<MacroItem> = {}): MacroItem => ({
  id_num: -1,
  name: '',
  context: '',
  type: 2,
  vis: true,
  display: Array.from({ length: events }, (_, i) => macroEvent(i, i === events - 1 ? 0 : 30)),
  family_max_id: 0,
  delay_type: 0,
  delay_min: 30,
  delay_max: 35,
  repeat_count: 1,
  count: events,
  trigger_action_type: 0,
  trigger_delay: 0,
  ...change,
});

describe('macro', () => {
  it.each<[string, MacroItem, boolean]>([
    ['2 events', macro(2), true],
    ['80 events', macro(80), true],
    ['no events', macro(0), false],
    ['81 events', macro(81), false],
    ['repeat 1000', macro(2, { repeat_count: 1000 }), true],
    ['repeat 0', macro(2, { repeat_count: 0 }), false],
    ['repeat 1001', macro(2, { repeat_count: 1001 }), false],
    ['random range reversed', macro(2, { delay_type: 1, delay_min: 40, delay_max: 35 }), false],
    ['negative trigger delay', macro(2, { trigger_delay: -1 }), false],
    ['trigger option 5 of 5', macro(2, { trigger_action_type: 4 }), true],
    ['trigger option beyond 5', macro(2, { trigger_action_type: 5 }), false],
  ])('%s accepted: %s', (_what, item, ok) => {
    expect(checkMacroSave(item)).toEqual(ok ? OK : refusal('err.spkey.macro.args.cfg'));
  });

  it('offers trigger options 4 and 5 only on level-1 firmware', () => {
    const item = macro(2, { trigger_action_type: 3 });
    expect(checkMacroSave(item, capabilitiesFor('made68pro', '1.3.6')).ok).toBe(false);
    expect(checkMacroSave(item, capabilitiesFor('made68pro', '1.3.7')).ok).toBe(true);
  });

  it('refuses a negative event delay', () => {
    const item = macro(2);
    item.display[0]!.delay = -5;
    expect(checkMacroSave(item).ok).toBe(false);
  });

  it.each([
    ['', false],
    ['   ', false],
    ['0', false],
    ['x', false],
    ['25', true],
  ])('uniform delay %j can be applied: %s', (text, ok) => {
    expect(canApplyUniformDelay(text)).toBe(ok);
  });

  it('records up to 80 events', () => {
    expect(canRecordMore(79)).toBe(true);
    expect(canRecordMore(80)).toBe(false);
  });
});

describe('advanced-key list', () => {
  it.each([
    [{ size: 8, unuseIds: [3, 4], count: 6 }, OK],
    [{ size: 8, unuseIds: [], count: 6 }, refusal('spkey.add.fill.warn', 2, 7)],
    [{ size: 8, unuseIds: [7], count: 8 }, refusal('spkey.add.fill.warn', 2, 7)],
  ])('%j', (list, expected) => {
    expect(checkCanAddAdvanced(list)).toEqual(expected);
  });

  it.each([
    ['mojo68rt', '0.9.9', 0, false],
    ['mojo68rt', '1.3.7', 0, true],
    ['made68', '2.1.9', 3, false],
    ['made68', '2.2.0', 3, true],
  ] as const)('%s %s offers type %i: %s', (model, fw, type, ok) => {
    expect(checkAdvancedTypeOffered(type, capabilitiesFor(model, fw))).toEqual(ok ? OK : refusal('warn.not.apply'));
  });

  it.each([-1, 5, 1.5])('type %s names no type and is a bad argument', (type) => {
    expect(checkAdvancedTypeOffered(type, capabilitiesFor('real67', '7.0.0'))).toEqual(refusal('err.args.invalid'));
  });
});
