import { describe, expect, it } from 'vitest';
import { CMD, SUB } from '../../src/protocol/commands.ts';
import { MAX_DATA, SUB_MORE, SUB_WRITE } from '../../src/protocol/frame.ts';
import { readRequest, writeFrames } from '../../src/protocol/messages.ts';
import {
  DksRecordLayout,
  HypertapRecordLayout,
  LightingLayout,
  MacroRecordLayout,
  PerfKeyLayout,
  SettingsLayout,
  ShortcutRecordLayout,
  SnaptapRecordLayout,
  ThemesLayout,
  themeNameOffset,
  type DksRecord,
  type MacroRecord,
  type ShortcutRecord,
} from '../../src/protocol/objects.ts';
import { encodeU16List, OBJECTS, type ObjectName } from '../../src/protocol/registry.ts';
import { encodeList } from '../../src/protocol/struct.ts';
import { VirtualKeyboard } from '../../src/firmware/index.ts';
import { errorName, Host, makeKeyboard, sameBytes, text } from './helpers.ts';

function macro(count: number, name = 'Combo'): MacroRecord {
  return {
    used: 1,
    name,
    delayType: 0,
    delayMin: 10,
    delayMax: 20,
    repeat: 1,
    triggerType: 0,
    triggerDelay: 0,
    count,
    events: Array.from({ length: 80 }, (_, i) => ({ code: 4 + (i % 20), flags: i % 2, delay: 15 })),
  };
}

function shortcut(scType: number, keyCount: number): ShortcutRecord {
  return { used: 1, scType, keyCount, holdTime: 200, name: 'Copy', keys: [0xe0, 0x06, 0, 0, 0, 0] };
}

function dks(top: number, bottom: number): DksRecord {
  return {
    used: 1,
    topLevel: top,
    bottomLevel: bottom,
    tickType: 0,
    tickMin: 0,
    tickMax: 0,
    name: 'Peek',
    rows: Array.from({ length: 8 }, (_, i) => ({
      code: i < 2 ? 0x04 + i : 0,
      stages: i < 2 ? [0x81, 0, 0x82, 0] : [0, 0, 0, 0],
    })),
  };
}

describe('object writes', () => {
  it('commits a single-frame write and acks with its offset and length', () => {
    const host = new Host(makeKeyboard());
    const settings = { useNKey: 0, useSleep: 1, sleepTime: 30, autoCalibration: 0, reportRate: 1 };
    const ack = host.write('settings', 0, SettingsLayout.encode(settings));
    expect(ack).toMatchObject({ cmd: CMD.system, sub: SUB.system.settings | SUB_WRITE, offset: 0 });
    expect([...ack.data]).toEqual([0, SettingsLayout.size, 0]);
    expect(SettingsLayout.decode(host.readObject('settings'))).toEqual(settings);
  });

  it('commits a streamed multi-frame write only at its last frame', () => {
    const host = new Host(makeKeyboard());
    const record = MacroRecordLayout.encode(macro(40));
    const at = MacroRecordLayout.size * 3;
    const frames = writeFrames(CMD.advanced, SUB.advanced.macro, at, record);
    expect(frames.length).toBeGreaterThan(5);
    const before = host.readObject('macro');
    frames.slice(0, -1).forEach((f) => expect(host.send(f)).toEqual([]));
    expect(sameBytes(host.readObject('macro'), before)).toBe(true);
    const [ack] = host.send(frames[frames.length - 1]!);
    expect(ack!.offset).toBe(at);
    expect(ack!.data[1]! | (ack!.data[2]! << 8)).toBe(record.length);
    expect(sameBytes(host.readObject('macro', at, record.length), record)).toBe(true);
  });

  it('writes a key map and reads it back', () => {
    const host = new Host(makeKeyboard());
    const size = OBJECTS.keymap.size(host.kb.descriptor);
    const codes = Array.from({ length: size / 2 }, (_, i) => (i * 7919) & 0xffff);
    expect(host.write('keymap', 0, encodeU16List(codes)).cmd).toBe(CMD.keymap);
    expect(host.readObject('keymap')).toEqual(encodeU16List(codes));
  });

  it('announces the flash write around every commit', () => {
    const pending: (() => void)[] = [];
    const kb = makeKeyboard({ schedule: (fn) => void pending.push(fn) });
    const host = new Host(kb);
    host.write('rapidComplete', 0, new Uint8Array([1]));
    expect(host.notesOf(SUB.notify.sync).map((n) => n.data[0])).toEqual([1]);
    expect(kb.inspect().syncing).toBe(true);
    host.write('rapidComplete', 0, new Uint8Array([0]));
    pending.splice(0).forEach((fn) => fn());
    expect(host.notesOf(SUB.notify.sync).map((n) => n.data[0])).toEqual([1, 0]);
    expect(kb.inspect().syncing).toBe(false);
  });

  it.each(['made68pro', 'real67'])('acks a rewrite of every writable object of %s with its own bytes', (model) => {
    const host = new Host(makeKeyboard({ model, fwVer: '4.0.0' }));
    const before = host.kb.serialize();
    const writable = (Object.keys(OBJECTS) as ObjectName[]).filter(
      (name) => OBJECTS[name].writable && host.send(readRequest(OBJECTS[name].cmd, OBJECTS[name].sub))[0]!.cmd !== 0xee,
    );
    expect(writable).toEqual(expect.arrayContaining(['themes', 'settings', 'keymap', 'colours', 'lighting', 'perf']));
    expect(writable).toContain(model === 'real67' ? 'ambient' : 'outerFrame');
    for (const name of writable) {
      const bytes = host.readObject(name);
      const ack = host.write(name, 0, bytes);
      expect(errorName(ack), name).toBeUndefined();
      expect(ack.data[1]! | (ack.data[2]! << 8), name).toBe(bytes.length);
    }
    expect(sameBytes(host.kb.serialize(), before)).toBe(true);
  });

  type Bad = [string, ObjectName, number, Uint8Array];
  const perfAt = (key: number) => PerfKeyLayout.size * key;
  const perf = { trigger: 120, dead: 10, rapidPress: 30, rapidRelease: 30, flags: 0, switchType: 1 };
  const invalid: Bad[] = [
    ['trigger below the switch minimum', 'perf', perfAt(3), PerfKeyLayout.encode({ ...perf, trigger: 5 })],
    ['trigger above 4 mm', 'perf', perfAt(3), PerfKeyLayout.encode({ ...perf, trigger: 401 })],
    ['dead zone above 0.6 mm', 'perf', perfAt(3), PerfKeyLayout.encode({ ...perf, dead: 61 })],
    ['rapid travel of 0', 'perf', perfAt(3), PerfKeyLayout.encode({ ...perf, rapidRelease: 0 })],
    ['rapid travel above 2 mm', 'perf', perfAt(3), PerfKeyLayout.encode({ ...perf, rapidPress: 201 })],
    ['unknown switch type', 'perf', perfAt(3), PerfKeyLayout.encode({ ...perf, switchType: 18 })],
    ['sleep time 0', 'settings', 2, new Uint8Array([0])],
    ['sleep time 61', 'settings', 2, new Uint8Array([61])],
    ['theme slot 4', 'themes', 0, new Uint8Array([4])],
    ['lighting mode 8', 'lighting', 1, new Uint8Array([8])],
    ['speed above a third of light', 'lighting', 3, new Uint8Array([30, 11])],
    ['DKS top not above bottom', 'dks', 0, DksRecordLayout.encode(dks(200, 200))],
    ['DKS bottom beyond 3.6 mm', 'dks', 0, DksRecordLayout.encode(dks(100, 361))],
    [
      'DKS stage byte with unknown bits',
      'dks',
      0,
      (() => {
        const r = dks(50, 300);
        r.rows[0]!.stages = [0x85, 0, 0, 0];
        return DksRecordLayout.encode(r);
      })(),
    ],
    ['macro of 81 events', 'macro', 0, MacroRecordLayout.encode(macro(81))],
    ['shortcut of unknown type 3', 'shortcut', 0, ShortcutRecordLayout.encode(shortcut(3, 1))],
    ['shortcut of seven keys', 'shortcut', 0, ShortcutRecordLayout.encode(shortcut(0, 7))],
    ['snap-tap pair of one key', 'snaptap', 0, SnaptapRecordLayout.encode({ used: 1, keyA: 5, keyB: 5, mode: 0 })],
    [
      'snap-tap key beyond the board',
      'snaptap',
      0,
      SnaptapRecordLayout.encode({ used: 1, keyA: 5, keyB: 68, mode: 0 }),
    ],
    [
      'snap-tap key in two pairs',
      'snaptap',
      0,
      encodeList(SnaptapRecordLayout, [
        { used: 1, keyA: 1, keyB: 2, mode: 0 },
        { used: 1, keyA: 2, keyB: 3, mode: 0 },
      ]),
    ],
    [
      'hyper-tap key beyond the board',
      'hypertap',
      0,
      HypertapRecordLayout.encode({ used: 1, keyA: 90, secondKind: 0, second: 1 }),
    ],
    ['theme name that is not UTF-8', 'themes', themeNameOffset(1), new Uint8Array([0x41, 0xc3, 0x28])],
    ['macro name that is not UTF-8', 'macro', 1, new Uint8Array([0xff, 0xfe])],
    ['calibration state 3', 'calibration', 0, new Uint8Array([3])],
  ];

  it.each(invalid)('refuses %s with invalidValue and changes nothing', (_, name, offset, payload) => {
    const host = new Host(makeKeyboard());
    const before = host.kb.serialize();
    const reply = host.write(name, offset, payload);
    expect(errorName(reply)).toBe('invalidValue');
    expect(sameBytes(host.kb.serialize(), before)).toBe(true);
    expect(host.notesOf(SUB.notify.sync)).toEqual([]);
  });

  it('accepts the same kinds of records when they are valid', () => {
    const host = new Host(makeKeyboard());
    expect(host.write('dks', 0, DksRecordLayout.encode(dks(50, 300))).cmd).toBe(CMD.advanced);
    expect(host.write('macro', 0, MacroRecordLayout.encode(macro(80))).cmd).toBe(CMD.advanced);
    expect(host.write('shortcut', 0, ShortcutRecordLayout.encode(shortcut(5, 1))).cmd).toBe(CMD.advanced);
    const pair = SnaptapRecordLayout.encode({ used: 1, keyA: 1, keyB: 2, mode: 2 });
    expect(host.write('snaptap', 0, pair).cmd).toBe(CMD.advanced);
    expect(host.write('themes', themeNameOffset(1), text('Ünïcode ✓')).cmd).toBe(CMD.system);
    expect(ThemesLayout.decode(host.readObject('themes')).names[1]!.name).toBe('Ünïcode ✓');
  });

  it('refuses DKS rows beyond the slot count of older firmware', () => {
    const oldFw = new Host(makeKeyboard({ fwVer: '1.1.4' }));
    const record = dks(50, 300);
    record.rows[5] = { code: 0x10, stages: [0x81, 0, 0, 0] };
    expect(errorName(oldFw.write('dks', 0, DksRecordLayout.encode(record)))).toBe('invalidValue');
    const newFw = new Host(makeKeyboard({ fwVer: '1.1.5' }));
    expect(errorName(newFw.write('dks', 0, DksRecordLayout.encode(record)))).toBeUndefined();
  });

  it('refuses a write running past the end of the object', () => {
    const host = new Host(makeKeyboard());
    expect(errorName(host.write('settings', 3, new Uint8Array([1, 1, 1])))).toBe('outOfRange');
  });
});

describe('interrupted and broken write streams', () => {
  const lighting = (kb: VirtualKeyboard): Uint8Array => {
    const l = LightingLayout.decode(new Host(kb).readObject('lighting'));
    l.modeIndex = 5;
    l.palette[0] = { r: 1, g: 2, b: 3 };
    return LightingLayout.encode(l);
  };

  it('changes nothing when a stream stops before its last frame', () => {
    const kb = makeKeyboard();
    const host = new Host(kb);
    const frames = writeFrames(CMD.keyColour, SUB.keyColour.lighting, 0, lighting(kb));
    const before = kb.serialize();
    expect(host.sendAll(frames.slice(0, -1))).toEqual([]);
    expect(kb.inspect().staged).toMatchObject({ cmd: CMD.keyColour, start: 0 });
    host.readObject('settings');
    expect(sameBytes(kb.serialize(), before)).toBe(true);
  });

  it('drops a staged stream when another object starts a write', () => {
    const kb = makeKeyboard();
    const host = new Host(kb);
    const frames = writeFrames(CMD.keyColour, SUB.keyColour.lighting, 0, lighting(kb));
    host.sendAll(frames.slice(0, -1));
    const before = LightingLayout.decode(host.readObject('lighting'));
    host.write('rapidComplete', 0, new Uint8Array([1]));
    // The lighting stream's last frame now arrives alone: a stream of its own at its offset, not the old one's end.
    const last = frames[frames.length - 1]!;
    const [reply] = host.send(last);
    expect(reply!.offset).toBe(last.offset);
    const after = LightingLayout.decode(host.readObject('lighting'));
    expect(after.modeIndex).toBe(before.modeIndex); // carried by the dropped first frame
    expect(after.palette[0]).toEqual({ r: 1, g: 2, b: 3 }); // carried by the last frame
  });

  it('refuses a gap in a stream with sequence and drops the stage', () => {
    const kb = makeKeyboard();
    const host = new Host(kb);
    const frames = writeFrames(CMD.advanced, SUB.advanced.macro, 0, MacroRecordLayout.encode(macro(10)));
    const before = kb.serialize();
    host.send(frames[0]!);
    const [reply] = host.send(frames[2]!);
    expect(errorName(reply)).toBe('sequence');
    expect(kb.inspect().staged).toBeUndefined();
    expect(host.sendAll(frames.slice(3))).toHaveLength(1);
    expect(sameBytes(kb.serialize(), before)).toBe(false); // the tail alone is a valid stream of its own
    const bytes = host.readObject('macro', 0, frames[2]!.offset);
    expect(sameBytes(bytes, new Host(makeKeyboard()).readObject('macro', 0, frames[2]!.offset))).toBe(true);
  });

  it('restarts a stream resent from its start offset', () => {
    const host = new Host(makeKeyboard());
    const record = MacroRecordLayout.encode(macro(12, 'Again'));
    const frames = writeFrames(CMD.advanced, SUB.advanced.macro, 0, record);
    host.sendAll(frames.slice(0, 3));
    const replies = host.sendAll(frames);
    expect(replies).toHaveLength(1);
    expect(errorName(replies[0])).toBeUndefined();
    expect(sameBytes(host.readObject('macro', 0, record.length), record)).toBe(true);
  });

  it('marks every frame but the last with the more bit', () => {
    const frames = writeFrames(CMD.advanced, SUB.advanced.macro, 0, new Uint8Array(MAX_DATA * 2 + 1));
    expect(frames.map((f) => Boolean(f.sub & SUB_MORE))).toEqual([true, true, false]);
  });
});

describe('theme slots', () => {
  it('keeps each slot a separate profile and switches by writing byte 0', () => {
    const host = new Host(makeKeyboard());
    const themes = ThemesLayout.decode(host.readObject('themes'));
    expect(themes.names.map((n) => n.name)).toEqual(['Default', 'E-sports', 'Typing', 'Rapid']);
    expect(themes.current).toBe(0);

    host.write('keymap', 0, encodeU16List([0x29a]));
    const slot0Perf = host.readObject('perf');
    host.write('themes', 0, new Uint8Array([2]));
    expect(ThemesLayout.decode(host.readObject('themes')).current).toBe(2);
    expect(host.readObject('keymap', 0, 2)).not.toEqual(encodeU16List([0x29a]));
    expect(sameBytes(host.readObject('perf'), slot0Perf)).toBe(false);
    host.write('keymap', 0, encodeU16List([0x111]));

    host.write('themes', 0, new Uint8Array([0]));
    expect(host.readObject('keymap', 0, 2)).toEqual(encodeU16List([0x29a]));
    expect(sameBytes(host.readObject('perf'), slot0Perf)).toBe(true);
    host.write('themes', 0, new Uint8Array([2]));
    expect(host.readObject('keymap', 0, 2)).toEqual(encodeU16List([0x111]));
  });

  it('renames one slot without touching the others', () => {
    const host = new Host(makeKeyboard());
    host.write('themes', themeNameOffset(3), text('Ranked\0\0'));
    const names = ThemesLayout.decode(host.readObject('themes')).names.map((n) => n.name);
    expect(names).toEqual(['Default', 'E-sports', 'Typing', 'Ranked']);
  });
});
