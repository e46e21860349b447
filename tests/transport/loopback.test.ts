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
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const t = new LoopbackTransport(echo(20), {}, { jitterMs: 5, random });
    const got = collect(t);
    await t.open();
    await t.send(req(2));
    await until(() => got.length === 20);
    expect(got.map((g) => g.frame.offset)).toEqual([...Array(20).keys()]);
  });

  it('loses reports at the configured rate', async () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
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
