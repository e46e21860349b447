/** A minimal host for the firmware tests: real 64-byte reports in and out, built with the protocol's own helpers. */
import { VirtualKeyboard, type VirtualKeyboardOptions } from '../../src/firmware/index.ts';
import { CMD, READ_TO_END } from '../../src/protocol/commands.ts';
import { DEVICE_ERROR_NAMES } from '../../src/protocol/errors.ts';
import { decodeFrame, encodeFrame, hasMore, type Frame } from '../../src/protocol/frame.ts';
import { commandFrame, readRequest, ReplyAssembler, writeFrames } from '../../src/protocol/messages.ts';
import { OBJECTS, type ObjectName } from '../../src/protocol/registry.ts';

export const syncScheduler = (fn: () => void): void => fn();

export function makeKeyboard(options: Partial<VirtualKeyboardOptions> = {}): VirtualKeyboard {
  return new VirtualKeyboard({
    model: 'made68pro',
    fwVer: '1.3.7',
    serial: 'TEST0001',
    schedule: syncScheduler,
    now: () => 1_000,
    ...options,
  });
}

export class Host {
  readonly notes: Frame[] = [];

  constructor(readonly kb: VirtualKeyboard) {
    kb.onReport((report) => this.notes.push(decodeFrame(report)));
  }

  send(frame: Frame): Frame[] {
    return this.kb.receive(encodeFrame(frame)).map(decodeFrame);
  }

  /** Sends every frame; answers all replies in order. */
  sendAll(frames: readonly Frame[]): Frame[] {
    return frames.flatMap((f) => this.send(f));
  }

  read(cmd: number, sub: number, offset = 0, length = READ_TO_END): Uint8Array {
    const replies = this.send(readRequest(cmd, sub, offset, length));
    const assembler = new ReplyAssembler(offset);
    for (const frame of replies) assembler.push(frame);
    if (!assembler.done) throw new Error('reply stream did not end');
    return assembler.bytes();
  }

  readObject(name: ObjectName, offset = 0, length = READ_TO_END): Uint8Array {
    const spec = OBJECTS[name];
    return this.read(spec.cmd, spec.sub, offset, length);
  }

  /** Streams a write and answers the one reply of its last frame (and nothing before it). */
  write(name: ObjectName, offset: number, payload: Uint8Array): Frame {
    const spec = OBJECTS[name];
    const replies = this.sendAll(writeFrames(spec.cmd, spec.sub, offset, payload));
    if (replies.length !== 1) throw new Error(`expected one reply, got ${replies.length}`);
    return replies[0]!;
  }

  command(cmd: number, sub: number, data: Uint8Array | readonly number[], offset = 0): Frame {
    const replies = this.send(commandFrame(cmd, sub, Uint8Array.from(data), offset));
    if (replies.length !== 1) throw new Error(`expected one reply, got ${replies.length}`);
    return replies[0]!;
  }

  notesOf(sub: number): Frame[] {
    return this.notes.filter((n) => n.cmd === CMD.notify && n.sub === sub);
  }
}

/** The error name of an error reply, or undefined for any other frame. */
export function errorName(frame: Frame | undefined): string | undefined {
  if (!frame || frame.cmd !== CMD.error) return undefined;
  return DEVICE_ERROR_NAMES[frame.data[0]!];
}

export function isLast(frame: Frame): boolean {
  return !hasMore(frame.sub);
}

export const text = (s: string): Uint8Array => new TextEncoder().encode(s);

/** Byte equality without a per-element diff (flash images are a few hundred kilobytes). */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.compare(a, b) === 0;
}
