import fc from 'fast-check';
import {
  CMD,
  KEY_MAP_BYTES,
  keyMask,
  keysOfMask,
  MAX_KEYS,
  MULTI_READ_MAX,
  READ_TO_END,
  SUB,
} from '../../src/protocol/commands.ts';
import { ProtocolError } from '../../src/protocol/errors.ts';
import { decodeFrame, encodeFrame, hasMore, isWrite, MAX_DATA, subId, type Frame } from '../../src/protocol/frame.ts';
import {
  answers,
  commandFrame,
  errorFrame,
  multiReadRequest,
  readRequest,
  throwIfError,
  writeFrames,
} from '../../src/protocol/messages.ts';
import * as objects from '../../src/protocol/objects.ts';
import { decodeU16List, encodeU16List } from '../../src/protocol/registry.ts';
import { decodeList, encodeList, encodeText, type FieldType, type Layout } from '../../src/protocol/struct.ts';

type Rec = Record<string, unknown>;
type AnyLayout = Layout<Rec>;

const LAYOUTS: [string, AnyLayout][] = Object.entries(objects)
  .filter(([name, v]) => name.endsWith('Layout') && typeof v === 'object' && v !== null && 'fields' in v)
  .map(([name, v]) => [name, v as unknown as AnyLayout]);

/** UTF-8 length of one code point, computed independently of TextEncoder. */
const utf8Length = (cp: number): number => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);

/** The longest prefix of whole characters that fits `limit` UTF-8 bytes. */
function cutToBytes(text: string, limit: number): string {
  let used = 0;
  let out = '';
  for (const ch of text) {
    used += utf8Length(ch.codePointAt(0)!);
    if (used > limit) break;
    out += ch;
  }
  return out;
}

// Any code point but NUL (the terminator of a text field) and lone surrogates, plus everyday multi-byte letters;
// long enough to overflow the field often.
const codePoint = fc
  .integer({ min: 1, max: 0x10ffff })
  .filter((cp) => cp < 0xd800 || cp > 0xdfff)
  .map((cp) => String.fromCodePoint(cp));
const everyday = fc.constantFrom('a', 'Z', ' ', '-', 'é', 'ß', 'ж', '中', '⚡', '😀', '𝄞');
const textArb = (bytes: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.oneof(codePoint, everyday, everyday), maxLength: bytes + 2 });

const MAX: Record<'u8' | 'u16' | 'u32', number> = { u8: 0xff, u16: 0xffff, u32: 0xffffffff };
const intArb = (t: 'u8' | 'u16' | 'u32'): fc.Arbitrary<number> => fc.integer({ min: 0, max: MAX[t] });
const fixed = <T>(arb: fc.Arbitrary<T>, n: number): fc.Arbitrary<T[]> => fc.array(arb, { minLength: n, maxLength: n });

function fieldArb(f: FieldType): fc.Arbitrary<unknown> {
  switch (f.t) {
    case 'u8':
    case 'u16':
    case 'u32':
      return intArb(f.t);
    case 'str':
      return textArb(f.bytes);
    case 'bytes':
      return fc.uint8Array({ minLength: f.bytes, maxLength: f.bytes });
    case 'u8s':
      return fixed(intArb('u8'), f.count);
    case 'u16s':
      return fixed(intArb('u16'), f.count);
    case 'array':
      return fixed(layoutArb(f.of), f.count);
  }
}

function layoutArb(l: AnyLayout): fc.Arbitrary<Rec> {
  return fc.record(Object.fromEntries(l.fields.map(([name, f]) => [name, fieldArb(f)])));
}

/** What a value reads back as: every text cut to its field at a character boundary. */
function readBack(l: AnyLayout, value: Rec): Rec {
  const out: Rec = { ...value };
  for (const [name, f] of l.fields) {
    if (f.t === 'str') out[name] = cutToBytes(value[name] as string, f.bytes);
    if (f.t === 'array') out[name] = (value[name] as Rec[]).map((item) => readBack(f.of, item));
  }
  return out;
}

/** Every integer inside a layout, as a path into its value, with the largest value it may hold. */
function integerPaths(l: AnyLayout, prefix: (string | number)[] = []): { path: (string | number)[]; max: number }[] {
  return l.fields.flatMap(([name, f]) => {
    const at = [...prefix, name];
    if (f.t === 'u8' || f.t === 'u16' || f.t === 'u32') return [{ path: at, max: MAX[f.t] }];
    if (f.t === 'u8s' || f.t === 'u16s')
      return Array.from({ length: f.count }, (_, i) => ({ path: [...at, i], max: f.t === 'u8s' ? 0xff : 0xffff }));
    if (f.t === 'array') return Array.from({ length: f.count }, (_, i) => integerPaths(f.of, [...at, i])).flat();
    return [];
  });
}

function setPath(value: Rec, path: readonly (string | number)[], v: unknown): Rec {
  const copy = structuredClone(value);
  let node: Record<string | number, unknown> = copy;
  path.slice(0, -1).forEach((key) => (node = node[key] as Record<string | number, unknown>));
  node[path[path.length - 1]!] = v;
  return copy;
}

function expectPayloadError(fn: () => unknown, kind: ProtocolError['kind'] = 'payload-value'): void {
  let thrown: unknown;
  try {
    fn();
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(ProtocolError);
  expect((thrown as ProtocolError).kind).toBe(kind);
}

it('finds every wire layout of objects.ts', () => {
  const names = LAYOUTS.map(([n]) => n);
  expect(names).toEqual(expect.arrayContaining(['DescriptorLayout', 'MacroRecordLayout', 'FirmwareBeginLayout']));
  expect(names.length).toBeGreaterThanOrEqual(27);
});

describe.each(LAYOUTS)('%s', (_name, l) => {
  it('round-trips arbitrary valid values, text cut at a character boundary', () => {
    fc.assert(
      fc.property(layoutArb(l), (value) => {
        const bytes = l.encode(value);
        expect(bytes.length).toBe(l.size);
        expect(l.decode(bytes)).toEqual(readBack(l, value));
      }),
      { numRuns: 60 },
    );
  });

  it('decodes at an offset inside a larger buffer, and as a list', () => {
    fc.assert(
      fc.property(fixed(layoutArb(l), 3), fc.uint8Array({ maxLength: 9 }), (items, before) => {
        const list = encodeList(l, items);
        const buffer = new Uint8Array([...before, ...list]);
        expect(l.decode(buffer, before.length)).toEqual(readBack(l, items[0]!));
        expect(decodeList(l, list, 3)).toEqual(items.map((it) => readBack(l, it)));
      }),
      { numRuns: 20 },
    );
  });

  it('refuses out-of-range integers with a ProtocolError', () => {
    const paths = integerPaths(l);
    if (paths.length === 0) return void expect(l.fields.every(([, f]) => f.t === 'str' || f.t === 'bytes')).toBe(true);
    const bad = fc.oneof(
      fc.constantFrom(-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, '1', undefined, null),
      fc.integer({ min: 1, max: 1000 }),
    );
    fc.assert(
      fc.property(layoutArb(l), fc.constantFrom(...paths), bad, (value, { path, max }, v) => {
        const broken = setPath(value, path, typeof v === 'number' && Number.isInteger(v) && v > 0 ? max + v : v);
        expectPayloadError(() => l.encode(broken));
      }),
      { numRuns: 60 },
    );
  });

  it('refuses lists of the wrong length, text that is not a string and missing fields', () => {
    fc.assert(
      fc.property(layoutArb(l), fc.constantFrom(...l.fields), fc.boolean(), (value, [name, f], longer) => {
        let broken: Rec;
        if (f.t === 'u8s' || f.t === 'u16s' || f.t === 'array' || f.t === 'bytes') {
          const list = value[name] as unknown[] | Uint8Array;
          const n = list.length;
          broken = setPath(value, [name], longer ? [...list, list[0]] : Array.from(list).slice(0, n - 1));
        } else if (f.t === 'str') broken = setPath(value, [name], longer ? 42 : undefined);
        else broken = setPath(value, [name], undefined);
        expectPayloadError(() => l.encode(broken));
      }),
      { numRuns: 40 },
    );
  });

  it('refuses to decode fewer bytes than the layout needs', () => {
    expectPayloadError(() => l.decode(new Uint8Array(l.size - 1)), 'payload-size');
    expectPayloadError(() => l.decode(new Uint8Array(l.size), 1), 'payload-size');
    expectPayloadError(() => decodeList(l, new Uint8Array(l.size * 2 - 1), 2), 'payload-size');
  });
});

describe('text fields', () => {
  it('cut a name that does not fit at the last whole character', () => {
    const bytes = encodeText('Rapid ⚡⚡⚡⚡', 16);
    expect(bytes.length).toBe(16);
    expect(objects.ThemeNameLayout.decode(bytes).name).toBe('Rapid ⚡⚡⚡');
    expect(bytes[15]).toBe(0);
  });

  it('keep a name of exactly 16 bytes whole, with no terminator', () => {
    const bytes = objects.ThemeNameLayout.encode({ name: 'ab😀😀😀' + 'cd' });
    expect(objects.ThemeNameLayout.decode(bytes).name).toBe('ab😀😀😀cd');
    expect(bytes.every((b) => b !== 0)).toBe(true);
  });
});

describe('key masks', () => {
  const ids = fc.uniqueArray(fc.integer({ min: 0, max: MAX_KEYS - 1 }), { maxLength: MAX_KEYS });

  it('round-trip any set of key ids', () => {
    fc.assert(
      fc.property(ids, (keys) => {
        const mask = keyMask(keys);
        expect(mask.length).toBe(KEY_MAP_BYTES);
        expect(keysOfMask(mask, MAX_KEYS)).toEqual([...keys].sort((a, b) => a - b));
      }),
    );
  });

  it('only report keys the device has', () => {
    fc.assert(
      fc.property(ids, fc.integer({ min: 0, max: MAX_KEYS }), (keys, keyCount) => {
        const expected = keys.filter((k) => k < keyCount).sort((a, b) => a - b);
        expect(keysOfMask(keyMask(keys), keyCount)).toEqual(expected);
      }),
    );
  });

  it('put key k in bit k & 7 of byte k >> 3 and leave out ids that cannot be addressed', () => {
    expect(Array.from(keyMask([0, 9, 31, 199]).subarray(0, 4))).toEqual([0x01, 0x02, 0x00, 0x80]);
    expect(keyMask([199])[24]).toBe(0x80);
    expect(keyMask([-1, 200, 1.5, Number.NaN])).toEqual(new Uint8Array(KEY_MAP_BYTES));
  });
});

describe('u16 lists', () => {
  it('round-trip, little endian', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 300 }), (values) => {
        const bytes = encodeU16List(values);
        expect(bytes.length).toBe(values.length * 2);
        expect(decodeU16List(bytes)).toEqual(values);
      }),
    );
    expect(Array.from(encodeU16List([0x4001]))).toEqual([0x01, 0x40]);
  });
});

describe('request builders', () => {
  const cmd = fc.integer({ min: 0, max: 0xff });
  const sub = fc.integer({ min: 0, max: 0x3f });
  const roundTrip = (f: Frame): Frame => decodeFrame(encodeFrame(f));

  it('readRequest: a read of `length` bytes from `offset` that survives the wire', () => {
    fc.assert(
      fc.property(cmd, sub, fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0, max: 0xffff }), (c, s, o, n) => {
        const req = readRequest(c, s, o, n);
        expect(roundTrip(req)).toEqual(req);
        expect([req.cmd, req.sub, req.offset, isWrite(req.sub), hasMore(req.sub)]).toEqual([c, s, o, false, false]);
        expect(decodeU16List(req.data)).toEqual([n]);
      }),
    );
    expect(decodeU16List(readRequest(1, 1).data)).toEqual([READ_TO_END]);
  });

  it('multiReadRequest: one read naming every object in order', () => {
    const pair = fc.record({ cmd, sub: fc.integer({ min: 0, max: 0xff }) });
    fc.assert(
      fc.property(fc.array(pair, { minLength: 1, maxLength: MULTI_READ_MAX }), (named) => {
        const req = multiReadRequest(named);
        expect(roundTrip(req)).toEqual(req);
        expect([req.cmd, req.sub, req.offset, req.data[0]]).toEqual([
          CMD.system,
          SUB.system.multiRead,
          0,
          named.length,
        ]);
        const pairs = Array.from({ length: named.length }, (_, i) => ({
          cmd: req.data[1 + i * 2],
          sub: req.data[2 + i * 2],
        }));
        expect(pairs).toEqual(named.map((o) => ({ cmd: o.cmd, sub: o.sub & 0x3f })));
      }),
    );
    expectPayloadError(() => multiReadRequest([]));
    expectPayloadError(() => multiReadRequest(Array.from({ length: MULTI_READ_MAX + 1 }, () => ({ cmd: 1, sub: 1 }))));
  });

  it('writeFrames: a write stream that reassembles to the payload at its offset', () => {
    fc.assert(
      fc.property(
        cmd,
        sub,
        fc.integer({ min: 0, max: 0xffff - 700 }),
        fc.uint8Array({ maxLength: 700 }),
        (c, s, o, p) => {
          const frames = writeFrames(c, s, o, p);
          let next = o;
          frames.forEach((f, i) => {
            expect(roundTrip(f)).toEqual(f);
            expect([f.cmd, subId(f.sub), isWrite(f.sub), hasMore(f.sub)]).toEqual([c, s, true, i < frames.length - 1]);
            expect(f.offset).toBe(next);
            next += f.data.length;
          });
          expect(new Uint8Array(frames.flatMap((f) => Array.from(f.data)))).toEqual(p);
        },
      ),
    );
  });

  it('commandFrame: one write frame without the more bit', () => {
    fc.assert(
      fc.property(cmd, fc.integer({ min: 0, max: 0xff }), fc.uint8Array({ maxLength: MAX_DATA }), (c, s, data) => {
        const f = commandFrame(c, s, data);
        expect(roundTrip(f)).toEqual(f);
        expect([subId(f.sub), isWrite(f.sub), hasMore(f.sub), f.offset]).toEqual([s & 0x3f, true, false, 0]);
        expect(f.data).toEqual(data);
      }),
    );
    expectPayloadError(() => commandFrame(1, 1, new Uint8Array(MAX_DATA + 1)), 'frame-length');
  });

  it('errorFrame: decodes back to the refused command and its code', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 0xff }), cmd, fc.integer({ min: 0, max: 0xff }), (code, c, s) => {
        const f = roundTrip(errorFrame(code, c, s));
        expect(answers(f, c, s)).toBe(true);
        let thrown: unknown;
        try {
          throwIfError(f);
        } catch (e) {
          thrown = e;
        }
        expect(thrown).toBeInstanceOf(ProtocolError);
        expect((thrown as ProtocolError).deviceCode).toBe(code);
      }),
    );
  });
});
