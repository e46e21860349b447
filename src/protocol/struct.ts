/**
 * Declarative binary layouts: each wire object is described once as a list of fields, and the same description
 * encodes, decodes and sizes it. All integers are little endian.
 */
import { ProtocolError } from './errors.ts';

export type FieldType =
  | { t: 'u8' }
  | { t: 'u16' }
  | { t: 'u32' }
  | { t: 'str'; bytes: number }
  | { t: 'bytes'; bytes: number }
  | { t: 'array'; of: Layout<Record<string, unknown>>; count: number }
  | { t: 'u8s'; count: number }
  | { t: 'u16s'; count: number };

export interface Layout<T> {
  readonly fields: readonly (readonly [string, FieldType])[];
  readonly size: number;
  encode(value: T): Uint8Array;
  encodeInto(value: T, out: Uint8Array, at: number): void;
  decode(bytes: Uint8Array, at?: number): T;
}

export const u8 = { t: 'u8' } as const;
export const u16 = { t: 'u16' } as const;
export const u32 = { t: 'u32' } as const;
export const str = (bytes: number) => ({ t: 'str', bytes }) as const;
export const bytes = (n: number) => ({ t: 'bytes', bytes: n }) as const;
export const u8s = (count: number) => ({ t: 'u8s', count }) as const;
export const u16s = (count: number) => ({ t: 'u16s', count }) as const;
export function array<T>(of: Layout<T>, count: number): FieldType {
  return { t: 'array', of: of as unknown as Layout<Record<string, unknown>>, count };
}

/** Bytes one field takes on the wire. */
export function fieldSize(f: FieldType): number {
  switch (f.t) {
    case 'u8':
      return 1;
    case 'u16':
      return 2;
    case 'u32':
      return 4;
    case 'str':
    case 'bytes':
      return f.bytes;
    case 'u8s':
      return f.count;
    case 'u16s':
      return f.count * 2;
    case 'array':
      return f.of.size * f.count;
  }
}

const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8', { fatal: false });

/** Encodes text as UTF-8 into a fixed field, cut at a character boundary, zero padded. */
export function encodeText(text: string, size: number): Uint8Array {
  const out = new Uint8Array(size);
  let used = 0;
  for (const ch of text) {
    const b = utf8.encode(ch);
    if (used + b.length > size) break;
    out.set(b, used);
    used += b.length;
  }
  return out;
}

function decodeText(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  return utf8Decoder.decode(end < 0 ? bytes : bytes.subarray(0, end));
}

function checkInt(name: string, v: unknown, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max)
    throw new ProtocolError('payload-value', `field ${name}: ${String(v)} is not an integer in 0..${max}`);
  return v;
}

export function layout<T>(fields: readonly (readonly [keyof T & string, FieldType])[]): Layout<T> {
  const size = fields.reduce((s, [, f]) => s + fieldSize(f), 0);
  const encodeInto = (value: T, out: Uint8Array, start: number): void => {
    const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
    let at = start;
    const rec = value as unknown as Record<string, unknown>;
    for (const [name, f] of fields) {
      const v = rec[name];
      switch (f.t) {
        case 'u8':
          view.setUint8(at, checkInt(name, v, 0xff));
          break;
        case 'u16':
          view.setUint16(at, checkInt(name, v, 0xffff), true);
          break;
        case 'u32':
          view.setUint32(at, checkInt(name, v, 0xffffffff), true);
          break;
        case 'str':
          if (typeof v !== 'string') throw new ProtocolError('payload-value', `field ${name} is not text`);
          out.set(encodeText(v, f.bytes), at);
          break;
        case 'bytes':
          if (!(v instanceof Uint8Array) || v.length !== f.bytes)
            throw new ProtocolError('payload-value', `field ${name} needs ${f.bytes} bytes`);
          out.set(v, at);
          break;
        case 'u8s':
        case 'u16s': {
          if (!Array.isArray(v) || v.length !== f.count)
            throw new ProtocolError('payload-value', `field ${name} needs ${f.count} values`);
          const wide = f.t === 'u16s';
          v.forEach((x, i) => {
            if (wide) view.setUint16(at + i * 2, checkInt(name, x, 0xffff), true);
            else view.setUint8(at + i, checkInt(name, x, 0xff));
          });
          break;
        }
        case 'array': {
          if (!Array.isArray(v) || v.length !== f.count)
            throw new ProtocolError('payload-value', `field ${name} needs ${f.count} entries`);
          v.forEach((item, i) => f.of.encodeInto(item as Record<string, unknown>, out, at + i * f.of.size));
          break;
        }
      }
      at += fieldSize(f);
    }
  };
  return {
    fields,
    size,
    encodeInto,
    encode(value: T): Uint8Array {
      const out = new Uint8Array(size);
      encodeInto(value, out, 0);
      return out;
    },
    decode(bytesIn: Uint8Array, start = 0): T {
      if (bytesIn.length - start < size)
        throw new ProtocolError('payload-size', `need ${size} bytes, got ${bytesIn.length - start}`);
      const view = new DataView(bytesIn.buffer, bytesIn.byteOffset, bytesIn.byteLength);
      const rec: Record<string, unknown> = {};
      let at = start;
      for (const [name, f] of fields) {
        switch (f.t) {
          case 'u8':
            rec[name] = view.getUint8(at);
            break;
          case 'u16':
            rec[name] = view.getUint16(at, true);
            break;
          case 'u32':
            rec[name] = view.getUint32(at, true);
            break;
          case 'str':
            rec[name] = decodeText(bytesIn.subarray(at, at + f.bytes));
            break;
          case 'bytes':
            rec[name] = bytesIn.slice(at, at + f.bytes);
            break;
          case 'u8s':
            rec[name] = Array.from(bytesIn.subarray(at, at + f.count));
            break;
          case 'u16s':
            rec[name] = Array.from({ length: f.count }, (_, i) => view.getUint16(at + i * 2, true));
            break;
          case 'array':
            rec[name] = Array.from({ length: f.count }, (_, i) => f.of.decode(bytesIn, at + i * f.of.size));
            break;
        }
        at += fieldSize(f);
      }
      return rec as T;
    },
  };
}

/** A list of equal records: encodes/decodes `count` records back to back. */
export function encodeList<T>(l: Layout<T>, items: readonly T[]): Uint8Array {
  const out = new Uint8Array(l.size * items.length);
  items.forEach((it, i) => l.encodeInto(it, out, i * l.size));
  return out;
}

export function decodeList<T>(l: Layout<T>, bytesIn: Uint8Array, count: number): T[] {
  if (bytesIn.length < l.size * count)
    throw new ProtocolError('payload-size', `need ${l.size * count} bytes for ${count} records, got ${bytesIn.length}`);
  return Array.from({ length: count }, (_, i) => l.decode(bytesIn, i * l.size));
}
