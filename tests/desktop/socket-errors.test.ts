/**
 * Broken clients do not stop the bridge: a connection reset while the bridge answers a refused WebSocket upgrade or a
 * malformed HTTP request, and, with the token, WebSocket frames that break the protocol (invalid UTF-8, a length past
 * the limit, an unmasked frame, a reserved opcode, RSV1 without an extension). Each malformed frame closes that one
 * connection with the code RFC 6455 names; another client keeps working.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/contract/client.ts';
import { MAX_MESSAGE_BYTES } from '../../src/desktop/server.ts';
import { connectBridge } from '../../src/desktop/ws-client.ts';
import { raw, testBridge } from './helpers.ts';

type Bridge = Awaited<ReturnType<typeof testBridge>>;
let bridge: Bridge;
let port: number;
const crashes: unknown[] = [];
const onCrash = (e: unknown) => crashes.push(e);

beforeAll(async () => {
  bridge = await testBridge();
  port = bridge.server.port;
  process.on('uncaughtException', onCrash);
});
beforeEach(() => {
  crashes.length = 0;
});
afterAll(async () => {
  process.off('uncaughtException', onCrash);
  await bridge.close();
});

const opened = (): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => resolve(s));
    s.on('error', reject);
  });

/** The bridge still answers a client that follows the rules. */
async function stillServing(): Promise<void> {
  const socket = await connectBridge({ port, token: bridge.token });
  try {
    expect(await createClient(socket).getDevList()).toEqual([]);
  } finally {
    await socket.close();
  }
}

const upgrade = (token: string) =>
  `GET /bridge?token=${token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`;

describe('a client that resets its connection', () => {
  it('during a refused WebSocket upgrade does not crash the bridge', async () => {
    for (let i = 0; i < 40; i++) {
      const s = await opened();
      s.on('error', () => undefined);
      s.write(upgrade('wrong'));
      s.resetAndDestroy();
      if (i % 8 === 0) await new Promise((r) => setTimeout(r, 5));
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(crashes).toEqual([]);
    await stillServing();
  });

  it('during a malformed HTTP request or a refused request does not crash the bridge', async () => {
    for (let i = 0; i < 40; i++) {
      const s = await opened();
      s.on('error', () => undefined);
      s.write(i % 2 ? 'GARBAGE / HTTP/1.1\r\n\x00\r\n\r\n' : `GET /../x HTTP/1.1\r\nHost: evil:${port}\r\n\r\n`);
      s.resetAndDestroy();
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(crashes).toEqual([]);
    expect((await raw(port, { path: '/assets/app.js' })).status).toBe(200);
  });
});

/** After a valid upgrade: sends one frame and answers the code of the close frame the bridge sends back. */
async function closeCodeAfter(frame: Buffer): Promise<number> {
  const s = await opened();
  s.on('error', () => undefined);
  let buffer = Buffer.alloc(0);
  let upgraded = false;
  return new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no close frame')), 5000);
    s.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!upgraded) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        if (!buffer.subarray(0, end).toString().startsWith('HTTP/1.1 101')) return reject(new Error('not upgraded'));
        upgraded = true;
        buffer = buffer.subarray(end + 4);
        s.write(frame);
      }
      // Frames from the server: unmasked; look for the close frame (opcode 8).
      while (buffer.length >= 2) {
        let length = buffer[1]! & 0x7f;
        let at = 2;
        if (length === 126) [length, at] = [buffer.readUInt16BE(2), 4];
        else if (length === 127) [length, at] = [Number(buffer.readBigUInt64BE(2)), 10];
        if (buffer.length < at + length) return;
        const opcode = buffer[0]! & 0x0f;
        const payload = buffer.subarray(at, at + length);
        buffer = buffer.subarray(at + length);
        if (opcode === 8) {
          clearTimeout(timer);
          s.destroy();
          return resolve(payload.length >= 2 ? payload.readUInt16BE(0) : 1005);
        }
      }
    });
    s.write(upgrade(encodeURIComponent(bridge.token)));
  });
}

const MASK = Buffer.from([1, 2, 3, 4]);
const masked = (payload: Buffer) => Buffer.from(payload.map((b, i) => b ^ MASK[i % 4]!));
const frame = (first: number, payload: Buffer) =>
  Buffer.concat([Buffer.from([first, 0x80 | payload.length]), MASK, masked(payload)]);

describe('a WebSocket frame that breaks the protocol', () => {
  const cases: [string, () => Buffer, number][] = [
    ['text that is not UTF-8', () => frame(0x81, Buffer.from([0xc3, 0x28])), 1007],
    [
      'a length past the limit',
      () => {
        const head = Buffer.alloc(10);
        head[0] = 0x81;
        head[1] = 0x80 | 127;
        head.writeBigUInt64BE(BigInt(MAX_MESSAGE_BYTES + 1), 2);
        return Buffer.concat([head, MASK]);
      },
      1009,
    ],
    ['an unmasked frame', () => Buffer.concat([Buffer.from([0x81, 2]), Buffer.from('{}')]), 1002],
    ['a reserved opcode', () => frame(0x83, Buffer.from('{}')), 1002],
    ['RSV1 without an extension', () => frame(0xc1, Buffer.from('{}')), 1002],
  ];
  for (const [name, make, code] of cases)
    it(`(${name}) closes that connection with ${code}, and the bridge serves the next client`, async () => {
      expect(await closeCodeAfter(make())).toBe(code);
      await new Promise((r) => setTimeout(r, 50));
      expect(crashes).toEqual([]);
      await stillServing();
    });
});

describe('the largest message the bridge takes', () => {
  it('is enough for a firmware package of several images of the largest size a device holds', async () => {
    const image = Buffer.alloc(1 << 20, 0x5a).toString('base64');
    const mg = JSON.stringify(Array.from({ length: 5 }, (_, i) => ({ name: `part${i}.mg`, data: image })));
    const message = JSON.stringify({
      type: 'call',
      id: 1,
      channel: 'dev_info',
      func: 'run_other_func',
      args: ['--path', 'nowhere', '--cmd', 'flash', '--mg', mg],
    });
    expect(Buffer.byteLength(message)).toBeLessThan(MAX_MESSAGE_BYTES);
    expect(MAX_MESSAGE_BYTES).toBeLessThanOrEqual(8 * 1024 * 1024);
    // Sent for real: the bridge reads it and answers (no such device), it does not drop the connection.
    const socket = await connectBridge({ port, token: bridge.token });
    try {
      const answer = createClient(socket).runOtherFunc({
        path: 'nowhere',
        cmd: 'flash',
        mg: Array.from({ length: 5 }, (_, i) => ({ name: `part${i}.mg`, data: image })),
      });
      await expect(answer).rejects.toMatchObject({ toastKey: 'err.dev.not.found' });
    } finally {
      await socket.close();
    }
  });
});
