import { describe, expect, it } from 'vitest';
import { defaultKeymap } from '../../src/core/layouts/index.ts';
import { CMD, keyMask, PERF_FIELD, REPORT_MODE, SUB } from '../../src/protocol/commands.ts';
import { SUB_WRITE } from '../../src/protocol/frame.ts';
import {
  PERF_FLAG,
  PerfKeyLayout,
  RgbLayout,
  SettingsLayout,
  ThemesLayout,
  type PerfKey,
} from '../../src/protocol/objects.ts';
import { decodeU16List, encodeU16List } from '../../src/protocol/registry.ts';
import { decodeList } from '../../src/protocol/struct.ts';
import { errorName, Host, makeKeyboard, sameBytes, text } from './helpers.ts';

const u16 = (v: number): number[] => [v & 0xff, v >> 8];

function perfOf(host: Host): PerfKey[] {
  return decodeList(PerfKeyLayout, host.readObject('perf'), host.kb.descriptor.keyCount);
}

function keymapLayer(host: Host, layer: number): number[] {
  const n = host.kb.descriptor.keyCount;
  return decodeU16List(host.readObject('keymap')).slice(layer * n, layer * n + n);
}

describe('masked writes', () => {
  it('sets one key code on the masked keys of one layer', () => {
    const host = new Host(makeKeyboard());
    const ack = host.command(CMD.keymap, SUB.keymap.setKeys, [2, ...u16(0x9003), ...keyMask([0, 5, 67])]);
    expect(ack).toMatchObject({ cmd: CMD.keymap, sub: SUB.keymap.setKeys | SUB_WRITE, offset: 0 });
    expect([...ack.data]).toEqual([0]);
    const layer2 = keymapLayer(host, 2);
    expect([layer2[0], layer2[5], layer2[67]]).toEqual([0x9003, 0x9003, 0x9003]);
    expect(layer2[1]).not.toBe(0x9003);
    expect(keymapLayer(host, 0)[0]).not.toBe(0x9003);
  });

  it('refuses a layer beyond the fourth', () => {
    const host = new Host(makeKeyboard());
    expect(errorName(host.command(CMD.keymap, SUB.keymap.setKeys, [4, 1, 0, ...keyMask([0])]))).toBe('invalidValue');
  });

  it('resets one layer or all layers to the factory key map', () => {
    const host = new Host(makeKeyboard());
    const factory = defaultKeymap('made68pro');
    const all = keyMask(Array.from({ length: 68 }, (_, i) => i));
    host.command(CMD.keymap, SUB.keymap.setKeys, [0, ...u16(0x0004), ...all]);
    host.command(CMD.keymap, SUB.keymap.setKeys, [1, ...u16(0x0004), ...all]);
    host.command(CMD.keymap, SUB.keymap.resetLayer, [1]);
    expect(keymapLayer(host, 1)).toEqual(factory[1]);
    expect(keymapLayer(host, 0).every((c) => c === 0x0004)).toBe(true);
    host.command(CMD.keymap, SUB.keymap.resetLayer, [0xff]);
    expect(keymapLayer(host, 0)).toEqual(factory[0]);
    expect(errorName(host.command(CMD.keymap, SUB.keymap.resetLayer, [4]))).toBe('invalidValue');
  });

  it('colours the masked keys', () => {
    const host = new Host(makeKeyboard());
    host.command(CMD.keyColour, SUB.keyColour.setKeys, [10, 20, 30, ...keyMask([3, 4])]);
    const colours = decodeList(RgbLayout, host.readObject('colours'), 68);
    expect(colours[3]).toEqual({ r: 10, g: 20, b: 30 });
    expect(colours[4]).toEqual({ r: 10, g: 20, b: 30 });
    expect(colours[5]).not.toEqual({ r: 10, g: 20, b: 30 });
  });

  it('sets performance fields on the masked keys', () => {
    const host = new Host(makeKeyboard());
    const mask = keyMask([1, 2]);
    host.command(CMD.performance, SUB.performance.setKeys, [PERF_FIELD.trigger, ...u16(250), ...mask]);
    host.command(CMD.performance, SUB.performance.setKeys, [PERF_FIELD.useRapid, ...u16(1), ...mask]);
    host.command(CMD.performance, SUB.performance.setKeys, [PERF_FIELD.sensitivity, ...u16(2), ...mask]);
    host.command(CMD.performance, SUB.performance.setKeys, [PERF_FIELD.rapidPress, ...u16(5), ...mask]);
    const perf = perfOf(host);
    expect(perf[1]).toMatchObject({ trigger: 250, rapidPress: 5 });
    expect(perf[1]!.flags & PERF_FLAG.useRapid).toBeTruthy();
    expect((perf[2]!.flags & PERF_FLAG.sensitivityMask) >> PERF_FLAG.sensitivityShift).toBe(2);
    expect(perf[0]).toMatchObject({ trigger: 120, dead: 10, rapidPress: 30, flags: 0 });
  });

  it('refuses an out-of-range performance value and changes no key', () => {
    const host = new Host(makeKeyboard());
    const before = host.kb.serialize();
    const mask = keyMask([1, 2]);
    for (const [field, value] of [
      [PERF_FIELD.trigger, 401],
      [PERF_FIELD.dead, 61],
      [PERF_FIELD.rapidRelease, 0],
      [PERF_FIELD.useRapid, 2],
      [PERF_FIELD.sensitivity, 3],
      [PERF_FIELD.switchType, 0],
      [0, 1],
    ] as const)
      expect(errorName(host.command(CMD.performance, SUB.performance.setKeys, [field, ...u16(value), ...mask]))).toBe(
        'invalidValue',
      );
    expect(sameBytes(host.kb.serialize(), before)).toBe(true);
  });

  it('honours the lower trigger minimum of low-profile models', () => {
    const air = new Host(makeKeyboard({ model: 'made68air', fwVer: '1.3.7', battery: 90 }));
    expect(errorName(air.command(CMD.performance, SUB.performance.setKeys, [1, ...u16(2), ...keyMask([0])]))).toBe(
      undefined,
    );
    const pro = new Host(makeKeyboard());
    expect(errorName(pro.command(CMD.performance, SUB.performance.setKeys, [1, ...u16(2), ...keyMask([0])]))).toBe(
      'invalidValue',
    );
  });

  it('carries settings into the range of a new switch type', () => {
    const host = new Host(makeKeyboard());
    host.command(CMD.performance, SUB.performance.setKeys, [PERF_FIELD.trigger, ...u16(400), ...keyMask([7])]);
    // Type 3 reaches 3.8 mm at most.
    host.command(CMD.performance, SUB.performance.setKeys, [PERF_FIELD.switchType, ...u16(3), ...keyMask([7])]);
    expect(perfOf(host)[7]).toMatchObject({ switchType: 3, trigger: 380 });
  });

  it('applies a switch type sent without keys to the whole board on old cyber01 firmware', () => {
    const old = new Host(makeKeyboard({ model: 'cyber01', fwVer: '1.2.8' }));
    old.command(CMD.performance, SUB.performance.setKeys, [PERF_FIELD.switchType, ...u16(9), ...keyMask([])]);
    expect(perfOf(old).every((p) => p.switchType === 9)).toBe(true);
    const current = new Host(makeKeyboard({ model: 'cyber01', fwVer: '1.2.9' }));
    current.command(CMD.performance, SUB.performance.setKeys, [PERF_FIELD.switchType, ...u16(9), ...keyMask([])]);
    expect(perfOf(current).some((p) => p.switchType === 9)).toBe(false);
  });

  it('refuses masked writes the device has no use for', () => {
    const mouse = new Host(makeKeyboard({ model: 'mouse01', fwVer: '1.0.0', battery: 70 }));
    expect(errorName(mouse.command(CMD.keyColour, SUB.keyColour.setKeys, [1, 2, 3, ...keyMask([0])]))).toBe(
      'notSupported',
    );
    expect(errorName(mouse.command(CMD.notify, SUB.notify.reportMode, [1]))).toBe('notSupported');
  });
});

describe('system commands', () => {
  it('factory reset returns profiles and settings to defaults and keeps the firmware', () => {
    const kb = makeKeyboard({ fwVer: '1.4.2' });
    const host = new Host(kb);
    const fresh = makeKeyboard({ fwVer: '1.4.2' }).serialize();
    host.write('settings', 2, new Uint8Array([45]));
    host.write('themes', 0, new Uint8Array([3]));
    host.command(CMD.keymap, SUB.keymap.setKeys, [0, 1, 0, ...keyMask([0])]);
    expect(sameBytes(kb.serialize(), fresh)).toBe(false);

    expect(errorName(host.command(CMD.system, SUB.system.factoryReset, [...text('RSX')]))).toBe('invalidValue');
    expect(SettingsLayout.decode(host.readObject('settings')).sleepTime).toBe(45);

    const ack = host.command(CMD.system, SUB.system.factoryReset, [...text('RST')]);
    expect([...ack.data]).toEqual([0]);
    expect(sameBytes(kb.serialize(), fresh)).toBe(true);
    expect(ThemesLayout.decode(host.readObject('themes')).current).toBe(0);
    expect(kb.descriptor.fw).toEqual([1, 4, 2]);
  });

  it('sets the report mode with a key mask', () => {
    const kb = makeKeyboard();
    const host = new Host(kb);
    host.command(CMD.notify, SUB.notify.reportMode, [REPORT_MODE.triggerStream, ...keyMask([2, 9])]);
    expect(kb.inspect().reportMode).toEqual({ mode: 2, keys: [2, 9] });
    host.command(CMD.notify, SUB.notify.reportMode, [REPORT_MODE.keyEvents]);
    expect(kb.inspect().reportMode.keys).toHaveLength(68);
    expect(errorName(host.command(CMD.notify, SUB.notify.reportMode, [3]))).toBe('invalidValue');
  });

  it('refuses a read of a command that only writes', () => {
    const host = new Host(makeKeyboard());
    const reply = host.send({ cmd: CMD.keymap, sub: SUB.keymap.setKeys, offset: 0, data: new Uint8Array([0, 0]) });
    expect(errorName(reply[0])).toBe('notSupported');
  });

  it('writes keymaps with a plain object write as well as masked', () => {
    const host = new Host(makeKeyboard());
    host.write('keymap', 68 * 2 * 3 + 10, encodeU16List([0xa001]));
    expect(keymapLayer(host, 3)[5]).toBe(0xa001);
  });
});
