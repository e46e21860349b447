import fc from 'fast-check';
import { CMD, SUB } from '../../src/protocol/commands.ts';
import { crc16, crc32 } from '../../src/protocol/crc.ts';
import { DEVICE_ERROR, ProtocolError, type ProtocolErrorKind } from '../../src/protocol/errors.ts';
import {
  chunkFrames,
  decodeFrame,
  encodeFrame,
  hasMore,
  HEADER_SIZE,
  isWrite,
  MAX_DATA,
  nextSeq,
  REPORT_SIZE,
  SEQ_BYTE,
  SEQ_MAX,
  seqOf,
  tagged,
  SUB_MORE,
  SUB_WRITE,
  subId,
  type Frame,
} from '../../src/protocol/frame.ts';
import { answers, errorFrame, parseMultiRead, ReplyAssembler, throwIfError } from '../../src/protocol/messages.ts';

const ascii = (s: string): Uint8Array => new TextEncoder().encode(s);

/** Runs `fn` and answers the ProtocolError it threw; fails on any other outcome. */
function protocolError(fn: () => unknown): ProtocolError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ProtocolError);
    return e as ProtocolError;
  }
  throw new Error('expected a ProtocolError, nothing was thrown');
}

const expectKind = (fn: () => unknown, kind: ProtocolErrorKind): void => {
  expect(protocolError(fn).kind).toBe(kind);
};

const frameArb: fc.Arbitrary<Frame> = fc.record(
  {
    cmd: fc.integer({ min: 0, max: 0xff }),
    sub: fc.integer({ min: 0, max: 0xff }),
    offset: fc.integer({ min: 0, max: 0xffff }),
    data: fc.uint8Array({ maxLength: MAX_DATA }),
    seq: fc.integer({ min: 1, max: 0xff }),
  },
  { requiredKeys: ['cmd', 'sub', 'offset', 'data'] },
);

describe('checksums', () => {
  it('CRC16-CCITT-FALSE gives the standard check value 0x29B1 for "123456789"', () => {
    expect(crc16(ascii('123456789'))).toBe(0x29b1);
  });

  it('CRC16 of no bytes is the initial value, and a range equals the CRC of that slice', () => {
    expect(crc16(new Uint8Array(0))).toBe(0xffff);
    const bytes = ascii('xx123456789yy');
    expect(crc16(bytes, 2, 11)).toBe(0x29b1);
  });

  it('CRC-32 gives the standard check value 0xCBF43926 for "123456789"', () => {
    expect(crc32(ascii('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  it('CRC-32 continues across chunks when seeded with the CRC so far', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 }), (a, b) => {
        const whole = new Uint8Array([...a, ...b]);
        expect(crc32(b, crc32(a))).toBe(crc32(whole));
      }),
    );
  });
});

describe('encodeFrame / decodeFrame', () => {
  it('lays out the header as documented: cmd, sub, length LE, offset LE, CRC LE, then data and zero padding', () => {
    const data = new Uint8Array([0x01, 0x01, 0x0f, 0x01, 0x02]);
    const report = encodeFrame({ cmd: 0x01, sub: 0x85, offset: 0x1234, data });
    expect(report.length).toBe(REPORT_SIZE);
    expect(Array.from(report.subarray(0, HEADER_SIZE + data.length))).toEqual([
      0x01, 0x85, 0x05, 0x00, 0x34, 0x12, 0xab, 0xf2, 0x01, 0x01, 0x0f, 0x01, 0x02,
    ]);
    expect(report.subarray(HEADER_SIZE + data.length).every((b) => b === 0)).toBe(true);
  });

  it('round-trips every frame', () => {
    fc.assert(
      fc.property(frameArb, (frame) => {
        const report = encodeFrame(frame);
        expect(report.length).toBe(REPORT_SIZE);
        expect(decodeFrame(report)).toEqual(frame);
      }),
    );
  });

  it('ignores the padding after the data', () => {
    const report = encodeFrame({ cmd: 2, sub: 1, offset: 0, data: new Uint8Array([0xff, 0xff]) });
    report.fill(0xaa, HEADER_SIZE + 2);
    expect(decodeFrame(report).data).toEqual(new Uint8Array([0xff, 0xff]));
  });

  it('refuses to encode more data than a report holds or an offset outside u16', () => {
    expectKind(() => encodeFrame({ cmd: 1, sub: 1, offset: 0, data: new Uint8Array(MAX_DATA + 1) }), 'frame-length');
    expectKind(() => encodeFrame({ cmd: 1, sub: 1, offset: -1, data: new Uint8Array(0) }), 'payload-value');
    expectKind(() => encodeFrame({ cmd: 1, sub: 1, offset: 0x10000, data: new Uint8Array(0) }), 'payload-value');
  });

  it.each([0, 1, 8, 63, 65, 128])('rejects a report of %i bytes', (size) => {
    expectKind(() => decodeFrame(new Uint8Array(size)), 'frame-size');
  });

  it.each([57, 64, 0xff])('rejects a declared data length of %i', (length) => {
    const report = encodeFrame({ cmd: 1, sub: 1, offset: 0, data: new Uint8Array(4) });
    report[2] = length;
    expectKind(() => decodeFrame(report), 'frame-length');
  });

  it('carries the sequence tag in header byte 3, untagged frames with 0', () => {
    const data = new Uint8Array([0xff, 0xff]);
    const tagged = encodeFrame({ cmd: 2, sub: 1, offset: 0x88, data, seq: 0x2a });
    expect(Array.from(tagged.subarray(0, HEADER_SIZE))).toEqual([0x02, 0x01, 0x02, 0x2a, 0x88, 0x00, 0x00, 0x00]);
    expect(decodeFrame(tagged)).toEqual({ cmd: 2, sub: 1, offset: 0x88, data, seq: 0x2a });
    const plain = encodeFrame({ cmd: 2, sub: 1, offset: 0x88, data });
    expect(plain[SEQ_BYTE]).toBe(0);
    expect(decodeFrame(plain)).toEqual({ cmd: 2, sub: 1, offset: 0x88, data });
    expect(decodeFrame(encodeFrame({ cmd: 2, sub: 1, offset: 0, data, seq: 0 })).seq).toBeUndefined();
    expect(seqOf(decodeFrame(plain))).toBe(0);
  });

  it('leaves the checksum to the data: the tag changes no CRC', () => {
    const data = new Uint8Array([1, 1, 10, 1, 2]);
    const a = encodeFrame({ cmd: 1, sub: 5, offset: 0, data, seq: 1 });
    const b = encodeFrame({ cmd: 1, sub: 5, offset: 0, data, seq: 200 });
    expect([a[6], a[7]]).toEqual([b[6], b[7]]);
  });

  it.each([-1, 256, 1.5])('refuses to encode the tag %d', (seq) => {
    expectKind(() => encodeFrame({ cmd: 1, sub: 1, offset: 0, data: new Uint8Array(0), seq }), 'payload-value');
  });

  it('counts tags 1 to 255 and wraps to 1, never 0', () => {
    expect(nextSeq(0)).toBe(1);
    expect(nextSeq(1)).toBe(2);
    expect(nextSeq(254)).toBe(255);
    expect(nextSeq(SEQ_MAX)).toBe(1);
    let seq = 0;
    const seen = new Set<number>();
    for (let i = 0; i < 600; i++) seen.add((seq = nextSeq(seq)));
    expect(seen.has(0)).toBe(false);
    expect(seen.size).toBe(255);
  });

  it('tags and untags a frame without touching the rest', () => {
    const f = { cmd: 3, sub: 0x82, offset: 9, data: new Uint8Array([1]) };
    expect(tagged(f, 7)).toEqual({ ...f, seq: 7 });
    expect(tagged({ ...f, seq: 7 }, 0)).toEqual(f);
  });

  it('rejects a report whose CRC does not match, whichever data or CRC bit flipped', () => {
    fc.assert(
      fc.property(
        frameArb.filter((f) => f.data.length > 0),
        fc.nat(),
        fc.integer({ min: 0, max: 7 }),
        fc.boolean(),
        (frame, at, bit, inCrc) => {
          const report = encodeFrame(frame);
          const index = inCrc ? 6 + (at % 2) : HEADER_SIZE + (at % frame.data.length);
          report[index]! ^= 1 << bit;
          expectKind(() => decodeFrame(report), 'frame-crc');
        },
      ),
    );
  });

  it('a changed length with the old CRC is caught too', () => {
    const report = encodeFrame({ cmd: 1, sub: 5, offset: 0, data: new Uint8Array([1, 1, 10, 1, 2]) });
    report[2] = 4;
    expectKind(() => decodeFrame(report), 'frame-crc');
  });

  it('throws nothing but ProtocolError on arbitrary input', () => {
    // Valid reports with a few bytes overwritten reach the length and CRC checks, not just the size check.
    const damaged = fc
      .tuple(frameArb, fc.array(fc.tuple(fc.integer({ min: 0, max: 63 }), fc.integer({ min: 0, max: 255 }))))
      .map(([frame, edits]) => {
        const report = encodeFrame(frame);
        for (const [at, value] of edits) report[at] = value;
        return report;
      });
    fc.assert(
      fc.property(
        fc.oneof(fc.uint8Array({ minLength: 64, maxLength: 64 }), fc.uint8Array({ maxLength: 80 }), damaged),
        (r) => {
          try {
            const frame = decodeFrame(r);
            expect(frame.data.length).toBeLessThanOrEqual(MAX_DATA);
          } catch (e) {
            expect(e).toBeInstanceOf(ProtocolError);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads the write and more bits and the sub-command id', () => {
    expect([isWrite(0xc2), hasMore(0xc2), subId(0xc2)]).toEqual([true, true, 2]);
    expect([isWrite(0x05), hasMore(0x05), subId(0x05)]).toEqual([false, false, 5]);
    expect([isWrite(0x41), hasMore(0x41), subId(0x41)]).toEqual([false, true, 1]);
  });
});

describe('chunkFrames', () => {
  it.each([
    [0, 1],
    [1, 1],
    [56, 1],
    [57, 2],
    [112, 2],
    [113, 3],
    [544, 10],
  ])('splits %i bytes into %i frames', (length, count) => {
    expect(chunkFrames(2, 0x81, 0, new Uint8Array(length))).toHaveLength(count);
  });

  it('streams from the start offset with contiguous offsets, the more bit on all but the last frame', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 600 }),
        fc.integer({ min: 0, max: 0xffff - 600 }),
        fc.integer({ min: 0, max: 0xff }),
        (payload, start, sub) => {
          const frames = chunkFrames(3, sub, start, payload);
          let expected = start;
          frames.forEach((f, i) => {
            const last = i === frames.length - 1;
            expect(f.offset).toBe(expected);
            expect(hasMore(f.sub)).toBe(!last);
            expect(f.sub & ~SUB_MORE).toBe(sub & ~SUB_MORE);
            expect(f.data.length).toBe(last ? payload.length - (frames.length - 1) * MAX_DATA : MAX_DATA);
            expected += f.data.length;
          });
          expect(new Uint8Array(frames.flatMap((f) => Array.from(f.data)))).toEqual(payload);
        },
      ),
    );
  });

  it('clears a more bit the caller passed in on the last frame', () => {
    const frames = chunkFrames(2, 0x81 | SUB_MORE, 0, new Uint8Array(60));
    expect(frames.map((f) => f.sub)).toEqual([0xc1, 0x81]);
  });
});

describe('ReplyAssembler', () => {
  const payload = Uint8Array.from({ length: 150 }, (_, i) => i);
  const reply = (start = 10): Frame[] => chunkFrames(CMD.keymap, SUB.keymap.keymap, start, payload);

  it('reassembles a streamed read reply and reports done only after the last frame', () => {
    const asm = new ReplyAssembler(10);
    const frames = reply();
    frames.forEach((f, i) => {
      expect(asm.done).toBe(false);
      asm.push(f);
      expect(asm.done).toBe(i === frames.length - 1);
    });
    expect(asm.bytes()).toEqual(payload);
    expect(asm.offset).toBe(10);
  });

  it('rejects frames out of order, a wrong first offset, and frames after the end', () => {
    const [a, b, c] = reply() as [Frame, Frame, Frame];
    const swapped = new ReplyAssembler(10);
    swapped.push(a);
    expectKind(() => swapped.push(c), 'stream');

    expectKind(() => new ReplyAssembler(0).push(a), 'stream');

    const repeated = new ReplyAssembler(10);
    repeated.push(a);
    expectKind(() => repeated.push(a), 'stream');

    const finished = new ReplyAssembler(10);
    [a, b, c].forEach((f) => finished.push(f));
    expectKind(() => finished.push({ ...c, offset: c.offset + c.data.length }), 'stream');
  });

  it('surfaces an error frame as a device error with its code', () => {
    const asm = new ReplyAssembler(0);
    const error = protocolError(() => asm.push(errorFrame(DEVICE_ERROR.outOfRange, CMD.keymap, SUB.keymap.keymap)));
    expect(error.kind).toBe('device-error');
    expect(error.deviceCode).toBe(DEVICE_ERROR.outOfRange);
    expect(error.message).toMatch(/outOfRange/);
  });

  it('surfaces an error that arrives in the middle of a stream', () => {
    const asm = new ReplyAssembler(10);
    asm.push(reply()[0]!);
    const error = protocolError(() => asm.push(errorFrame(DEVICE_ERROR.busy, CMD.keymap, SUB.keymap.keymap)));
    expect(error.deviceCode).toBe(DEVICE_ERROR.busy);
  });

  it('with the length asked for, accepts exactly that many bytes', () => {
    const asm = new ReplyAssembler(10, payload.length);
    for (const f of reply()) asm.push(f);
    expect(asm.bytes()).toEqual(payload);
  });

  it('refuses a reply that ends one byte short of the length asked for', () => {
    const frames = chunkFrames(CMD.keymap, SUB.keymap.keymap, 10, payload.subarray(0, payload.length - 1));
    const asm = new ReplyAssembler(10, payload.length);
    frames.slice(0, -1).forEach((f) => asm.push(f));
    expectKind(() => asm.push(frames[frames.length - 1]!), 'payload-size');
  });

  it('refuses a reply that ends early (the more bit lost) or runs past the length asked for', () => {
    const [a] = reply() as [Frame];
    expectKind(() => new ReplyAssembler(10, payload.length).push({ ...a, sub: a.sub & ~SUB_MORE }), 'payload-size');
    expectKind(() => new ReplyAssembler(10, 20).push(a), 'payload-size');
  });
});

describe('parseMultiRead', () => {
  const entry = (bytes: number[]): number[] => [bytes.length & 0xff, bytes.length >> 8, ...bytes];
  const answer = Uint8Array.from([...entry([1, 2, 3]), 0xff, 0xff, ...entry([9])]);

  it('splits the entries, a refused one as undefined', () => {
    expect(parseMultiRead(answer, 3)).toEqual([Uint8Array.of(1, 2, 3), undefined, Uint8Array.of(9)]);
    expect(parseMultiRead(answer, 3, [3, 5, 1])).toEqual([Uint8Array.of(1, 2, 3), undefined, Uint8Array.of(9)]);
  });

  it('refuses an entry whose length is not the size of the object asked for', () => {
    expectKind(() => parseMultiRead(answer, 3, [4, 5, 1]), 'payload-size');
    expectKind(() => parseMultiRead(answer, 3, [3, 5, 2]), 'payload-size');
  });

  it('refuses fewer or more entries than asked for', () => {
    expectKind(() => parseMultiRead(answer, 4), 'payload-size');
    expectKind(() => parseMultiRead(answer, 2), 'payload-size');
  });
});

describe('matching replies and errors', () => {
  const read = { cmd: CMD.keymap, sub: SUB.keymap.keymap };
  const write = { cmd: CMD.keymap, sub: SUB.keymap.keymap | SUB_WRITE };
  const frame = (cmd: number, sub: number): Frame => ({ cmd, sub, offset: 0, data: new Uint8Array(3) });

  it('a reply answers its request whether or not it carries the more bit', () => {
    expect(answers(frame(read.cmd, read.sub), read.cmd, read.sub)).toBe(true);
    expect(answers(frame(read.cmd, read.sub | SUB_MORE), read.cmd, read.sub)).toBe(true);
    expect(answers(frame(write.cmd, write.sub), write.cmd, write.sub | SUB_MORE)).toBe(true);
  });

  it('a reply of another command, sub-command or direction does not', () => {
    expect(answers(frame(CMD.keyColour, read.sub), read.cmd, read.sub)).toBe(false);
    expect(answers(frame(read.cmd, SUB.keymap.setKeys), read.cmd, read.sub)).toBe(false);
    expect(answers(frame(write.cmd, write.sub), read.cmd, read.sub)).toBe(false);
  });

  it('an error answers the request it names, and only that one', () => {
    const error = errorFrame(DEVICE_ERROR.invalidValue, write.cmd, write.sub | SUB_MORE);
    expect(answers(error, write.cmd, write.sub)).toBe(true);
    expect(answers(error, read.cmd, read.sub)).toBe(false);
    expect(answers(error, CMD.system, write.sub)).toBe(false);
  });

  it('throwIfError passes replies and throws a device error for every error code', () => {
    expect(() => throwIfError(frame(read.cmd, read.sub))).not.toThrow();
    for (const code of Object.values(DEVICE_ERROR)) {
      const error = protocolError(() => throwIfError(errorFrame(code, read.cmd, read.sub)));
      expect([error.kind, error.deviceCode]).toEqual(['device-error', code]);
    }
    expect(protocolError(() => throwIfError(errorFrame(0x7e, 1, 1))).message).toMatch(/code 126/);
  });
});
