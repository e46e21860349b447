/**
 * A keyboard that stops answering costs one timeout budget, not one timeout per call: the service runs a device's
 * calls one after another, so each reaches the session only when the one before it has failed. Every call queued
 * behind the first must fail within one budget (timeout x (1 + read retries)) of the first timeout. Fake timers: the
 * bound is the configured budget itself, never a measured wall-clock time.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeCallError } from '../../src/contract/bridge.ts';
import { LINK_PRESETS } from '../../src/transport/types.ts';
import { makeHarness } from './harness.ts';

const TIMEOUT_MS = 150;
const READ_RETRIES = 2; // what makeHarness gives every session
const BUDGET_MS = TIMEOUT_MS * (1 + READ_RETRIES);

afterEach(() => {
  vi.useRealTimers();
});

/** Calls of several areas that all need the keyboard: reads of objects never read before, and writes. */
function callsOn(h: ReturnType<typeof makeHarness>, path: string): (() => Promise<unknown>)[] {
  const call =
    (func: string, args: string[] = []) =>
    () =>
      h.service.call('dev_info', func, ['--path', path, ...args]);
  return [
    call('get_theme_info'),
    call('get_key_value_info'),
    call('get_key_perf_info'),
    call('set_key_info', ['--index', '0', '--select', '[1]', '--code', '4']),
    call('get_setting_data'),
    call('set_setting_info', ['--use_sleep', '1', '--sleep_time', '17']),
    call('get_key_color_info'),
  ];
}

describe('a keyboard that stops answering, with calls queued in the service', () => {
  it('fails every queued call within one timeout budget of the first timeout', async () => {
    const h = makeHarness(LINK_PRESETS.instant, TIMEOUT_MS);
    const path = await h.add('Made68Pro');
    vi.useFakeTimers();
    h.transportOf().setLink({ loss: 1 });
    const t0 = performance.now();
    const settled: { at: number; key: string }[] = [];
    const calls = callsOn(h, path).map((run) =>
      run().then(
        () => settled.push({ at: performance.now() - t0, key: 'ok' }),
        (e: unknown) =>
          settled.push({ at: performance.now() - t0, key: e instanceof BridgeCallError ? e.toastKey : String(e) }),
      ),
    );
    await vi.advanceTimersByTimeAsync(calls.length * BUDGET_MS);
    await Promise.all(calls);
    console.log(`silent keyboard: ${settled.map((s) => `${s.key}@${s.at}ms`).join(', ')}`);
    expect(settled.map((s) => s.key)).toEqual(calls.map(() => 'err.dev.timeout'));
    // The first exchange times out after one timeout; from there, everything has failed within one budget.
    const firstTimeout = TIMEOUT_MS;
    for (const s of settled) expect(s.at).toBeLessThanOrEqual(firstTimeout + BUDGET_MS);
  });

  it('sends nothing during the quiet time, and once it is over, calls are sent again and work', async () => {
    const T = 150;
    const h = makeHarness(LINK_PRESETS.instant, T);
    const path = await h.add('Made68Pro');
    const transport = h.transportOf();
    transport.setLink({ loss: 1 });
    await Promise.all(callsOn(h, path).map((run) => run().catch(() => undefined)));
    // Still within one budget of the first timeout: the call fails at once, and nothing goes to the keyboard.
    transport.setLink({ loss: 0 });
    const sent = transport.delivered.toDevice;
    await expect(h.service.call('dev_info', 'get_theme_info', ['--path', path])).rejects.toMatchObject({
      toastKey: 'err.dev.timeout',
    });
    expect(transport.delivered.toDevice).toBe(sent);
    await new Promise((resolve) => setTimeout(resolve, T * (1 + READ_RETRIES)));
    await expect(h.service.call('dev_info', 'get_theme_info', ['--path', path])).resolves.toMatchObject({ path });
  });
});
