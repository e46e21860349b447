/**
 * A keyboard that hangs for a while, seen through the device service as the UI and the command line see it, on every
 * family's virtual keyboard: a call while it hangs is refused as "did not answer in time"; once it answers again, the
 * next call works and returns what the keyboard holds. Our protocol with 150 ms timeouts (the harness's), the other
 * families with their drivers' default timeouts (the service opens them with those). Real timers: the waits are
 * the configured timeouts plus one probe interval.
 */
import { describe, expect, it } from 'vitest';
import { PROBE_INTERVAL_MAX_MS } from '../../src/drivers/shared/silence.ts';
import type { HangBacklog } from '../../src/transport/types.ts';
import { makeHarness } from './harness.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

const FAMILIES = [
  { name: 'our protocol', model: 'Made68Pro', fw: '9.9.9', timeoutMs: 150, own: true },
  { name: 'libhmk', model: 'HE60 (libhmk)', fw: '1.7.0', timeoutMs: 1000, own: false },
  { name: 'VIA', model: 'Keytune VIA 65', fw: '12.0.0', timeoutMs: 500, own: false },
] as const;

describe.each(FAMILIES)('$name through the service: a keyboard that hangs, then answers again', (family) => {
  it.each(['lost', 'late'] as HangBacklog[])(
    'refuses a call while it hangs, and the next call after it is back works (requests %s)',
    async (backlog) => {
      const T = family.timeoutMs;
      const h = makeHarness(undefined, T);
      const path = await h.add(family.model, family.fw);
      const transport = family.own ? h.transportOf() : h.factory.familyMade[h.factory.familyMade.length - 1]!.transport;
      const read = () => h.service.call('dev_info', 'get_key_value_info', ['--path', path]);
      const before = await read();
      const hangMs = 2 * T + T / 5;
      const t0 = performance.now();
      transport.hang(hangMs, backlog);
      await expect(read()).rejects.toMatchObject({ toastKey: 'err.dev.timeout' });
      await sleep(hangMs - (performance.now() - t0) + Math.min(T, PROBE_INTERVAL_MAX_MS) + 30);
      const started = performance.now();
      expect(await read()).toEqual(before);
      expect(performance.now() - started).toBeLessThan(T);
    },
  );
});
