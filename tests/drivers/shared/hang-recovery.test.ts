/**
 * A keyboard that hangs for a while, then answers again, on every family's link (our protocol's session, libhmk's
 * link, VIA's client): while it hangs a call fails with a timeout; once it is back the very next call that goes out
 * succeeds, within one timeout; and an answer that comes late, to a request that already timed out, is never taken
 * for the answer to a later one. Both with 150 ms timeouts and with each family's default. Fake timers: the bounds
 * are the configured timeouts, never a measured wall-clock time.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VirtualKeyboard } from '../../../src/firmware/index.ts';
import { createLibhmkSimulator, LIBHMK_SIM_IDS } from '../../../src/firmware/libhmk/index.ts';
import { createViaSimulator, KEYTUNE_VIA_65_IDS } from '../../../src/firmware/via/index.ts';
import { metadataArgs } from '../../../src/drivers/libhmk/codec.ts';
import { LibhmkLink } from '../../../src/drivers/libhmk/link.ts';
import { CMD } from '../../../src/drivers/libhmk/protocol.ts';
import { PROBE_INTERVAL_MAX_MS } from '../../../src/drivers/shared/silence.ts';
import { ViaClient } from '../../../src/drivers/via/client.ts';
import { VIA_CMD } from '../../../src/drivers/via/protocol.ts';
import { DeviceSession } from '../../../src/service/session.ts';
import { LoopbackTransport } from '../../../src/transport/loopback.ts';
import type { HangBacklog } from '../../../src/transport/types.ts';

// Everything runs on the fake clock from the start: a link set up on the real clock keeps its due times there.
beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

type Outcome = { ok: true; value: unknown; ms: number } | { ok: false; error: unknown; ms: number };

/** Runs the fake clock until `promise` settles, and answers its value (for the set-up steps). */
async function done<T>(promise: Promise<T>): Promise<T> {
  const out = await settle(promise, 10_000);
  if (!out) throw new Error('did not settle');
  if (!out.ok) throw out.error;
  return out.value as T;
}

/** Runs the fake clock, a millisecond at a time, until `promise` settles or `maxMs` have passed. */
async function settle(promise: Promise<unknown>, maxMs: number): Promise<Outcome | undefined> {
  const t0 = performance.now();
  let out: { ok: true; value: unknown } | { ok: false; error: unknown } | undefined;
  promise.then(
    (value: unknown) => (out = { ok: true, value }),
    (error: unknown) => (out = { ok: false, error }),
  );
  await vi.advanceTimersByTimeAsync(0);
  while (!out && performance.now() - t0 < maxMs) await vi.advanceTimersByTimeAsync(1);
  return out && { ...out, ms: performance.now() - t0 };
}

async function elapse(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

interface Family {
  name: string;
  defaultTimeoutMs: number;
  /** Opens the family's link on its simulator; `call` is one ordinary read, `epoch` the link's trust epoch. */
  open(
    timeoutMs: number | undefined,
  ): Promise<{ transport: LoopbackTransport; call(): Promise<unknown>; epoch(): number }>;
}

const keytune: Family = {
  name: 'our protocol',
  defaultTimeoutMs: 1500,
  async open(timeoutMs) {
    const kb = new VirtualKeyboard({ model: 'made68pro', fwVer: '1.3.7', serial: 'HANG0001', schedule: (fn) => fn() });
    const transport = new LoopbackTransport(kb);
    const session = new DeviceSession(transport, timeoutMs === undefined ? {} : { timeoutMs });
    await session.open();
    return { transport, call: () => session.readObject('settings'), epoch: () => session.trustEpoch };
  },
};

async function openLibhmkLink(timeoutMs: number) {
  const transport = new LoopbackTransport(createLibhmkSimulator(), { ...LIBHMK_SIM_IDS, reportBytes: 64 });
  await transport.open();
  const link = new LibhmkLink(transport, { replyTimeoutMs: timeoutMs });
  // What the driver reads first at open: the metadata's first piece tells its size.
  await link.request(CMD.getMetadata, metadataArgs(0));
  return { transport, link };
}

const libhmk: Family = {
  name: 'libhmk',
  defaultTimeoutMs: 1000, // the driver's DEFAULT_REPLY_TIMEOUT_MS
  async open(timeoutMs) {
    const { transport, link } = await openLibhmkLink(timeoutMs ?? 1000);
    return { transport, call: () => link.request(CMD.getProfile), epoch: () => link.trustEpoch };
  },
};

async function openViaClient(timeoutMs: number | undefined) {
  const transport = new LoopbackTransport(createViaSimulator(), { ...KEYTUNE_VIA_65_IDS, reportBytes: 32 });
  await transport.open();
  const client = new ViaClient(transport, timeoutMs === undefined ? {} : { replyTimeoutMs: timeoutMs });
  return { transport, client };
}

const via: Family = {
  name: 'VIA',
  defaultTimeoutMs: 500, // the client's DEFAULT_TIMEOUT_MS
  async open(timeoutMs) {
    const { transport, client } = await openViaClient(timeoutMs);
    return {
      transport,
      call: () => client.call({ command: VIA_CMD.getLayerCount, echo: 1, idempotent: true }),
      epoch: () => client.trustEpoch,
    };
  },
};

describe.each([keytune, libhmk, via])('$name: a keyboard that hangs, then answers again', (family) => {
  describe.each([
    ['150 ms timeouts', 150],
    ['the default timeouts', undefined],
  ] as const)('%s', (_, configured) => {
    const T = configured ?? family.defaultTimeoutMs;
    const probeMs = Math.min(T, PROBE_INTERVAL_MAX_MS);

    it.each(['lost', 'late'] as HangBacklog[])(
      'fails while it hangs; the first call after it is back succeeds within one timeout (requests %s)',
      async (backlog) => {
        const { transport, call, epoch } = await done(family.open(configured));
        // Longer than the attempts (and fence) of one call, which has failed before the keyboard is back; shorter
        // than the silent-device cutoff, which must not keep refusing calls once the keyboard is back.
        const hangMs = 2 * T + T / 5;
        const trusted = epoch();
        transport.hang(hangMs, backlog);
        const t0 = performance.now();
        const during = await settle(call(), hangMs);
        expect(during).toMatchObject({ ok: false, error: { reason: 'timeout' } });
        // What was read before the hang is to be read again before it is trusted.
        expect(epoch()).toBeGreaterThan(trusted);
        await elapse(hangMs - (performance.now() - t0));
        // Back: the link hears it at its next probe (or from the late answers), at the latest one probe later.
        await elapse(probeMs + 5);
        const after = await settle(call(), T);
        expect(after).toMatchObject({ ok: true });
        expect(after!.ms).toBeLessThan(T);
        // And it stays usable.
        expect(await settle(call(), T)).toMatchObject({ ok: true });
      },
    );
  });
});

describe('a late answer to a request that timed out is not taken for a later one', () => {
  const T = 150;

  it('our protocol: the sequence tag keeps the late answer of one read from another read', async () => {
    const kb = new VirtualKeyboard({ model: 'made68pro', fwVer: '1.3.7', serial: 'HANG0002', schedule: (fn) => fn() });
    const transport = new LoopbackTransport(kb);
    const session = new DeviceSession(transport, { timeoutMs: T, readRetries: 0 });
    await done(session.open());
    const first = await done(session.readObject('keymap', 0, 56));
    const second = await done(session.readObject('keymap', 56, 56));
    expect(second).not.toEqual(first);
    transport.hang(T + T / 2, 'late');
    expect(await settle(session.readObject('keymap', 0, 56), 2 * T)).toMatchObject({ ok: false });
    // Sent while it still hangs: the late answer to the first read arrives while this one waits.
    const out = await settle(session.readObject('keymap', 56, 56), 2 * T);
    expect(out).toMatchObject({ ok: true, value: second });
    expect(session.stats.discarded).toBeGreaterThan(0);
  });

  it('libhmk: a late keymap answer of layer 0 is not the answer to a read of layer 1', async () => {
    const { transport, link } = await done(openLibhmkLink(T));
    const codes = Array.from({ length: 20 }, (_, i) => 0x04 + i);
    await done(link.request(CMD.setKeymap, [0, 1, 0, codes.length, ...codes]));
    const layer0 = await done(link.request(CMD.getKeymap, [0, 0, 0]));
    const layer1 = await done(link.request(CMD.getKeymap, [0, 1, 0]));
    expect(layer1).not.toEqual(layer0);
    transport.hang(T + T / 2, 'late');
    expect(await settle(link.request(CMD.getKeymap, [0, 0, 0]), 2 * T)).toMatchObject({
      ok: false,
      error: { reason: 'timeout' },
    });
    const epoch = link.trustEpoch;
    const out = await settle(link.request(CMD.getKeymap, [0, 1, 0]), 2 * T);
    expect(out).toMatchObject({ ok: true, value: layer1 });
    expect(epoch).toBeGreaterThan(0);
  });

  it('VIA: a late answer to a read is not the answer to the same read sent after it', async () => {
    // The simulator, with the number of each answer in its last byte (outside what a key read echoes).
    const sim = createViaSimulator();
    let answered = 0;
    const counting = {
      receive: (r: Uint8Array) =>
        sim.receive(r).map((a) => {
          a[31] = ++answered;
          return a;
        }),
      onReport: (listener: (r: Uint8Array) => void) => sim.onReport(listener),
    };
    const transport = new LoopbackTransport(counting, { ...KEYTUNE_VIA_65_IDS, reportBytes: 32 });
    await done(transport.open());
    const client = new ViaClient(transport, { replyTimeoutMs: T });
    const read = () => client.call({ command: VIA_CMD.getKeycode, args: [0, 0, 0], echo: 4 });
    await done(read());
    transport.hang(T + T / 2, 'late');
    expect(await settle(read(), 2 * T)).toMatchObject({ ok: false, error: { reason: 'timeout' } });
    // Sent while it still hangs: the late answer to the first read arrives first, and echoes the same bytes.
    const out = await settle(read(), 2 * T);
    expect(out).toMatchObject({ ok: true });
    // The answer taken is the keyboard's answer to this read: the last one it gave.
    expect((out as { value: Uint8Array }).value[31]).toBe(answered);
  });

  it('VIA: a late answer to a key read is not the answer to the read after a lost write', async () => {
    const { transport, client } = await done(openViaClient(T));
    const read = () => client.call({ command: VIA_CMD.getKeycode, args: [0, 0, 0], echo: 4 });
    const before = await done(read());
    transport.hang(2 * T + T / 2, 'late');
    const lostRead = read();
    const lostWrite = client.call({ command: VIA_CMD.setKeycode, args: [0, 0, 0, 0x00, 0x1d], echo: 6 });
    expect(await settle(lostRead, 2 * T)).toMatchObject({ ok: false, error: { reason: 'timeout' } });
    expect(await settle(lostWrite, 2 * T)).toMatchObject({ ok: false, error: { reason: 'timeout' } });
    // Still hung: a read now must not come back with the answer of the read sent first.
    const meanwhile = await settle(read(), 2 * T);
    await elapse(2 * T);
    const held = await settle(read(), T);
    expect(held).toMatchObject({ ok: true });
    const truth = (held as { value: Uint8Array }).value;
    if (meanwhile?.ok) expect(meanwhile.value).toEqual(truth);
    expect(before.slice(0, 4)).toEqual(truth.slice(0, 4));
  });
});

describe.each([libhmk, via])('$name: a call at the very moment the keyboard is back', (family) => {
  it('asks the quiet keyboard at once and is sent, instead of failing until the next probe', async () => {
    const T = 150;
    const { transport, call } = await done(family.open(T));
    const hangMs = 2 * T + T / 5;
    transport.hang(hangMs, 'lost');
    const t0 = performance.now();
    expect(await settle(call(), hangMs)).toMatchObject({ ok: false, error: { reason: 'timeout' } });
    await elapse(hangMs - (performance.now() - t0));
    // Within the quiet time, and the probes sent during the hang were lost: no report has come since.
    const after = await settle(call(), 2 * T);
    expect(after).toMatchObject({ ok: true });
    expect(after!.ms).toBeLessThanOrEqual(Math.min(T, PROBE_INTERVAL_MAX_MS) + T);
  });
});
