/**
 * What every port of an open VIA keyboard shares: the conversation, the protocol version and the sizes the
 * keyboard told at open, and the buffer commands (keymap 0x12/0x13, macros 0x0E/0x0F share one layout:
 * [command, offset high, offset low, size, data…], the data from byte 4).
 */
import type { ViaClient } from './client.ts';
import { u16be, VIA_CHUNK_BYTES } from './protocol.ts';

export interface ViaSession {
  client: ViaClient;
  protocol: number;
  layers: number;
  macroCount: number;
  macroBufferBytes: number;
}

export interface ViaMatrix {
  rows: number;
  cols: number;
}

/** Reads `size` bytes from `offset` in 28-byte pieces. */
export async function readBuffer(
  session: ViaSession,
  command: number,
  offset: number,
  size: number,
): Promise<number[]> {
  const out: number[] = [];
  for (let at = offset; at < offset + size; at += VIA_CHUNK_BYTES) {
    const n = Math.min(VIA_CHUNK_BYTES, offset + size - at);
    const reply = await session.client.call({ command, args: [...u16be(at), n], echo: 4, idempotent: true });
    out.push(...reply.slice(4, 4 + n));
  }
  return out;
}

/** Writes bytes at `offset` in 28-byte pieces, in order. */
export async function writeBuffer(
  session: ViaSession,
  command: number,
  offset: number,
  data: readonly number[],
): Promise<void> {
  for (let i = 0; i < data.length; i += VIA_CHUNK_BYTES) {
    const piece = data.slice(i, i + VIA_CHUNK_BYTES);
    await session.client.call({
      command,
      args: [...u16be(offset + i), piece.length, ...piece],
      echo: 4 + piece.length,
    });
  }
}
