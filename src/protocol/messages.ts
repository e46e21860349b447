/**
 * Building requests and reading replies: the host side of the exchange, shared by the service and the tests.
 */
import { CMD, isSlotObject, MULTI_READ_MAX, MULTI_READ_REFUSED, READ_TO_END, SUB } from './commands.ts';
import { DEVICE_ERROR_NAMES, ProtocolError } from './errors.ts';
import { chunkFrames, hasMore, MAX_DATA, SUB_MORE, SUB_WRITE, type Frame } from './frame.ts';

/** A read request: data is the wanted length u16, then an optional selector. */
export function readRequest(cmd: number, sub: number, offset = 0, length = READ_TO_END): Frame {
  return { cmd, sub: sub & 0x3f, offset, data: new Uint8Array([length & 0xff, length >> 8]) };
}

/**
 * One request for several whole objects. The device answers with one stream (command system, sub-command multiRead)
 * of entries back to back: a u16 length then the object's bytes, or the length 0xFFFF for an object it lacks. Frames
 * are full up to the last one, so reading many small objects wastes no report space.
 */
export function multiReadRequest(objects: readonly { cmd: number; sub: number }[]): Frame {
  if (objects.length === 0 || objects.length > MULTI_READ_MAX)
    throw new ProtocolError('payload-value', `a multi-read names 1 to ${MULTI_READ_MAX} objects`);
  const data = new Uint8Array(1 + objects.length * 2);
  data[0] = objects.length;
  objects.forEach((o, i) => {
    data[1 + i * 2] = o.cmd;
    data[2 + i * 2] = o.sub & 0x3f;
  });
  return { cmd: CMD.system, sub: SUB.system.multiRead, offset: 0, data };
}

/**
 * Protocol 1.1: one request for several whole objects of theme slot `slot`, whichever slot is current; nothing
 * changes on the device. Data [slot, count, (cmd, sub) x count]: a multi-read with the slot in front. The device
 * answers with one stream (command system, sub-command slotRead) of entries exactly as a multi-read's. Only the
 * objects of a slot (SLOT_OBJECTS) may be named. A device of protocol 1 answers unknownCommand.
 */
export function slotReadRequest(slot: number, objects: readonly { cmd: number; sub: number }[]): Frame {
  if (!Number.isInteger(slot) || slot < 0 || slot > 0xff)
    throw new ProtocolError('payload-value', `theme slot ${slot} does not fit a byte`);
  const device = objects.find((o) => !isSlotObject(o.cmd, o.sub));
  if (device)
    throw new ProtocolError('payload-value', `object ${device.cmd}/${device.sub} belongs to the device, not to a slot`);
  const named = multiReadRequest(objects).data;
  const data = new Uint8Array(1 + named.length);
  data[0] = slot;
  data.set(named, 1);
  return { cmd: CMD.system, sub: SUB.system.slotRead, offset: 0, data };
}

/** A write: the payload streamed from `offset`, committed by the device when the last frame arrives. */
export function writeFrames(cmd: number, sub: number, offset: number, payload: Uint8Array): Frame[] {
  return chunkFrames(cmd, (sub & 0x3f) | SUB_WRITE, offset, payload);
}

/** A single-frame command whose data fits one report (masked writes, resets, firmware control). */
export function commandFrame(cmd: number, sub: number, data: Uint8Array, offset = 0): Frame {
  if (data.length > MAX_DATA) throw new ProtocolError('frame-length', 'command data exceeds one report');
  return { cmd, sub: ((sub & 0x3f) | SUB_WRITE) & ~SUB_MORE, offset, data };
}

export function errorFrame(code: number, cmd: number, sub: number): Frame {
  return { cmd: CMD.error, sub: 0, offset: 0, data: new Uint8Array([code, cmd, sub]) };
}

/** Opens a device-side transaction (docs/protocol.md §5.5); the frames tagged like it are staged until commit. */
export function transactionBegin(): Frame {
  return commandFrame(CMD.system, SUB.system.txBegin, new Uint8Array(0));
}

/** Applies the `count` writes and commands staged since begin, all or none. */
export function transactionCommit(count: number): Frame {
  return commandFrame(CMD.system, SUB.system.txCommit, new Uint8Array([count & 0xff, (count >> 8) & 0xff]));
}

/** Drops whatever a transaction staged; acknowledged even when none is open. */
export function transactionAbort(): Frame {
  return commandFrame(CMD.system, SUB.system.txAbort, new Uint8Array(0));
}

/** True when `reply` answers a request made with (cmd, sub): the same command and sub-command id, or an error. */
export function answers(reply: Frame, cmd: number, sub: number): boolean {
  if (reply.cmd === CMD.error) return reply.data[1] === cmd && ((reply.data[2] ?? 0) & 0xbf) === (sub & 0xbf);
  return reply.cmd === cmd && (reply.sub & 0xbf) === (sub & 0xbf);
}

export function throwIfError(reply: Frame): void {
  if (reply.cmd !== CMD.error) return;
  const code = reply.data[0] ?? 0;
  throw new ProtocolError(
    'device-error',
    `device refused the request: ${DEVICE_ERROR_NAMES[code] ?? `code ${code}`}`,
    code,
  );
}

/**
 * Reassembles the frames of one streamed read reply. Frames must arrive in offset order; the last one has no more bit.
 * Given the length the request asked for, a reply that ends shorter or runs longer is refused as malformed.
 */
export class ReplyAssembler {
  private readonly parts: Uint8Array[] = [];
  private nextOffset: number;
  private length = 0;
  done = false;

  constructor(
    private readonly startOffset: number,
    private readonly expectedLength?: number,
  ) {
    this.nextOffset = startOffset;
  }

  push(frame: Frame): void {
    throwIfError(frame);
    if (this.done) throw new ProtocolError('stream', 'frame after the end of the reply');
    if (frame.offset !== (this.nextOffset & 0xffff))
      throw new ProtocolError('stream', `reply frame at offset ${frame.offset}, expected ${this.nextOffset}`);
    const expected = this.expectedLength;
    if (expected !== undefined && this.length + frame.data.length > expected)
      throw new ProtocolError('payload-size', `reply runs past the ${expected} bytes asked for`);
    this.parts.push(frame.data);
    this.length += frame.data.length;
    this.nextOffset += frame.data.length;
    if (!hasMore(frame.sub)) {
      this.done = true;
      if (expected !== undefined && this.length !== expected)
        throw new ProtocolError('payload-size', `reply of ${this.length} bytes, ${expected} asked for`);
    }
  }

  bytes(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }

  get offset(): number {
    return this.startOffset;
  }
}

/**
 * Splits the reassembled answer of a multi-read (or of a slot read: the same entries) into one entry per requested
 * object (undefined when refused). With the `sizes` of the objects asked for, an entry of any other length (a refusal
 * aside) is refused as malformed.
 */
export function parseMultiRead(
  bytes: Uint8Array,
  count: number,
  sizes?: readonly (number | undefined)[],
): (Uint8Array | undefined)[] {
  const out: (Uint8Array | undefined)[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 2 > bytes.length) throw new ProtocolError('payload-size', `multi-read answer ends before entry ${i}`);
    const length = bytes[at]! | (bytes[at + 1]! << 8);
    at += 2;
    if (length === MULTI_READ_REFUSED) {
      out.push(undefined);
      continue;
    }
    const size = sizes?.[i];
    if (size !== undefined && length !== size)
      throw new ProtocolError('payload-size', `multi-read entry ${i} has ${length} bytes, the object has ${size}`);
    if (at + length > bytes.length) throw new ProtocolError('payload-size', `multi-read entry ${i} is cut short`);
    out.push(bytes.slice(at, at + length));
    at += length;
  }
  if (at !== bytes.length) throw new ProtocolError('payload-size', 'multi-read answer has trailing bytes');
  return out;
}
