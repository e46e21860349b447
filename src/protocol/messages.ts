/**
 * Building requests and reading replies: the host side of the exchange, shared by the service and the tests.
 */
import { CMD, READ_TO_END } from './commands.ts';
import { DEVICE_ERROR_NAMES, ProtocolError } from './errors.ts';
import { chunkFrames, hasMore, MAX_DATA, SUB_MORE, SUB_WRITE, type Frame } from './frame.ts';

/** A read request: data is the wanted length u16, then an optional selector. */
export function readRequest(cmd: number, sub: number, offset = 0, length = READ_TO_END): Frame {
  return { cmd, sub: sub & 0x3f, offset, data: new Uint8Array([length & 0xff, length >> 8]) };
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
 */
export class ReplyAssembler {
  private readonly parts: Uint8Array[] = [];
  private nextOffset: number;
  private length = 0;
  done = false;

  constructor(private readonly startOffset: number) {
    this.nextOffset = startOffset;
  }

  push(frame: Frame): void {
    throwIfError(frame);
    if (this.done) throw new ProtocolError('stream', 'frame after the end of the reply');
    if (frame.offset !== (this.nextOffset & 0xffff))
      throw new ProtocolError('stream', `reply frame at offset ${frame.offset}, expected ${this.nextOffset}`);
    this.parts.push(frame.data);
    this.length += frame.data.length;
    this.nextOffset += frame.data.length;
    if (!hasMore(frame.sub)) this.done = true;
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
