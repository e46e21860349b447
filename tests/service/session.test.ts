import { describe, expect, it } from 'vitest';
import { CMD, SUB } from '../../src/protocol/commands.ts';
import { decodeFrame, encodeFrame, chunkFrames, isWrite } from '../../src/protocol/frame.ts';
import { DescriptorLayout, type Descriptor } from '../../src/protocol/objects.ts';
import { DeviceSession, SessionError } from '../../src/service/session.ts';
import { LoopbackTransport } from '../../src/transport/loopback.ts';
import type { ReportEndpoint } from '../../src/transport/types.ts';

const descriptor: Descriptor = {
  protocol: 1,
  modelId: 3,
  devType: 2,
  fw: [1, 3, 7],
  hw: [1, 0, 0],
  serial: 'TEST0001',
  keyCount: 68,
  layerCount: 4,
  themeCount: 4,
  dksCap: 16,
  shortcutCap: 16,
  macroCap: 16,
  snaptapCap: 8,
  hypertapCap: 8,
  macroMaxEvents: 80,
  dksSlots: 8,
  features: 0,
  accessMode: 0,
  battery: 255,
  releaseYear: 2026,
  releaseMonth: 1,
  releaseDay: 2,
  vendorId: 13495,
  productId: 0x1003,
};

/** A scripted device: serves the descriptor and a 200-byte keymap, and misbehaves on demand. */
function scriptedDevice() {
  const keymap = Uint8Array.from({ length: 200 }, (_, i) => i);
  const ctl = { dropNext: 0, corruptNext: 0, requests: 0, silent: false };
  const endpoint: ReportEndpoint = {
    receive(report) {
      const f = decodeFrame(report);
      ctl.requests++;
      if (ctl.silent) return [];
      if (ctl.dropNext > 0) {
        ctl.dropNext--;
        return [];
      }
      if (isWrite(f.sub)) return [encodeFrame({ cmd: f.cmd, sub: f.sub, offset: f.offset, data: new Uint8Array([0]) })];
      const object = f.cmd === CMD.system ? DescriptorLayout.encode(descriptor) : keymap;
      const want = f.data[0]! | (f.data[1]! << 8);
      const bytes = object.subarray(f.offset, want === 0xffff ? undefined : f.offset + want);
      const replies = chunkFrames(f.cmd, f.sub, f.offset, bytes).map(encodeFrame);
      if (ctl.corruptNext > 0) {
        ctl.corruptNext--;
        replies[1]![9]! ^= 0xff;
      }
      return replies;
    },
    onReport: () => () => undefined,
  };
  return { endpoint, ctl };
}

async function open(timeoutMs = 50) {
  const { endpoint, ctl } = scriptedDevice();
  const transport = new LoopbackTransport(endpoint);
  const session = new DeviceSession(transport, { timeoutMs, readRetries: 2 });
  await session.open();
  return { session, ctl, transport };
}

describe('device session', () => {
  it('performs the handshake and reads a streamed object', async () => {
    const { session } = await open();
    expect(session.descriptor?.serial).toBe('TEST0001');
    const bytes = await session.readObject('keymap', 0, 200);
    expect(Array.from(bytes)).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it('tries a read again after a lost reply and after a corrupted frame', async () => {
    const { session, ctl } = await open();
    ctl.dropNext = 1;
    expect((await session.readObject('keymap', 0, 200)).length).toBe(200);
    ctl.corruptNext = 1;
    expect((await session.readObject('keymap', 0, 200))[60]).toBe(60);
  });

  it('gives up after the bounded number of retries with a timeout error', async () => {
    const { session, ctl } = await open();
    ctl.silent = true;
    const before = ctl.requests;
    const error = await session.readObject('keymap', 0, 200).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionError);
    expect((error as SessionError).reason).toBe('timeout');
    expect(ctl.requests - before).toBe(3);
  });

  it('does not retry writes', async () => {
    const { session, ctl } = await open();
    ctl.silent = true;
    const before = ctl.requests;
    await expect(session.writeObject('keymap', 0, new Uint8Array(10))).rejects.toMatchObject({ reason: 'timeout' });
    expect(ctl.requests - before).toBe(1);
  });

  it('runs exchanges one at a time in call order', async () => {
    const { session } = await open();
    const order: number[] = [];
    await Promise.all([
      session.readObject('keymap', 0, 100).then(() => order.push(1)),
      session.command(CMD.keymap, SUB.keymap.resetLayer, new Uint8Array([0])).then(() => order.push(2)),
      session.readObject('keymap', 100, 100).then(() => order.push(3)),
    ]);
    expect(order).toEqual([1, 2, 3]);
  });

  it('rejects what is in flight and everything queued when the device goes away', async () => {
    const { session, ctl, transport } = await open(5000);
    ctl.silent = true;
    const inFlight = session.readObject('keymap', 0, 200);
    const queued = session.readObject('keymap', 0, 10);
    await new Promise((r) => setTimeout(r, 5));
    transport.disconnect();
    await expect(inFlight).rejects.toMatchObject({ reason: 'disconnected' });
    await expect(queued).rejects.toMatchObject({ reason: 'disconnected' });
    await expect(session.readObject('keymap')).rejects.toMatchObject({ reason: 'disconnected' });
  });

  it('surfaces a device error reply as a device refusal', async () => {
    const endpoint: ReportEndpoint = {
      receive: (report) => {
        const f = decodeFrame(report);
        if (f.cmd === CMD.system && !isWrite(f.sub))
          return chunkFrames(f.cmd, f.sub, 0, DescriptorLayout.encode(descriptor)).map(encodeFrame);
        return [encodeFrame({ cmd: CMD.error, sub: 0, offset: 0, data: new Uint8Array([5, f.cmd, f.sub]) })];
      },
      onReport: () => () => undefined,
    };
    const session = new DeviceSession(new LoopbackTransport(endpoint), { timeoutMs: 100 });
    await session.open();
    await expect(session.writeObject('keymap', 0, new Uint8Array(4))).rejects.toMatchObject({
      reason: 'device',
      deviceCode: 5,
    });
  });
});
