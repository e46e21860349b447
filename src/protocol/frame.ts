/**
 * Framing: every message is one 64-byte HID report (report id 0) on usage page 0xFF60 / usage 0x61.
 * Header (8 bytes, little endian): command u8, sub-command u8, data length u8, sequence tag u8, offset u16,
 * CRC16 u16 over the data. Sub-command bit 7 marks a write; bit 6 marks "more frames of this stream follow" (no reply
 * until the last one). The sequence tag pairs an answer with its request: the device echoes the request's tag in
 * every frame of its reply; 0 means "untagged" (notifications, hosts that do not tag).
 */
import { crc16 } from './crc.ts';
import { ProtocolError } from './errors.ts';

export const REPORT_SIZE = 64;
export const HEADER_SIZE = 8;
export const MAX_DATA = REPORT_SIZE - HEADER_SIZE;
export const SUB_WRITE = 0x80;
export const SUB_MORE = 0x40;
export const SUB_ID_MASK = 0x3f;
/** Header byte of the sequence tag. */
export const SEQ_BYTE = 3;
/** The tag of notifications and of hosts that do not tag their requests. */
export const SEQ_NONE = 0;
/** Largest sequence tag; tags run 1 … SEQ_MAX and wrap to 1. */
export const SEQ_MAX = 0xff;

export interface Frame {
  cmd: number;
  /** Sub-command including the write and more bits. */
  sub: number;
  offset: number;
  data: Uint8Array;
  /** Sequence tag 1-255 pairing a reply with its request; absent (or 0) when untagged. */
  seq?: number;
}

export function encodeFrame(frame: Frame): Uint8Array {
  const { cmd, sub, offset, data } = frame;
  const seq = frame.seq ?? SEQ_NONE;
  if (data.length > MAX_DATA)
    throw new ProtocolError('frame-length', `data of ${data.length} bytes exceeds ${MAX_DATA}`);
  if (offset < 0 || offset > 0xffff) throw new ProtocolError('payload-value', `offset ${offset} out of range`);
  if (!Number.isInteger(seq) || seq < 0 || seq > SEQ_MAX)
    throw new ProtocolError('payload-value', `sequence tag ${seq} out of range`);
  const out = new Uint8Array(REPORT_SIZE);
  out[0] = cmd & 0xff;
  out[1] = sub & 0xff;
  out[2] = data.length;
  out[SEQ_BYTE] = seq;
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
  const length = report[2]!;
  if (length > MAX_DATA) throw new ProtocolError('frame-length', `declared length ${length} exceeds ${MAX_DATA}`);
  const data = report.slice(HEADER_SIZE, HEADER_SIZE + length);
  const crc = report[6]! | (report[7]! << 8);
  if (crc16(data) !== crc) throw new ProtocolError('frame-crc', 'checksum mismatch');
  const frame: Frame = { cmd: report[0]!, sub: report[1]!, offset: report[4]! | (report[5]! << 8), data };
  const seq = report[SEQ_BYTE]!;
  if (seq !== SEQ_NONE) frame.seq = seq;
  return frame;
}

export const isWrite = (sub: number): boolean => (sub & SUB_WRITE) !== 0;
export const hasMore = (sub: number): boolean => (sub & SUB_MORE) !== 0;
export const subId = (sub: number): number => sub & SUB_ID_MASK;
/** The sequence tag of a frame, 0 when untagged. */
export const seqOf = (frame: Frame): number => frame.seq ?? SEQ_NONE;

/** The tag after `seq`: 1 … 255, then 1 again (0 is never used by a tagging host). */
export const nextSeq = (seq: number): number => (seq % SEQ_MAX) + 1;

/** The frame with tag `seq` (0 leaves it untagged). */
export function tagged(frame: Frame, seq: number): Frame {
  const { seq: _old, ...rest } = frame;
  return seq === SEQ_NONE ? rest : { ...rest, seq };
}

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
