import { describe, expect, it } from 'vitest';
import { encodeFrame, decodeFrame } from '../../src/protocol/frame.ts';
import { LoopbackTransport } from '../../src/transport/loopback.ts';
import { TransportError, type ReportEndpoint } from '../../src/transport/types.ts';

/** Answers every report with `count` reports carrying the request's command and a sequence number. */
function echo(count = 1): ReportEndpoint & { notify(report: Uint8Array): void } {
  const listeners = new Set<(r: Uint8Array) => void>();
  return {
    receive(report) {
      const f = decodeFrame(report);
      return Array.from({ length: count }, (_, i) =>
        encodeFrame({ cmd: f.cmd, sub: f.sub, offset: i, data: new Uint8Array([i]) }),
      );
    },
    onReport(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    notify(report) {
      listeners.forEach((l) => l(report));
    },
  };
}

const req = (cmd: number) => encodeFrame({ cmd, sub: 1, offset: 0, data: new Uint8Array(0) });

function collect(t: LoopbackTransport) {
  const got: { at: number; frame: ReturnType<typeof decodeFrame> }[] = [];
  t.onReport((r) => got.push({ at: performance.now(), frame: decodeFrame(r) }));
  return got;
}

const until = async (cond: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 1));
  }
};

describe('loopback link', () => {
  it('delivers replies in order and streams several replies for one request', async () => {
    const t = new LoopbackTransport(echo(5));
    const got = collect(t);
    await t.open();
    await t.send(req(2));
    await until(() => got.length === 5);
    expect(got.map((g) => g.frame.offset)).toEqual([0, 1, 2, 3, 4]);
  });

  it('makes each report occupy the link for its interval, so 40 replies take about 40 ms', async () => {
    const t = new LoopbackTransport(echo(40), {}, { reportIntervalMs: 1 });
    const got = collect(t);
    await t.open();
    const t0 = performance.now();
    await t.send(req(2));
    await until(() => got.length === 40);
    const elapsed = performance.now() - t0;
    // One interval for the request, then one per reply; timers may run late, never early.
    expect(elapsed).toBeGreaterThanOrEqual(40);
  });

  it('adds latency to every report', async () => {
    const t = new LoopbackTransport(echo(1), {}, { latencyMs: 30 });
    const got = collect(t);
    await t.open();
    const t0 = performance.now();
    await t.send(req(2));
    await until(() => got.length === 1);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(59);
  });

  it('never reorders reports even with jitter', async () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const t = new LoopbackTransport(echo(20), {}, { jitterMs: 5, random });
    const got = collect(t);
    await t.open();
    await t.send(req(2));
    await until(() => got.length === 20);
    expect(got.map((g) => g.frame.offset)).toEqual([...Array(20).keys()]);
  });

  it('loses reports at the configured rate', async () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let arrived = 0;
    const ep = echo(0);
    const t = new LoopbackTransport(
      { receive: (r) => (arrived++, ep.receive(r)), onReport: ep.onReport },
      {},
      { loss: 0.3, random },
    );
    await t.open();
    for (let i = 0; i < 1000; i++) await t.send(req(2));
    await until(() => arrived > 0);
    await new Promise((r) => setTimeout(r, 20));
    expect(arrived).toBeGreaterThan(640);
    expect(arrived).toBeLessThan(760);
  });

  it('forwards unsolicited device reports', async () => {
    const ep = echo();
    const t = new LoopbackTransport(ep);
    const got = collect(t);
    await t.open();
    ep.notify(encodeFrame({ cmd: 8, sub: 5, offset: 0, data: new Uint8Array([1]) }));
    await until(() => got.length === 1);
    expect(got[0]!.frame.cmd).toBe(8);
  });

  it('on disconnect drops reports in flight, tells listeners, and refuses to send', async () => {
    const t = new LoopbackTransport(echo(3), {}, { latencyMs: 20 });
    const got = collect(t);
    let gone = 0;
    t.onDisconnect(() => gone++);
    await t.open();
    await t.send(req(2));
    t.disconnect();
    await new Promise((r) => setTimeout(r, 60));
    expect(got).toHaveLength(0);
    expect(gone).toBe(1);
    expect(t.connected).toBe(false);
    await expect(t.send(req(2))).rejects.toBeInstanceOf(TransportError);
  });

  it('refuses a report that is not 64 bytes', async () => {
    const t = new LoopbackTransport(echo());
    await t.open();
    await expect(t.send(new Uint8Array(10))).rejects.toThrow(/64 bytes/);
  });
});

describe('loopback faults', () => {
  /** An echo endpoint that records what reached the device and what it heard about the link. */
  function device(count = 3) {
    const ep = echo(count);
    const log = { received: [] as number[], linkResets: 0, powerCycles: 0 };
    const endpoint: ReportEndpoint = {
      receive: (r) => {
        log.received.push(decodeFrame(r).cmd);
        return ep.receive(r);
      },
      onReport: ep.onReport,
      linkReset: () => void log.linkResets++,
      powerCycle: () => void log.powerCycles++,
    };
    return { endpoint, log };
  }
  const settle = () => new Promise((r) => setTimeout(r, 5));

  it('drops the n-th report in either direction', async () => {
    const { endpoint, log } = device(3);
    const t = new LoopbackTransport(endpoint);
    const got = collect(t);
    await t.open();
    t.injectFault('toHost', 2, { kind: 'drop' });
    t.injectFault('toDevice', 2, { kind: 'drop' });
    await t.send(req(1));
    await t.send(req(2));
    await t.send(req(3));
    await settle();
    expect(log.received).toEqual([1, 3]);
    expect(got.map((g) => [g.frame.cmd, g.frame.offset])).toEqual([
      [1, 0],
      [1, 2],
      [3, 0],
      [3, 1],
      [3, 2],
    ]);
    expect(t.delivered).toEqual({ toDevice: 3, toHost: 6, any: 9 });
  });

  it('damages one byte of a report, by default its checksum', async () => {
    const t = new LoopbackTransport(echo(2));
    const raw: Uint8Array[] = [];
    t.onReport((r) => raw.push(r));
    await t.open();
    t.injectFault('toHost', 1, { kind: 'damage' });
    t.injectFault('toHost', 2, { kind: 'damage', byte: 3, xor: 0x01 });
    await t.send(req(2));
    await until(() => raw.length === 2);
    expect(() => decodeFrame(raw[0]!)).toThrow(/checksum/);
    // The tag byte is outside the checksum: the report still decodes, with another tag.
    expect(decodeFrame(raw[1]!).seq).toBe(1);
  });

  it('replaces a report by any number of others, and duplicates one', async () => {
    const t = new LoopbackTransport(echo(2));
    const got = collect(t);
    await t.open();
    t.injectFault('toHost', 1, {
      kind: 'replace',
      with: (r) => [r, encodeFrame({ cmd: 9, sub: 1, offset: 7, data: new Uint8Array(0) })],
    });
    t.injectFault('toHost', 2, { kind: 'duplicate' });
    await t.send(req(2));
    await until(() => got.length === 4);
    expect(got.map((g) => [g.frame.cmd, g.frame.offset])).toEqual([
      [2, 0],
      [9, 7],
      [2, 1],
      [2, 1],
    ]);
  });

  it('delivers a delayed report after the ones sent behind it', async () => {
    const t = new LoopbackTransport(echo(3));
    const got = collect(t);
    await t.open();
    t.injectFault('toHost', 1, { kind: 'delay', ms: 30 });
    const t0 = performance.now();
    await t.send(req(2));
    await until(() => got.length === 3);
    expect(got.map((g) => g.frame.offset)).toEqual([1, 2, 0]);
    expect(got[2]!.at - t0).toBeGreaterThanOrEqual(29);
  });

  it('counts reports of both directions in delivery order with "any"', async () => {
    const { endpoint, log } = device(2);
    const t = new LoopbackTransport(endpoint);
    const got = collect(t);
    await t.open();
    // Request 1, its replies 2 and 3, request 4: the fourth report on the link is lost.
    t.injectFault('any', 4, { kind: 'drop' });
    await t.send(req(1));
    await until(() => got.length === 2);
    await t.send(req(2));
    await settle();
    expect(log.received).toEqual([1]);
  });

  it.each([
    ['kept', 1, 0],
    ['lost', 0, 1],
  ] as const)('cuts the link at the n-th report with power %s', async (power, resets, cycles) => {
    const { endpoint, log } = device(3);
    const t = new LoopbackTransport(endpoint);
    const got = collect(t);
    let gone = 0;
    t.onDisconnect(() => gone++);
    await t.open();
    t.injectFault('toHost', 2, { kind: 'cut', power });
    await t.send(req(2));
    await settle();
    expect(got.map((g) => g.frame.offset)).toEqual([0]);
    expect([gone, log.linkResets, log.powerCycles]).toEqual([1, resets, cycles]);
    expect(t.connected).toBe(false);
    await expect(t.send(req(2))).rejects.toBeInstanceOf(TransportError);

    // Plugged back in, the link opens again and carries reports.
    t.reconnect();
    await t.open();
    await t.send(req(3));
    await until(() => got.length === 4);
    expect(got.slice(1).map((g) => g.frame.cmd)).toEqual([3, 3, 3]);
  });

  it('tells the device of a plain disconnect, and never hands a report delayed past a cut to the next connection', async () => {
    const { endpoint, log } = device(1);
    const t = new LoopbackTransport(endpoint);
    const got = collect(t);
    await t.open();
    t.injectFault('toHost', 1, { kind: 'delay', ms: 20 });
    await t.send(req(2));
    await settle();
    t.disconnect();
    expect(log.linkResets).toBe(1);
    t.reconnect();
    await t.open();
    await new Promise((r) => setTimeout(r, 40));
    expect(got).toHaveLength(0);
  });
});
