/** Request bytes in, reply bytes out, against the virtual libhmk keyboard (no link in between). */
import { expect } from 'vitest';
import {
  createLibhmkSimulator,
  type LibhmkSimulator,
  type LibhmkSimulatorOptions,
} from '../../../src/firmware/libhmk/index.ts';

export function sim(options: LibhmkSimulatorOptions = {}): LibhmkSimulator {
  return createLibhmkSimulator({ calibrationMs: 0, ...options });
}

/** "81 00 01 05" → a 64-byte request. */
export function request(hex: string): Uint8Array {
  const bytes = hex
    .trim()
    .split(/\s+/)
    .map((b) => parseInt(b, 16));
  const out = new Uint8Array(64);
  out.set(bytes);
  return out;
}

export async function send(s: LibhmkSimulator, hex: string): Promise<Uint8Array | undefined> {
  const replies = await s.receive(request(hex));
  expect(replies.length).toBeLessThanOrEqual(1);
  if (replies[0]) expect(replies[0].length).toBe(64);
  return replies[0];
}

/**
 * Sends a request and checks the reply: its first bytes are `expected`, and every byte after the `written` ones is
 * what the previous reply left there (the firmware writes only its command's fields into one static buffer).
 */
export async function transcript(s: LibhmkSimulator, hex: string, expected: number[], written = expected.length) {
  const before = (await s.receive(request('00')))[0]!;
  const reply = (await send(s, hex))!;
  expect([...reply.subarray(0, expected.length)]).toEqual(expected);
  expect([...reply.subarray(written)]).toEqual([...before.subarray(written)]);
  return reply;
}

export const le16 = (v: number): number[] => [v & 0xff, v >> 8];
