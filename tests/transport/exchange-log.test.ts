/**
 * The exchange log under a transport: it records both directions without replacing the transport object, keeps the
 * newest 500, records a link that refuses to send as such, and puts a failure's mark on the report it concerns.
 */
import { describe, expect, it } from 'vitest';
import { encodeFrame } from '../../src/protocol/frame.ts';
import { ExchangeLog, RingBuffer, tapTransport } from '../../src/transport/exchange-log.ts';
import { LoopbackTransport } from '../../src/transport/loopback.ts';
import type { ReportEndpoint } from '../../src/transport/types.ts';

/** Answers every report with itself, or with nothing while `silent`. */
function echo(): ReportEndpoint & { silent: boolean } {
  const device: ReportEndpoint & { silent: boolean } = {
    silent: false,
    receive: (report) => (device.silent ? [] : [report]),
    onReport: () => () => undefined,
  };
  return device;
}

const report = (cmd: number) => encodeFrame({ cmd, sub: 1, offset: 0, data: new Uint8Array(0) });
const settle = () => new Promise((done) => setTimeout(done, 5));

describe('tapTransport', () => {
  it('records what goes both ways on the same object, once however often it is tapped', async () => {
    const device = echo();
    const link = new LoopbackTransport(device);
    const log = tapTransport(link);
    expect(tapTransport(link, new ExchangeLog())).toBe(log);
    expect(link).toBeInstanceOf(LoopbackTransport);
    await link.open();
    await link.send(report(1));
    await settle();
    const [sent, received] = log.entries();
    expect(log.entries()).toHaveLength(2);
    expect(sent).toMatchObject({ direction: 'sent', outcome: 'ok' });
    expect(received).toMatchObject({ direction: 'received', outcome: 'ok' });
    expect([...received!.bytes]).toEqual([...report(1)]);
    expect(received!.t).toBeGreaterThanOrEqual(sent!.t);
  });

  it('marks a report the link could not send', async () => {
    const link = new LoopbackTransport(echo());
    const log = tapTransport(link);
    await expect(link.send(report(2))).rejects.toThrow();
    expect(log.entries()).toEqual([expect.objectContaining({ direction: 'sent', outcome: 'failed' })]);
  });

  it('marks the sent report nothing answered, not a later one that was answered', async () => {
    const device = echo();
    const link = new LoopbackTransport(device);
    const log = tapTransport(link);
    await link.open();
    const since = log.now();
    device.silent = true;
    await link.send(report(3));
    await settle();
    device.silent = false;
    await link.send(report(4));
    await settle();
    log.mark('timeout', since, 'sent', 'no answer');
    expect(log.entries().map((e) => [e.bytes[0], e.direction, e.outcome])).toEqual([
      [3, 'sent', 'timeout'],
      [4, 'sent', 'ok'],
      [4, 'received', 'ok'],
    ]);
    log.mark('refused', since, 'received', 'refused');
    expect(log.entries().at(-1)).toMatchObject({ outcome: 'refused', note: 'refused' });
    // Nothing after `since`: a mark of its own, without bytes.
    log.mark('disconnected', log.now() + 1, 'sent', 'gone');
    expect(log.entries().at(-1)).toMatchObject({ direction: 'none', outcome: 'disconnected' });
    expect(log.entries().at(-1)!.bytes).toHaveLength(0);
  });
});

describe('the ring of exchanges', () => {
  it('keeps the newest, oldest first', () => {
    const ring = new RingBuffer<number>(500);
    for (let i = 0; i < 1234; i++) ring.push(i);
    const kept = ring.toArray();
    expect(kept).toHaveLength(500);
    expect(kept[0]).toBe(734);
    expect(kept.at(-1)).toBe(1233);
    expect([...ring.newestFirst()].slice(0, 2)).toEqual([1233, 1232]);
  });
});
