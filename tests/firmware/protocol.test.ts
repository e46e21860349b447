import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CMD, FEATURE, SUB } from '../../src/protocol/commands.ts';
import { decodeFrame, encodeFrame, MAX_DATA, SUB_MORE, tagged } from '../../src/protocol/frame.ts';
import { multiReadRequest, readRequest, writeFrames } from '../../src/protocol/messages.ts';
import { DescriptorLayout, PROTOCOL_VERSION, SettingsLayout, StatusLayout } from '../../src/protocol/objects.ts';
import { FuncInfoLayout } from '../../src/protocol/advanced-records.ts';
import { OBJECTS, type ObjectName } from '../../src/protocol/registry.ts';
import { errorName, Host, makeKeyboard } from './helpers.ts';

describe('reads', () => {
  it('answers the handshake with the device description', () => {
    const host = new Host(makeKeyboard({ model: 'Made68Pro', fwVer: 'V1.3.7', hwVer: '2.1.0', serial: 'SN-42' }));
    const d = DescriptorLayout.decode(host.readObject('descriptor'));
    expect(d).toMatchObject({
      protocol: PROTOCOL_VERSION,
      modelId: 3,
      devType: 2,
      fw: [1, 3, 7],
      hw: [2, 1, 0],
      serial: 'SN-42',
      keyCount: 68,
      layerCount: 4,
      themeCount: 4,
      dksCap: 16,
      shortcutCap: 16,
      macroCap: 16,
      snaptapCap: 8,
      hypertapCap: 8,
      macroMaxEvents: 80,
      dksSlots: 8,
      accessMode: 0,
      battery: 0xff,
      vendorId: 13495,
      productId: 0x1003,
    });
    expect(d.features & FEATURE.perKeyRgb).toBeTruthy();
    expect(d.features & FEATURE.battery).toBe(0);
  });

  it('answers the status with battery, access mode and flash state', () => {
    const pending: (() => void)[] = [];
    const host = new Host(
      makeKeyboard({
        model: 'made68air',
        fwVer: '1.4.0',
        battery: 64,
        accessMode: 1,
        schedule: (fn) => void pending.push(fn),
      }),
    );
    expect(StatusLayout.decode(host.readObject('status'))).toMatchObject({
      battery: 64,
      charging: 0,
      accessMode: 1,
      syncing: 0,
    });
    host.write('rapidComplete', 0, new Uint8Array([1]));
    expect(StatusLayout.decode(host.readObject('status')).syncing).toBe(1);
    pending.forEach((fn) => fn());
    expect(StatusLayout.decode(host.readObject('status')).syncing).toBe(0);
  });

  it('answers every object it supports with exactly the registry size', () => {
    const host = new Host(makeKeyboard({ model: 'real67', fwVer: '4.0.0' }));
    const d = host.kb.descriptor;
    const names = Object.keys(OBJECTS) as ObjectName[];
    const answered = names.filter((name) => {
      const spec = OBJECTS[name];
      const replies = host.send(readRequest(spec.cmd, spec.sub));
      if (errorName(replies[0]) === 'notSupported') return false;
      expect(host.readObject(name).length, name).toBe(spec.size(d));
      return true;
    });
    // real67 has an ambient light and no outer frame.
    expect(answered).toContain('ambient');
    expect(answered).not.toContain('outerFrame');
    expect(answered.length).toBe(names.length - 1);
  });

  it('streams a large object in frames of at most 56 bytes with absolute offsets and the more bit', () => {
    const host = new Host(makeKeyboard());
    const spec = OBJECTS.macro;
    const replies = host.send(readRequest(spec.cmd, spec.sub, 0));
    const size = spec.size(host.kb.descriptor);
    expect(replies.length).toBe(Math.ceil(size / MAX_DATA));
    replies.forEach((f, i) => {
      expect(f.cmd).toBe(spec.cmd);
      expect(f.sub & 0x3f).toBe(spec.sub);
      expect(f.offset).toBe(i * MAX_DATA);
      expect(f.data.length).toBeLessThanOrEqual(MAX_DATA);
      expect(Boolean(f.sub & SUB_MORE)).toBe(i < replies.length - 1);
    });
  });

  it('reads a window of an object by offset and length', () => {
    const host = new Host(makeKeyboard());
    const whole = host.readObject('perf');
    expect(host.readObject('perf', 100, 30)).toEqual(whole.subarray(100, 130));
    expect(host.readObject('perf', 500)).toEqual(whole.subarray(500));
    expect(host.readObject('perf', whole.length)).toEqual(new Uint8Array(0));
  });

  it('refuses an offset beyond the object', () => {
    const host = new Host(makeKeyboard());
    const size = SettingsLayout.size;
    const [reply] = host.send(readRequest(CMD.system, SUB.system.settings, size + 1));
    expect(errorName(reply)).toBe('outOfRange');
    expect(reply!.data[1]).toBe(CMD.system);
    expect(reply!.data[2]).toBe(SUB.system.settings);
  });

  it('answers a zero-size object with one empty frame', () => {
    const host = new Host(makeKeyboard({ model: 'mouse01', fwVer: '1.0.0', battery: 60 }));
    const replies = host.send(readRequest(CMD.advanced, SUB.advanced.dks));
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ cmd: CMD.advanced, sub: SUB.advanced.dks, offset: 0 });
    expect(replies[0]!.data.length).toBe(0);
  });

  it('reports used advanced-key slots and capacities in funcInfo', () => {
    const host = new Host(makeKeyboard({ model: 'made68', fwVer: '2.9.9' }));
    const info = FuncInfoLayout.decode(host.readObject('funcInfo'));
    expect(info).toMatchObject({ dksCap: 16, dksSlots: 4, dksMaxTrigger: 360, dksUsed: 0, macroUsed: 0 });
  });
});

describe('refusals', () => {
  it('answers an unknown command or sub-command with unknownCommand', () => {
    const host = new Host(makeKeyboard());
    expect(errorName(host.send(readRequest(0x55, 1))[0])).toBe('unknownCommand');
    expect(errorName(host.send(readRequest(CMD.system, 0x3e))[0])).toBe('unknownCommand');
  });

  it('refuses writes to read-only objects', () => {
    const host = new Host(makeKeyboard());
    for (const name of ['descriptor', 'status', 'funcInfo', 'switches', 'adc'] as const)
      expect(errorName(host.write(name, 0, new Uint8Array([1]))), name).toBe('notSupported');
  });

  it('refuses objects the device does not have', () => {
    const host = new Host(makeKeyboard({ model: 'mojo68rt', fwVer: '1.3.7', battery: 50 }));
    expect(errorName(host.send(readRequest(CMD.outerFrame, SUB.outerFrame.frame))[0])).toBe('notSupported');
    const dongle = new Host(makeKeyboard({ model: 'dongle01', fwVer: '1.0.0' }));
    expect(errorName(dongle.send(readRequest(CMD.performance, SUB.performance.perf))[0])).toBe('notSupported');
    expect(DescriptorLayout.decode(dongle.readObject('descriptor')).devType).toBe(4);
  });

  it('answers a report with a bad checksum with badCrc echoing its command bytes', () => {
    const host = new Host(makeKeyboard());
    const report = encodeFrame(readRequest(CMD.keymap, SUB.keymap.keymap));
    report[8]! ^= 0xff;
    const [reply] = host.kb.receive(report).map(decodeFrame);
    expect(errorName(reply)).toBe('badCrc');
    expect([reply!.data[1], reply!.data[2]]).toEqual([CMD.keymap, SUB.keymap.keymap]);
  });

  it('answers a report of the wrong size or with an impossible length with badLength', () => {
    const host = new Host(makeKeyboard());
    expect(errorName(host.kb.receive(new Uint8Array(10)).map(decodeFrame)[0])).toBe('badLength');
    const report = encodeFrame(readRequest(CMD.system, SUB.system.handshake));
    report[2] = 57;
    expect(errorName(host.kb.receive(report).map(decodeFrame)[0])).toBe('badLength');
  });

  it('never throws and always answers valid reports, whatever it receives', () => {
    const kb = makeKeyboard();
    const frameArb = fc.record({
      cmd: fc.constantFrom(1, 2, 3, 4, 7, 8, 10, 11, 12, 0xee, 0x99),
      sub: fc.integer({ min: 0, max: 255 }),
      offset: fc.integer({ min: 0, max: 0xffff }),
      data: fc.uint8Array({ maxLength: MAX_DATA }),
    });
    fc.assert(
      fc.property(fc.oneof(frameArb.map(encodeFrame), fc.uint8Array({ maxLength: 80 })), (report) => {
        const replies = kb.receive(report);
        for (const r of replies) expect(() => decodeFrame(r)).not.toThrow();
      }),
      { numRuns: 1000 },
    );
    expect(kb.receive(null as unknown as Uint8Array)).toHaveLength(1);
    expect(kb.inspect().faults).toBe(0);
  });
});

describe('sequence tags', () => {
  const tag = 0x5a;

  it('repeats the request tag in every frame of a streamed read and a multi-read', () => {
    const host = new Host(makeKeyboard());
    const read = host.send(tagged(readRequest(CMD.advanced, SUB.advanced.macro), tag));
    expect(read.length).toBeGreaterThan(10);
    expect(read.every((f) => f.seq === tag)).toBe(true);
    const many = host.send(tagged(multiReadRequest([OBJECTS.keymap, OBJECTS.colours, OBJECTS.perf]), tag));
    expect(many.length).toBeGreaterThan(5);
    expect(many.every((f) => f.seq === tag)).toBe(true);
  });

  it('repeats it in acks and in error replies', () => {
    const host = new Host(makeKeyboard());
    const frames = writeFrames(CMD.keymap, SUB.keymap.keymap, 0, new Uint8Array(120)).map((f) => tagged(f, tag));
    const [ack] = host.sendAll(frames);
    expect(ack).toMatchObject({ cmd: CMD.keymap, seq: tag });
    const [refused] = host.send(tagged(readRequest(CMD.system, SUB.system.settings, 200), 7));
    expect(errorName(refused)).toBe('outOfRange');
    expect(refused!.seq).toBe(7);
  });

  it('repeats the tag of a report it could not decode', () => {
    const host = new Host(makeKeyboard());
    const report = encodeFrame(tagged(readRequest(CMD.keymap, SUB.keymap.keymap), 0x31));
    report[8]! ^= 0xff;
    const [reply] = host.kb.receive(report).map(decodeFrame);
    expect(errorName(reply)).toBe('badCrc');
    expect(reply!.seq).toBe(0x31);
  });

  it('answers untagged requests untagged and sends notifications untagged', () => {
    const host = new Host(makeKeyboard());
    const [ack] = host.send(
      tagged(writeFrames(CMD.performance, SUB.performance.rapidComplete, 0, Uint8Array.of(1))[0]!, 9),
    );
    expect(ack!.seq).toBe(9);
    expect(host.notesOf(SUB.notify.sync).length).toBeGreaterThan(0);
    expect(host.notes.every((n) => n.seq === undefined)).toBe(true);
    expect(host.send(readRequest(CMD.system, SUB.system.status)).every((f) => f.seq === undefined)).toBe(true);
  });
});
