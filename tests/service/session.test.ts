import { describe, expect, it } from 'vitest';
import { CMD, SUB } from '../../src/protocol/commands.ts';
import { decodeFrame, encodeFrame, chunkFrames, isWrite, type Frame } from '../../src/protocol/frame.ts';
import { DescriptorLayout, DksRecordLayout, StatusLayout, type Descriptor } from '../../src/protocol/objects.ts';
import { VirtualKeyboard } from '../../src/firmware/index.ts';
import { keyMask } from '../../src/protocol/commands.ts';
import { DeviceSession, SessionError, type AtomicOp } from '../../src/service/session.ts';
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
  const ctl = { dropNext: 0, corruptNext: 0, requests: 0, silent: false, tags: [] as number[], versioned: false };
  const endpoint: ReportEndpoint = {
    receive(report) {
      const f = decodeFrame(report);
      ctl.requests++;
      ctl.tags.push(f.seq ?? 0);
      // Versioned: byte 0 of the key map counts the reads, so a stale answer is told from a fresh one.
      if (ctl.versioned && f.cmd === CMD.keymap && !isWrite(f.sub)) keymap[0] = (keymap[0]! + 1) & 0xff;
      if (ctl.silent) return [];
      if (ctl.dropNext > 0) {
        ctl.dropNext--;
        return [];
      }
      // Every frame of an answer carries the request's tag.
      const reply = (frame: Frame) => encodeFrame({ ...frame, seq: f.seq });
      if (isWrite(f.sub)) {
        const ack = f.sub === (SUB.keymap.keymap | 0x80) ? [0, f.data.length, 0] : [0];
        return [reply({ cmd: f.cmd, sub: f.sub, offset: f.offset, data: new Uint8Array(ack) })];
      }
      const object = f.cmd === CMD.system ? DescriptorLayout.encode(descriptor) : keymap;
      const want = f.data[0]! | (f.data[1]! << 8);
      const bytes = object.subarray(f.offset, want === 0xffff ? undefined : f.offset + want);
      const replies = chunkFrames(f.cmd, f.sub, f.offset, bytes).map(reply);
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

async function open(timeoutMs = 50, readRetries = 2) {
  const { endpoint, ctl } = scriptedDevice();
  const transport = new LoopbackTransport(endpoint);
  const session = new DeviceSession(transport, { timeoutMs, readRetries });
  await session.open();
  return { session, ctl, transport };
}

const settled = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof SessionError ? e.reason : String(e)),
  );

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

  it('gives up with a timeout error once the retry, the probe, got no answer either', async () => {
    const { session, ctl } = await open();
    ctl.silent = true;
    const before = ctl.requests;
    const error = await session.readObject('keymap', 0, 200).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionError);
    expect((error as SessionError).reason).toBe('timeout');
    expect(ctl.requests - before).toBe(2);
  });

  it('uses every retry on malformed answers while the device still answers', async () => {
    const { session, ctl } = await open();
    ctl.corruptNext = 2;
    const before = ctl.requests;
    expect((await session.readObject('keymap', 0, 200))[60]).toBe(60);
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
          return chunkFrames(f.cmd, f.sub, 0, DescriptorLayout.encode(descriptor)).map((r) =>
            encodeFrame({ ...r, seq: f.seq }),
          );
        return [
          encodeFrame({ cmd: CMD.error, sub: 0, offset: 0, seq: f.seq, data: new Uint8Array([5, f.cmd, f.sub]) }),
        ];
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

describe('matching answers by sequence tag', () => {
  it('tags each exchange with a new tag, 1 to 255 and round again, never 0', async () => {
    const { session, ctl } = await open();
    for (let i = 0; i < 300; i++) await session.command(CMD.keymap, SUB.keymap.resetLayer, new Uint8Array([0]));
    expect(ctl.tags[0]).toBe(1);
    expect(ctl.tags).not.toContain(0);
    expect(ctl.tags.slice(254, 257)).toEqual([255, 1, 2]);
    for (let i = 1; i < ctl.tags.length; i++) expect(ctl.tags[i]).not.toBe(ctl.tags[i - 1]);
  });

  it('tries a read again under a new tag', async () => {
    const { session, ctl } = await open();
    ctl.dropNext = 1;
    const from = ctl.tags.length;
    await session.readObject('keymap', 0, 200);
    const [first, retry] = ctl.tags.slice(from);
    expect(retry).not.toBe(first);
  });

  it('never lets a late answer complete a later request, even one asking for the same bytes', async () => {
    const { session, ctl, transport } = await open(80, 0);
    ctl.versioned = true;
    // The first read's answer arrives after its timeout, while the second read waits for its own (slow) answer.
    transport.injectFault('toHost', 1, { kind: 'delay', ms: 110 });
    transport.injectFault('toHost', 2, { kind: 'delay', ms: 60 });
    await expect(session.readObject('keymap', 0, 10)).rejects.toMatchObject({ reason: 'timeout' });
    const bytes = await session.readObject('keymap', 0, 10);
    expect(bytes[0]).toBe(2);
    expect(session.stats.discarded).toBe(1);
  });

  it('drops and counts frames of another tag and untagged frames that are no notification', async () => {
    const { session, transport } = await open();
    const stray = (seq?: number) => encodeFrame({ cmd: CMD.keymap, sub: 1, offset: 0, data: new Uint8Array(4), seq });
    transport.injectFault('toHost', 1, { kind: 'replace', with: (r) => [stray(200), stray(), r] });
    const sent = session.stats.reportsSent;
    const bytes = await session.readObject('keymap', 0, 40);
    expect(bytes[1]).toBe(1);
    expect(session.stats.discarded).toBe(2);
    // The answer itself was taken at once: the stray frames did not spoil it.
    expect(session.stats.reportsSent - sent).toBe(1);
  });

  it('refuses an answer with its tag but another command, and reads again', async () => {
    const { session, ctl, transport } = await open();
    transport.injectFault('toHost', 1, {
      kind: 'replace',
      with: (r) => {
        r[0] = CMD.keyColour;
        return [r];
      },
    });
    const before = ctl.requests;
    expect((await session.readObject('keymap', 0, 40))[39]).toBe(39);
    expect(ctl.requests - before).toBe(2);
  });

  it('refuses a read answered with one byte less than asked for, and reads again', async () => {
    const { session, ctl, transport } = await open();
    transport.injectFault('toHost', 2, {
      kind: 'replace',
      with: (r) => {
        const f = decodeFrame(r);
        return [encodeFrame({ ...f, data: f.data.subarray(0, f.data.length - 1) })];
      },
    });
    const before = ctl.requests;
    const bytes = await session.readObject('keymap', 0, 100);
    expect(bytes.length).toBe(100);
    expect(ctl.requests - before).toBe(2);
  });
});

describe('trust epoch', () => {
  it('moves on opening, on a timeout and on a malformed answer, not on a refusal or a success', async () => {
    const { session, ctl } = await open(30, 0);
    const opened = session.trustEpoch;
    expect(opened).toBeGreaterThan(0);
    await session.readObject('keymap', 0, 10);
    expect(session.trustEpoch).toBe(opened);
    ctl.dropNext = 1;
    await expect(session.readObject('keymap', 0, 10)).rejects.toMatchObject({ reason: 'timeout' });
    expect(session.trustEpoch).toBe(opened + 1);
    ctl.corruptNext = 1;
    await expect(session.readObject('keymap', 0, 100)).rejects.toMatchObject({ reason: 'reply' });
    expect(session.trustEpoch).toBe(opened + 2);
  });

  it('stays on a refusal: the device answered, nothing changed', async () => {
    const endpoint: ReportEndpoint = {
      receive: (report) => {
        const f = decodeFrame(report);
        if (f.cmd === CMD.system && !isWrite(f.sub))
          return chunkFrames(f.cmd, f.sub, 0, DescriptorLayout.encode(descriptor)).map((r) =>
            encodeFrame({ ...r, seq: f.seq }),
          );
        return [
          encodeFrame({ cmd: CMD.error, sub: 0, offset: 0, seq: f.seq, data: new Uint8Array([5, f.cmd, f.sub]) }),
        ];
      },
      onReport: () => () => undefined,
    };
    const session = new DeviceSession(new LoopbackTransport(endpoint), { timeoutMs: 100 });
    await session.open();
    const epoch = session.trustEpoch;
    await expect(session.writeObject('keymap', 0, new Uint8Array(4))).rejects.toMatchObject({ reason: 'device' });
    expect(session.trustEpoch).toBe(epoch);
  });
});

describe('a keyboard that stops answering', () => {
  const T = 100;

  it.each([
    ['a read', 0],
    ['a write', 1],
  ])('fails ten queued calls within one timeout budget of the first failure (%s first)', async (_, firstIsWrite) => {
    const { session, transport } = await open(T);
    transport.setLink({ loss: 1 });
    const t0 = performance.now();
    const calls = Array.from({ length: 10 }, (_, i) =>
      (i === 0 && firstIsWrite) || i % 3 === 2
        ? session.writeObject('keymap', i, new Uint8Array([i]))
        : i % 3 === 1
          ? session.command(CMD.keymap, SUB.keymap.resetLayer, new Uint8Array([0]))
          : session.readObject('keymap', 0, 100),
    );
    const outcomes = await Promise.all(calls.map(settled));
    const elapsed = performance.now() - t0;
    expect(outcomes).toEqual(Array.from({ length: 10 }, () => 'timeout'));
    // The first failure comes after T; the probe after it takes at most one more T; then everything fails at once.
    expect(elapsed).toBeGreaterThanOrEqual(2 * T - 5);
    expect(elapsed).toBeLessThan(3 * T);

    // The link comes back: once the quiet time is over (one budget, 3 T, from the first timeout), the next call is
    // sent again and works.
    transport.setLink({ loss: 0 });
    await new Promise((resolve) => setTimeout(resolve, 3 * T));
    expect((await session.readObject('keymap', 0, 10)).length).toBe(10);
    expect(session.isOpen).toBe(true);
  });

  it('keeps retrying reads as usual while the device answers between losses', async () => {
    const { session, ctl } = await open(40);
    for (let i = 0; i < 3; i++) {
      ctl.dropNext = 1;
      expect((await session.readObject('keymap', 0, 10)).length).toBe(10);
    }
  });

  it('after a call that found the device silent, fails the next one after one more timeout if it is still silent', async () => {
    const { session, transport } = await open(150);
    transport.setLink({ loss: 1 });
    await expect(session.readObject('keymap', 0, 10)).rejects.toMatchObject({ reason: 'timeout' });
    const t0 = performance.now();
    await expect(session.readObject('keymap', 0, 10)).rejects.toMatchObject({ reason: 'timeout' });
    expect(performance.now() - t0).toBeLessThan(300);
  });
});

describe('atomic writes and multi-reads against the reference firmware', () => {
  async function firmware(timeoutMs = 60) {
    const kb = new VirtualKeyboard({ model: 'made68pro', fwVer: '1.3.7', serial: 'ATOMIC01', schedule: (fn) => fn() });
    const transport = new LoopbackTransport(kb);
    const session = new DeviceSession(transport, { timeoutMs, readRetries: 2 });
    await session.open();
    const requests: Frame[] = [];
    const receive = kb.receive.bind(kb);
    kb.receive = (r: Uint8Array) => {
      requests.push(decodeFrame(r));
      return receive(r);
    };
    return { kb, transport, session, requests };
  }
  const dks = DksRecordLayout.encode({
    ...{ used: 1, topLevel: 60, bottomLevel: 280, tickType: 0, tickMin: 0, tickMax: 0, name: 'Jump' },
    rows: Array.from({ length: 8 }, (_, i) => ({ code: i ? 0 : 0x2c, stages: i ? [0, 0, 0, 0] : [0x81, 0, 0, 0] })),
  });
  const ops: AtomicOp[] = [
    { kind: 'object', name: 'dks', offset: 72 * 3, bytes: dks },
    { kind: 'command', cmd: CMD.keymap, sub: SUB.keymap.setKeys, data: Uint8Array.of(0, 3, 0x80, ...keyMask([7])) },
  ];

  it('sends begin, every op and the commit as one exchange under one tag, and applies them together', async () => {
    const { kb, session, requests } = await firmware();
    await session.writeAtomic(ops);
    const tags = new Set(requests.map((f) => f.seq));
    expect(tags.size).toBe(1);
    expect(requests.map((f) => [f.cmd, f.sub & 0x3f])).toEqual([
      [CMD.system, SUB.system.txBegin],
      [CMD.advanced, SUB.advanced.dks],
      [CMD.advanced, SUB.advanced.dks],
      [CMD.keymap, SUB.keymap.setKeys],
      [CMD.system, SUB.system.txCommit],
    ]);
    const profile = kb.inspect().state.profiles[0]!;
    expect(profile.dks[3]!.name).toBe('Jump');
    expect(profile.keymap[0]![7]).toBe(0x8003);
  });

  it('lets nothing else interleave with a transaction', async () => {
    const { session, requests } = await firmware();
    await Promise.all([
      session.readObject('settings'),
      session.writeAtomic(ops),
      session.readObject('status'),
      session.writeAtomic(ops),
    ]);
    const kinds = requests.map((f) => `${f.cmd}/${f.sub & 0x3f}`);
    expect(kinds).toEqual([
      '1/5',
      ...['1/9', '4/2', '4/2', '2/2', '1/10'],
      '1/2',
      ...['1/9', '4/2', '4/2', '2/2', '1/10'],
    ]);
  });

  it('on a refused op, aborts and changes nothing; trust stays', async () => {
    const { kb, session, requests } = await firmware();
    const before = kb.serialize();
    const epoch = session.trustEpoch;
    const bad: AtomicOp = { kind: 'object', name: 'settings', offset: 2, bytes: Uint8Array.of(0) };
    await expect(session.writeAtomic([...ops, bad])).rejects.toMatchObject({ reason: 'device' });
    expect(Buffer.compare(kb.serialize(), before)).toBe(0);
    expect(session.trustEpoch).toBe(epoch);
    await new Promise((r) => setTimeout(r, 5));
    expect(requests[requests.length - 1]).toMatchObject({ cmd: CMD.system, sub: SUB.system.txAbort | 0x80 });
  });

  it('when the commit ack is lost, fails with a timeout, moves trust, and the device holds the new state', async () => {
    const { kb, transport, session } = await firmware();
    const epoch = session.trustEpoch;
    // The commit's ack is lost (the flash-sync notifications around it are not).
    const isCommitAck = (r: Uint8Array) => r[0] === CMD.system && r[1] === (SUB.system.txCommit | 0x80);
    for (let n = 1; n <= 8; n++)
      transport.injectFault('toHost', n, { kind: 'replace', with: (r) => (isCommitAck(r) ? [] : [r]) });
    await expect(session.writeAtomic(ops)).rejects.toMatchObject({ reason: 'timeout' });
    expect(session.trustEpoch).toBeGreaterThan(epoch);
    expect(kb.inspect().state.profiles[0]!.keymap[0]![7]).toBe(0x8003);
    expect(kb.inspect().transaction).toBeUndefined();
  });

  it('when an op is lost, fails, and the device drops the transaction', async () => {
    const { kb, transport, session } = await firmware();
    const before = kb.serialize();
    transport.injectFault('toDevice', 3, { kind: 'drop' });
    await expect(session.writeAtomic(ops)).rejects.toMatchObject({ reason: 'timeout' });
    await new Promise((r) => setTimeout(r, 5));
    expect(kb.inspect().transaction).toBeUndefined();
    expect(Buffer.compare(kb.serialize(), before)).toBe(0);
    // The next write works.
    await session.writeAtomic(ops);
    expect(kb.inspect().state.profiles[0]!.keymap[0]![7]).toBe(0x8003);
  });

  it('refuses a multi-read whose entries do not have the sizes of the objects asked, and reads again', async () => {
    const { transport, session } = await firmware();
    // The first answer names the settings (5 bytes) and the status in the wrong order.
    transport.injectFault('toHost', 1, {
      kind: 'replace',
      with: (r) => {
        const f = decodeFrame(r);
        const status = f.data.subarray(9, 9 + StatusLayout.size);
        const settings = f.data.subarray(2, 7);
        const data = Uint8Array.of(StatusLayout.size, 0, ...status, 5, 0, ...settings);
        return [encodeFrame({ ...f, data })];
      },
    });
    const got = await session.readMany(['settings', 'status']);
    expect(got.get('settings')!.length).toBe(5);
    expect(got.get('status')!.length).toBe(StatusLayout.size);
    expect(session.stats.reportsSent).toBe(3);
  });
});
