/**
 * A device that hangs on the loopback link: nothing it is sent meanwhile is answered until the hang is over; then the
 * held reports are answered in the order they were sent, one after another ('late'), or never ('lost'). A hang can
 * be armed on the n-th report like any other fault.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoopbackTransport } from '../../src/transport/loopback.ts';
import type { ReportEndpoint } from '../../src/transport/types.ts';

/**
 * Answers each report with its first byte and the number of reports answered before it, from one answer buffer
 * filled before an await (as libhmk's firmware does): a device handed two reports at once would answer both alike.
 */
function numbering(): ReportEndpoint {
  let answered = 0;
  const out = new Uint8Array(2);
  return {
    async receive(report) {
      out[0] = report[0]!;
      out[1] = answered++;
      await Promise.resolve();
      return [out.slice()];
    },
    onReport: () => () => undefined,
  };
}

async function rig() {
  const t = new LoopbackTransport(numbering(), { reportBytes: 1 });
  await t.open();
  const got: number[][] = [];
  t.onReport((r) => got.push([...r]));
  return { t, got };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('loopback: a hanging device', () => {
  it('answers what it was sent while it hung once it is back, in order', async () => {
    const { t, got } = await rig();
    t.hang(100);
    for (const b of [1, 2, 3]) await t.send(Uint8Array.of(b));
    await vi.advanceTimersByTimeAsync(99);
    expect(got).toEqual([]);
    await vi.advanceTimersByTimeAsync(2);
    expect(got).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
    ]);
    await t.send(Uint8Array.of(4));
    await vi.advanceTimersByTimeAsync(1);
    expect(got[3]).toEqual([4, 3]);
  });

  it('never answers what it was sent while it hung when the backlog is lost', async () => {
    const { t, got } = await rig();
    t.hang(50, 'lost');
    await t.send(Uint8Array.of(1));
    await vi.advanceTimersByTimeAsync(60);
    expect(got).toEqual([]);
    await t.send(Uint8Array.of(2));
    await vi.advanceTimersByTimeAsync(1);
    expect(got).toEqual([[2, 0]]);
  });

  it('a hang armed on the second report lets the first through and holds the second', async () => {
    const { t, got } = await rig();
    t.injectFault('toDevice', 2, { kind: 'hang', ms: 40 });
    await t.send(Uint8Array.of(1));
    await t.send(Uint8Array.of(2));
    await vi.advanceTimersByTimeAsync(1);
    expect(got).toEqual([[1, 0]]);
    await vi.advanceTimersByTimeAsync(40);
    expect(got).toEqual([
      [1, 0],
      [2, 1],
    ]);
  });
});
