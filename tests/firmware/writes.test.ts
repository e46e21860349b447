import { describe, expect, it } from 'vitest';
import { CMD, keyMask, SUB } from '../../src/protocol/commands.ts';
import { MAX_DATA, SUB_MORE, SUB_WRITE, tagged, type Frame } from '../../src/protocol/frame.ts';
import {
  commandFrame,
  readRequest,
  transactionAbort,
  transactionBegin,
  transactionCommit,
  writeFrames,
} from '../../src/protocol/messages.ts';
import {
  LightingLayout,
  PerfKeyLayout,
  SettingsLayout,
  ThemesLayout,
  themeNameOffset,
} from '../../src/protocol/objects.ts';
import {
  DksRecordLayout,
  HypertapRecordLayout,
  MacroRecordLayout,
  ShortcutRecordLayout,
  SnaptapRecordLayout,
  type DksRecord,
  type MacroRecord,
  type ShortcutRecord,
} from '../../src/protocol/advanced-records.ts';
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

/** Frames of one exchange, all carrying the tag `seq`. */
const tag = (seq: number, frames: readonly Frame[]): Frame[] => frames.map((f) => tagged(f, seq));
const objectWrite = (seq: number, name: ObjectName, offset: number, bytes: Uint8Array): Frame[] =>
  tag(seq, writeFrames(OBJECTS[name].cmd, OBJECTS[name].sub, offset, bytes));

describe('stage hygiene with sequence tags', () => {
  const keymapBytes = (fill: number) => encodeU16List(Array.from({ length: 68 }, () => fill));

  it('starts a new stream at a frame with another tag, whatever the offset of the stream left half sent', () => {
    const kb = makeKeyboard();
    const host = new Host(kb);
    const before = host.readObject('keymap');
    const abandoned = objectWrite(5, 'keymap', 0, keymapBytes(0x29));
    host.sendAll(abandoned.slice(0, 2));
    expect(kb.inspect().staged).toMatchObject({ seq: 5, start: 0 });
    // The next write of the same object starts elsewhere: without tags it would be refused as out of sequence.
    const [ack] = host.sendAll(objectWrite(6, 'keymap', 136, keymapBytes(0x2c)));
    expect(errorName(ack)).toBeUndefined();
    expect(ack!.offset).toBe(136);
    const after = host.readObject('keymap');
    expect(after.subarray(0, 136)).toEqual(before.subarray(0, 136));
    expect(after.subarray(136, 272)).toEqual(keymapBytes(0x2c));
  });

  it('drops a stream left by an earlier connection at the handshake', () => {
    const kb = makeKeyboard();
    const host = new Host(kb);
    host.sendAll(objectWrite(2, 'keymap', 0, keymapBytes(0x29)).slice(0, 2));
    // A new connection counts its tags from 1 again: the handshake, then a write that happens to reuse tag 2.
    host.send(tagged(readRequest(CMD.system, SUB.system.handshake), 1));
    expect(kb.inspect().staged).toBeUndefined();
    const [ack] = host.sendAll(objectWrite(2, 'keymap', 136, keymapBytes(0x2c)));
    expect(errorName(ack)).toBeUndefined();
  });

  it.each(['linkReset', 'powerCycle'] as const)('drops a staged stream on %s', (what) => {
    const kb = makeKeyboard();
    const host = new Host(kb);
    const frames = objectWrite(3, 'macro', 0, MacroRecordLayout.encode(macro(20)));
    host.sendAll(frames.slice(0, -1));
    kb[what]();
    expect(kb.inspect().staged).toBeUndefined();
    // The last frame, sent again under the same tag, is a stream of its own, not the end of the old one.
    const last = frames[frames.length - 1]!;
    const [ack] = host.send(last);
    expect(ack!.offset).toBe(last.offset);
    const factory = new Host(makeKeyboard()).readObject('macro', 0, last.offset);
    expect(sameBytes(host.readObject('macro', 0, last.offset), factory)).toBe(true);
  });

  it('refuses the rest of a tagged stream once one of its frames was refused', () => {
    const kb = makeKeyboard();
    const host = new Host(kb);
    const before = kb.serialize();
    const frames = objectWrite(7, 'macro', 0, MacroRecordLayout.encode(macro(10)));
    host.send(frames[0]!);
    expect(errorName(host.send(frames[2]!)[0])).toBe('sequence');
    const tail = host.sendAll(frames.slice(3));
    expect(tail.map(errorName)).toEqual(frames.slice(3).map(() => 'sequence'));
    expect(sameBytes(kb.serialize(), before)).toBe(true);
    // The next exchange, with its own tag, is served.
    expect(errorName(host.sendAll(objectWrite(8, 'rapidComplete', 0, Uint8Array.of(1)))[0])).toBeUndefined();
  });
});

describe('transactions', () => {
  const S = 0x21;
  const begin = (host: Host, seq = S) => host.send(tagged(transactionBegin(), seq))[0]!;
  const commit = (host: Host, count: number, seq = S) => host.send(tagged(transactionCommit(count), seq))[0]!;
  const dksItem = DksRecordLayout.encode(dks(60, 280));
  const bindDks = (slot: number, keys: number[]) =>
    commandFrame(CMD.keymap, SUB.keymap.setKeys, Uint8Array.of(0, slot, 0x80, ...keyMask(keys)));

  /** Stages an advanced key in DKS slot 2 and binds it to keys 4 and 5; answers the acks. */
  function stage(host: Host, seq = S): Frame[] {
    return [
      ...host.sendAll(objectWrite(seq, 'dks', 2 * DksRecordLayout.size, dksItem)),
      ...host.send(tagged(bindDks(2, [4, 5]), seq)),
    ];
  }

  it('stages writes and masked commands and applies them all at the commit, with one flash write', () => {
    const kb = makeKeyboard();
    const host = new Host(kb);
    const before = kb.serialize();
    expect(errorName(begin(host))).toBeUndefined();
    const acks = stage(host);
    expect(acks.map(errorName)).toEqual([undefined, undefined]);
    expect(acks.every((a) => a.seq === S)).toBe(true);
    expect(kb.inspect().transaction).toEqual({ seq: S, ops: 2 });
    // Nothing staged is visible: reads tagged like the transaction answer the committed state.
    const keymap = host.send(tagged(readRequest(CMD.keymap, SUB.keymap.keymap, 8, 4), S));
    expect(keymap[0]!.data).toEqual(new Host(makeKeyboard()).readObject('keymap', 8, 4));
    expect(sameBytes(kb.serialize(), before)).toBe(true);
    expect(host.notesOf(SUB.notify.sync)).toEqual([]);

    const ack = commit(host, 2);
    expect(errorName(ack)).toBeUndefined();
    expect([...ack.data]).toEqual([0, 2, 0]);
    expect(ack.seq).toBe(S);
    const profile = kb.inspect().state.profiles[0]!;
    expect(profile.dks[2]).toMatchObject({ used: 1, topLevel: 60, bottomLevel: 280 });
    expect(profile.keymap[0]!.slice(4, 6)).toEqual([0x8002, 0x8002]);
    expect(host.notesOf(SUB.notify.sync).map((n) => n.data[0])).toEqual([1, 0]);
    expect(kb.inspect().transaction).toBeUndefined();
  });

  type Dropper = [string, (host: Host) => void];
  const droppers: Dropper[] = [
    ['an abort', (host) => host.send(tagged(transactionAbort(), S + 1))],
    ['an abort under the same tag', (host) => host.send(tagged(transactionAbort(), S))],
    ['a new begin', (host) => host.send(tagged(transactionBegin(), S))],
    ['a read with another tag', (host) => host.send(tagged(readRequest(CMD.system, SUB.system.status), S + 1))],
    ['a write with another tag', (host) => host.sendAll(objectWrite(S + 1, 'rapidComplete', 0, Uint8Array.of(0)))],
    ['an untagged request', (host) => host.send(readRequest(CMD.system, SUB.system.status))],
    ['the handshake', (host) => host.send(tagged(readRequest(CMD.system, SUB.system.handshake), S))],
    ['a link reset', (host) => host.kb.linkReset()],
    ['a power cycle', (host) => host.kb.powerCycle()],
  ];

  it.each(droppers)('is dropped by %s: nothing it staged is ever applied', (_, drop) => {
    const kb = makeKeyboard();
    const host = new Host(kb);
    const before = kb.inspect().state.profiles;
    begin(host);
    stage(host);
    drop(host);
    // Gone, or (after a new begin) replaced by an empty one.
    expect(kb.inspect().transaction?.ops ?? 0).toBe(0);
    expect(errorName(commit(host, 2))).toBe('sequence');
    expect(kb.inspect().state.profiles).toEqual(before);
  });

  it('drops everything when one step is refused, and refuses the rest of its tag', () => {
    const kb = makeKeyboard();
    const host = new Host(kb);
    const before = kb.serialize();
    begin(host);
    stage(host);
    const [refused] = host.sendAll(objectWrite(S, 'dks', 0, DksRecordLayout.encode(dks(200, 200))));
    expect(errorName(refused)).toBe('invalidValue');
    expect(kb.inspect().transaction).toBeUndefined();
    // A host that pressed on regardless: its frames are refused, not applied one by one.
    expect(errorName(host.send(tagged(bindDks(2, [6]), S))[0])).toBe('sequence');
    expect(errorName(commit(host, 3))).toBe('sequence');
    expect(sameBytes(kb.serialize(), before)).toBe(true);
  });

  it('refuses a commit with another count or with a stream half sent, and changes nothing', () => {
    const kb = makeKeyboard();
    const host = new Host(kb);
    const before = kb.serialize();
    begin(host);
    stage(host);
    expect(errorName(commit(host, 3))).toBe('sequence');
    expect(sameBytes(kb.serialize(), before)).toBe(true);

    begin(host, S + 2);
    stage(host, S + 2);
    host.sendAll(objectWrite(S + 2, 'macro', 0, MacroRecordLayout.encode(macro(30))).slice(0, 2));
    expect(errorName(commit(host, 2, S + 2))).toBe('sequence');
    expect(sameBytes(kb.serialize(), before)).toBe(true);
  });

  it('refuses commands that cannot be staged with busy, dropping the transaction', () => {
    const cases: Frame[] = [
      commandFrame(CMD.system, SUB.system.factoryReset, text('RST')),
      commandFrame(CMD.system, SUB.system.bootloader, text('BOOT')),
      commandFrame(CMD.notify, SUB.notify.reportMode, Uint8Array.of(1)),
      writeFrames(CMD.performance, SUB.performance.calibration, 0, Uint8Array.of(1))[0]!,
      commandFrame(CMD.firmware, SUB.firmware.begin, new Uint8Array(12)),
    ];
    for (const frame of cases) {
      const kb = makeKeyboard();
      const host = new Host(kb);
      const before = kb.serialize();
      begin(host);
      stage(host);
      expect(errorName(host.send(tagged(frame, S))[0]), `cmd ${frame.cmd} sub ${frame.sub}`).toBe('busy');
      expect(kb.inspect().transaction).toBeUndefined();
      expect(kb.inspect().bootloader).toBe(false);
      expect(sameBytes(kb.serialize(), before)).toBe(true);
    }
  });

  it('refuses an untagged begin and acknowledges an abort without a transaction', () => {
    const host = new Host(makeKeyboard());
    expect(errorName(host.send(transactionBegin())[0])).toBe('invalidValue');
    expect(host.kb.inspect().transaction).toBeUndefined();
    const [ack] = host.send(tagged(transactionAbort(), 3));
    expect(errorName(ack)).toBeUndefined();
    expect(ack!.seq).toBe(3);
    expect(errorName(commit(host, 0, 4))).toBe('sequence');
  });

  it('stages a theme switch and the edits that follow it on the new slot', () => {
    const kb = makeKeyboard();
    const host = new Host(kb);
    begin(host);
    host.sendAll(objectWrite(S, 'themes', 0, Uint8Array.of(2)));
    stage(host);
    expect(kb.inspect().state.currentTheme).toBe(0);
    expect(errorName(commit(host, 3))).toBeUndefined();
    const { state } = kb.inspect();
    expect(state.currentTheme).toBe(2);
    expect(state.profiles[2]!.dks[2]!.used).toBe(1);
    expect(state.profiles[0]!.dks[2]!.used).toBe(0);
  });

  it('commits an empty transaction without a flash write', () => {
    const host = new Host(makeKeyboard());
    begin(host);
    expect([...commit(host, 0).data]).toEqual([0, 0, 0]);
    expect(host.notesOf(SUB.notify.sync)).toEqual([]);
  });

  it('leaves a restored image at the committed state: a transaction open at power loss is gone', () => {
    const kb = makeKeyboard();
    const host = new Host(kb);
    begin(host);
    stage(host);
    const image = kb.serialize();
    const restored = VirtualKeyboard.restore(image, { schedule: (fn) => fn() });
    expect(restored.inspect().state).toEqual(makeKeyboard().inspect().state);
    expect(restored.inspect().transaction).toBeUndefined();
  });
});
