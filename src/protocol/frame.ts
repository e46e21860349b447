/**
 * Framing: every message is one 64-byte HID report (report id 0) on usage page 0xFF60 / usage 0x61.
 * Header (8 bytes, little endian): command u8, sub-command u8, data length u16, offset u16, CRC16 u16 over the data.
 * Sub-command bit 7 marks a write; bit 6 marks "more frames of this stream follow" (no reply until the last one).
 */
import { crc16 } from './crc.ts';
import { ProtocolError } from './errors.ts';

export const REPORT_SIZE = 64;
export const HEADER_SIZE = 8;
export const MAX_DATA = REPORT_SIZE - HEADER_SIZE;
export const SUB_WRITE = 0x80;
export const SUB_MORE = 0x40;
export const SUB_ID_MASK = 0x3f;

export interface Frame {
  cmd: number;
  /** Sub-command including the write and more bits. */
  sub: number;
  offset: number;
  data: Uint8Array;
}

export function encodeFrame(frame: Frame): Uint8Array {
  const { cmd, sub, offset, data } = frame;
  if (data.length > MAX_DATA)
    throw new ProtocolError('frame-length', `data of ${data.length} bytes exceeds ${MAX_DATA}`);
  if (offset < 0 || offset > 0xffff) throw new ProtocolError('payload-value', `offset ${offset} out of range`);
  const out = new Uint8Array(REPORT_SIZE);
  out[0] = cmd & 0xff;
  out[1] = sub & 0xff;
  out[2] = data.length & 0xff;
  out[3] = data.length >> 8;
  out[4] = offset & 0xff;
  out[5] = offset >> 8;
  const crc = crc16(data);
  out[6] = crc & 0xff;
  out[7] = crc >> 8;
  out.set(data, HEADER_SIZE);
  return out;
}

/** Decodes one report. Throws ProtocolError (never anything else) on a malformed report. */
export function decodeFrame(report: Uint8Array): Frame {
  if (report.length !== REPORT_SIZE)
    throw new ProtocolError('frame-size', `report of ${report.length} bytes, expected ${REPORT_SIZE}`);
  const length = report[2]! | (report[3]! << 8);
  if (length > MAX_DATA) throw new ProtocolError('frame-length', `declared length ${length} exceeds ${MAX_DATA}`);
  const data = report.slice(HEADER_SIZE, HEADER_SIZE + length);
  const crc = report[6]! | (report[7]! << 8);
  if (crc16(data) !== crc) throw new ProtocolError('frame-crc', 'checksum mismatch');
  return { cmd: report[0]!, sub: report[1]!, offset: report[4]! | (report[5]! << 8), data };
}

export const isWrite = (sub: number): boolean => (sub & SUB_WRITE) !== 0;
export const hasMore = (sub: number): boolean => (sub & SUB_MORE) !== 0;
export const subId = (sub: number): number => sub & SUB_ID_MASK;

/** Splits a payload into frames that stream from `offset`; every frame but the last carries the more bit. */
export function chunkFrames(cmd: number, sub: number, offset: number, payload: Uint8Array): Frame[] {
  const frames: Frame[] = [];
  const base = sub & ~SUB_MORE;
  if (payload.length === 0) return [{ cmd, sub: base, offset, data: new Uint8Array(0) }];
  for (let pos = 0; pos < payload.length; pos += MAX_DATA) {
    const data = payload.subarray(pos, Math.min(payload.length, pos + MAX_DATA));
    const last = pos + MAX_DATA >= payload.length;
    frames.push({ cmd, sub: last ? base : base | SUB_MORE, offset: offset + pos, data });
  }
  return frames;
}
