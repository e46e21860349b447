import { describe, expect, it } from 'vitest';
import { CMD, keyMask, PERF_FIELD, REPORT_MODE, SUB } from '../../src/protocol/commands.ts';
import {
  CalibrationKeyLayout,
  KeyEventLayout,
  TriggerSampleLayout,
  type CalibrationKey,
} from '../../src/protocol/objects.ts';
import { decodeU16List } from '../../src/protocol/registry.ts';
import { decodeList } from '../../src/protocol/struct.ts';
import { Host, makeKeyboard } from './helpers.ts';

const u16 = (v: number): number[] => [v & 0xff, v >> 8];

function setup(mode: number = REPORT_MODE.keyEvents, options = {}): Host {
  let clock = 5_000;
  const host = new Host(makeKeyboard({ now: () => (clock += 10), ...options }));
  host.command(CMD.notify, SUB.notify.reportMode, [mode]);
  return host;
}

function events(host: Host): string[] {
  return host
    .notesOf(SUB.notify.keyEvent)
    .map((f) => KeyEventLayout.decode(f.data))
    .map((e) => `${e.keyId}${e.down ? 'v' : '^'}`);
}

function perf(host: Host, keys: number[], field: number, value: number): void {
  host.command(CMD.performance, SUB.performance.setKeys, [field, ...u16(value), ...keyMask(keys)]);
}

describe('key presses', () => {
  it('goes down at the trigger point and up when it rises above it', () => {
    const host = setup();
    host.kb.pressKey(4, 1.1);
    expect(events(host)).toEqual([]);
    host.kb.pressKey(4, 1.2);
    host.kb.pressKey(4, 4);
    host.kb.pressKey(4, 1.25);
    expect(events(host)).toEqual(['4v']);
    host.kb.pressKey(4, 1.19);
    host.kb.pressKey(4, 0);
    expect(events(host)).toEqual(['4v', '4^']);
  });

  it('reports the key code of layer 0 and the device time', () => {
    const host = setup();
    host.kb.pressKey(0, 2);
    const event = KeyEventLayout.decode(host.notesOf(SUB.notify.keyEvent)[0]!.data);
    const layer0 = decodeU16List(host.readObject('keymap', 0, 2))[0];
    expect(event).toMatchObject({ keyId: 0, down: 1, code: layer0 });
    expect(event.time).toBeGreaterThan(5_000);
  });

  it('sends nothing while the report mode is off', () => {
    const host = setup(REPORT_MODE.off);
    host.kb.pressKey(4, 4);
    host.kb.pressKey(4, 0);
    expect(host.notes).toHaveLength(0);
    expect(host.kb.inspect().keys[4]!.down).toBe(false);
  });

  it('re-actuates with rapid trigger after rising the release travel and pressing the press travel', () => {
    const host = setup();
    perf(host, [6], PERF_FIELD.useRapid, 1);
    perf(host, [6], PERF_FIELD.rapidPress, 20);
    perf(host, [6], PERF_FIELD.rapidRelease, 30);
    host.kb.pressKey(6, 2.0); // past the 1.2 mm trigger
    host.kb.pressKey(6, 2.5); // deeper: still down
    host.kb.pressKey(6, 2.25); // up 0.25 mm: not yet
    expect(events(host)).toEqual(['6v']);
    host.kb.pressKey(6, 2.2); // up 0.3 mm from the deepest point
    expect(events(host)).toEqual(['6v', '6^']);
    host.kb.pressKey(6, 1.9); // keeps rising, still below the trigger point
    host.kb.pressKey(6, 2.05); // 0.15 mm down from the highest point: not yet
    host.kb.pressKey(6, 2.1); // 0.2 mm down
    expect(events(host)).toEqual(['6v', '6^', '6v']);
    host.kb.pressKey(6, 1.0); // above the trigger point: released and reset
    host.kb.pressKey(6, 1.15);
    expect(events(host)).toEqual(['6v', '6^', '6v', '6^']);
  });

  it('runs continuous rapid trigger over the whole travel down to the dead zone', () => {
    const host = setup();
    perf(host, [8], PERF_FIELD.useRapid, 1);
    perf(host, [8], PERF_FIELD.rtMode, 1);
    host.kb.pressKey(8, 0.35); // 0.3 mm below the 0.1 mm dead zone: actuates above the 1.2 mm trigger point
    host.kb.pressKey(8, 0.5);
    host.kb.pressKey(8, 0.2); // up 0.3 mm
    host.kb.pressKey(8, 0.5); // down 0.3 mm
    host.kb.pressKey(8, 0.05); // into the dead zone
    expect(events(host)).toEqual(['8v', '8^', '8v', '8^']);
  });

  it('streams trigger samples only for the keys in the report mask', () => {
    const host = setup(REPORT_MODE.off);
    host.command(CMD.notify, SUB.notify.reportMode, [REPORT_MODE.triggerStream, ...keyMask([3])]);
    host.kb.pressKey(3, 0.5);
    host.kb.pressKey(4, 0.5);
    host.kb.pressKey(3, 2);
    const samples = host.notesOf(SUB.notify.triggerAdc).map((f) => TriggerSampleLayout.decode(f.data));
    expect(samples.map((s) => [s.keyId, s.trigger])).toEqual([
      [3, 50],
      [3, 200],
    ]);
    expect(samples[1]!.adc).toBeLessThan(samples[0]!.adc);
    // Key events still flow for every key in trigger-stream mode.
    expect(events(host)).toEqual(['3v']);
  });

  it('simulates an ADC curve from about 3000 at rest to about 1000 at full travel', () => {
    const host = setup();
    const keyCount = host.kb.descriptor.keyCount;
    const rest = decodeU16List(host.readObject('adc'));
    expect(rest).toHaveLength(keyCount);
    expect(rest.every((v) => v > 2900 && v < 3100)).toBe(true);
    expect(new Set(rest).size).toBeGreaterThan(10);
    let previous = rest[10]!;
    for (let depth = 0.25; depth <= 4; depth += 0.25) {
      host.kb.pressKey(10, depth);
      const adc = decodeU16List(host.readObject('adc'))[10]!;
      expect(adc).toBeLessThan(previous);
      previous = adc;
    }
    expect(previous).toBeGreaterThan(900);
    expect(previous).toBeLessThan(1100);
  });

  it('clamps the depth to 0-4 mm and refuses keys the board does not have', () => {
    const host = setup();
    host.kb.pressKey(1, 9);
    expect(host.kb.inspect().keys[1]!.travel).toBe(400);
    host.kb.pressKey(1, -3);
    expect(host.kb.inspect().keys[1]!.travel).toBe(0);
    expect(() => host.kb.pressKey(68, 1)).toThrow(RangeError);
    expect(() => host.kb.pressKey(-1, 1)).toThrow(RangeError);
    expect(() => host.kb.pressKey(1.5, 1)).toThrow(RangeError);
    expect(() => host.kb.pressKey(1, Number.NaN)).toThrow(RangeError);
  });
});

describe('calibration', () => {
  const readCalibration = (host: Host): { state: number; keys: CalibrationKey[] } => {
    const bytes = host.readObject('calibration');
    return { state: bytes[0]!, keys: decodeList(CalibrationKeyLayout, bytes.subarray(1), 68) };
  };

  it('tracks each key’s min and max ADC while running and keeps the pressed keys’ ranges when finished', () => {
    const host = setup(REPORT_MODE.off);
    const factory = readCalibration(host);
    host.write('calibration', 0, new Uint8Array([1]));
    expect(host.notesOf(SUB.notify.calibration).map((f) => [...f.data])).toEqual([[1, 0]]);
    const started = readCalibration(host);
    expect(started.state).toBe(1);
    expect(started.keys[2]!.min).toBe(started.keys[2]!.max);

    host.kb.pressKey(2, 4);
    host.kb.pressKey(2, 0);
    const progress = host.notesOf(SUB.notify.calibration).slice(1);
    expect(progress).toHaveLength(1);
    expect(progress[0]!.data[0]).toBe(1);
    expect(progress[0]!.data[1]).toBe(1);
    expect(progress[0]!.data[2]).toBe(2);
    const tracked = readCalibration(host).keys[2]!;
    expect(CalibrationKeyLayout.decode(progress[0]!.data, 3)).toEqual(tracked);
    expect(tracked.min).toBeLessThan(1100);
    expect(tracked.max).toBeGreaterThan(2900);

    host.write('calibration', 0, new Uint8Array([2]));
    const done = readCalibration(host);
    expect(done.state).toBe(2);
    expect(done.keys[2]).toEqual(tracked);
    // A key not pressed through during the run keeps its previous range.
    expect(done.keys[3]).toEqual(factory.keys[3]);
  });

  it('restores the previous calibration when cancelled', () => {
    const host = setup(REPORT_MODE.off);
    const factory = readCalibration(host);
    host.write('calibration', 0, new Uint8Array([1]));
    host.kb.pressKey(2, 3);
    host.write('calibration', 0, new Uint8Array([0]));
    expect(readCalibration(host)).toEqual({ state: 0, keys: factory.keys });
  });

  it('does not store a running calibration in the flash image', () => {
    const host = setup(REPORT_MODE.off);
    const before = host.kb.serialize();
    host.write('calibration', 0, new Uint8Array([1]));
    host.kb.pressKey(2, 3);
    expect(Buffer.compare(host.kb.serialize(), before)).toBe(0);
  });
});

describe('status notifications', () => {
  it('reports battery and access-mode changes of a wireless keyboard', () => {
    const host = new Host(makeKeyboard({ model: 'mojo68rt', fwVer: '1.3.7', battery: 80 }));
    host.kb.setBattery(79, true);
    host.kb.setBattery(79, true);
    host.kb.setAccessMode(1);
    const statuses = host.notesOf(SUB.notify.status).map((f) => [...f.data.subarray(0, 4)]);
    expect(statuses).toEqual([
      [79, 1, 0, 0],
      [79, 1, 1, 0],
    ]);
    expect(host.kb.descriptor).toMatchObject({ battery: 79, accessMode: 1 });
    expect(() => host.kb.setBattery(101)).toThrow(RangeError);
  });

  it('refuses a battery or a wireless mode on a wired keyboard', () => {
    const kb = makeKeyboard();
    expect(kb.descriptor.battery).toBe(0xff);
    expect(() => kb.setBattery(50)).toThrow(RangeError);
    expect(() => kb.setAccessMode(2)).toThrow(RangeError);
  });
});
