/**
 * 100,000 random and mutated frames against the frame decoder and the reference firmware. Nothing may throw outside
 * a ProtocolError, every answer must be a well-formed report, and the device state must stay valid: its flash image
 * restores, every object still reads, and frames with a bad checksum change nothing at all.
 */
import { describe, expect, it } from 'vitest';
import { VirtualKeyboard } from '../../src/firmware/index.ts';
import { CMD, KEY_MAP_BYTES, PERF_FIELD, SUB } from '../../src/protocol/commands.ts';
import { ProtocolError } from '../../src/protocol/errors.ts';
import { decodeFrame, encodeFrame, REPORT_SIZE, type Frame } from '../../src/protocol/frame.ts';
import { commandFrame, readRequest, writeFrames } from '../../src/protocol/messages.ts';
import { OBJECTS, type ObjectName } from '../../src/protocol/registry.ts';

const FRAMES = 100_000;
const MODELS = ['made84ultra', 'cyber01', 'real67', 'made68air', 'mojo68rt', 'mouse01', 'dongle01', 'magi60'];

/** Small deterministic generator (mulberry32) so a failure can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    bytes: (n: number) => Uint8Array.from({ length: n }, () => Math.floor(next() * 256)),
  };
}
type Rng = ReturnType<typeof rng>;

const objectNames = Object.keys(OBJECTS) as ObjectName[];

/** A plausible request: a read or write of any object, or a masked command, with random contents. */
function validTemplate(r: Rng, keyboard: VirtualKeyboard): Frame[] {
  const d = keyboard.descriptor;
  const name = objectNames[r.int(objectNames.length)]!;
  const spec = OBJECTS[name];
  const size = spec.size(d);
  switch (r.int(6)) {
    case 0:
    case 1:
      return [readRequest(spec.cmd, spec.sub, r.int(size + 8), r.next() < 0.3 ? 0xffff : r.int(size + 8))];
    case 2: {
      // Overwrite part of an object with its own current bytes, slightly changed.
      const offset = r.int(Math.max(1, size));
      const length = Math.min(size - offset, 1 + r.int(120));
      if (length <= 0) return [readRequest(spec.cmd, spec.sub)];
      const payload = r.bytes(length);
      return writeFrames(spec.cmd, spec.sub, offset, payload);
    }
    case 3:
      return [
        commandFrame(
          CMD.keymap,
          SUB.keymap.setKeys,
          Uint8Array.from([r.int(5), r.int(256), r.int(256), ...r.bytes(KEY_MAP_BYTES)]),
        ),
      ];
    case 4: {
      const fields = Object.values(PERF_FIELD);
      const value = r.int(500);
      return [
        commandFrame(
          CMD.performance,
          SUB.performance.setKeys,
          Uint8Array.from([fields[r.int(fields.length)]!, value & 0xff, value >> 8, ...r.bytes(KEY_MAP_BYTES)]),
        ),
      ];
    }
    default:
      return [
        commandFrame(CMD.keyColour, SUB.keyColour.setKeys, Uint8Array.from([...r.bytes(3), ...r.bytes(KEY_MAP_BYTES)])),
      ];
  }
}

function mutate(r: Rng, report: Uint8Array): Uint8Array {
  const out = report.slice();
  const flips = 1 + r.int(4);
  for (let i = 0; i < flips; i++) {
    const at = r.int(REPORT_SIZE);
    out[at] = r.next() < 0.5 ? out[at]! ^ (1 << r.int(8)) : r.int(256);
  }
  return out;
}

function assertDecoderIsTyped(report: Uint8Array): Frame | undefined {
  try {
    return decodeFrame(report);
  } catch (e) {
    expect(e).toBeInstanceOf(ProtocolError);
    return undefined;
  }
}

describe('fuzzing the decoder and the firmware', () => {
  it(`survives ${FRAMES} random and mutated frames across ${MODELS.length} models`, () => {
    const r = rng(20261122);
    let answered = 0;
    let rejectedByDecoder = 0;
    const perModel = Math.ceil(FRAMES / MODELS.length);
    for (const model of MODELS) {
      const keyboard = new VirtualKeyboard({
        model,
        fwVer: '6.2.0',
        serial: 'FUZZ0001',
        schedule: (fn) => fn(),
        now: () => 0,
      });
      for (let i = 0; i < perModel; i++) {
        const kind = r.int(10);
        let reports: Uint8Array[];
        if (kind < 3) {
          reports = [r.bytes(kind === 0 ? r.int(80) : REPORT_SIZE)];
        } else {
          reports = validTemplate(r, keyboard).map(encodeFrame);
          if (kind < 7) reports = reports.map((rep) => mutate(r, rep));
        }
        for (const report of reports) {
          const frame = assertDecoderIsTyped(report);
          if (frame === undefined) rejectedByDecoder++;
          let replies: Uint8Array[] = [];
          expect(() => (replies = keyboard.receive(report))).not.toThrow();
          for (const reply of replies) {
            expect(reply.length).toBe(REPORT_SIZE);
            expect(() => decodeFrame(reply)).not.toThrow();
          }
          answered += replies.length;
        }
        if (i % 5000 === 4999) expect(keyboard.inspect().faults).toBe(0);
      }
      // The device never hit an internal fault, its flash still restores, and every object still reads.
      expect(keyboard.inspect().faults).toBe(0);
      const restored = VirtualKeyboard.restore(keyboard.serialize(), { schedule: (fn) => fn() });
      const fresh = new VirtualKeyboard({ model, fwVer: '6.2.0', serial: 'FUZZ0001', schedule: (fn) => fn() });
      for (const name of objectNames) {
        const spec = OBJECTS[name];
        const answer = (kb: VirtualKeyboard) =>
          kb.receive(encodeFrame(readRequest(spec.cmd, spec.sub))).map(decodeFrame);
        const got = answer(restored);
        const expected = answer(fresh);
        // Same shape of answer as a factory-new device: the same number of frames, data or the same refusal.
        expect(got.map((f) => [f.cmd, f.data.length])).toEqual(expected.map((f) => [f.cmd, f.data.length]));
      }
    }
    expect(answered).toBeGreaterThan(FRAMES / 2);
    expect(rejectedByDecoder).toBeGreaterThan(FRAMES / 10);
  }, 120_000);

  it('changes nothing at all for frames whose checksum, length or size is wrong', () => {
    const r = rng(7);
    const keyboard = new VirtualKeyboard({
      model: 'made68pro',
      fwVer: '1.3.7',
      serial: 'FUZZ0002',
      schedule: (fn) => fn(),
    });
    const before = keyboard.serialize();
    let refused = 0;
    for (let i = 0; i < 5000; i++) {
      for (const report of validTemplate(r, keyboard).map(encodeFrame)) {
        const bad = report.slice();
        if (i % 3 === 0) bad[6]! ^= 1 + r.int(255);
        else if (i % 3 === 1) bad[2] = 57 + r.int(199);
        const sent = i % 3 === 2 ? bad.subarray(0, r.int(REPORT_SIZE)) : bad;
        expect(assertDecoderIsTyped(sent)).toBeUndefined();
        const replies = keyboard.receive(sent).map(decodeFrame);
        expect(replies.every((f) => f.cmd === CMD.error)).toBe(true);
        refused++;
      }
    }
    expect(refused).toBeGreaterThanOrEqual(5000);
    expect(keyboard.serialize()).toEqual(before);
  });
});
