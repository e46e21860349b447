/**
 * Fuzz of the keytune family through the device service: every call of the contract with hostile argument names
 * (Object.prototype members, unknown names) and hostile values (huge, negative and non-numbers, deep JSON, a
 * megabyte of text), while replies of the keyboard are replaced (another size, another tag, another command, error
 * replies, garbage) or damaged on the loopback link. Nothing may crash or hang: every call settles within a bound
 * made of the session's timeout budget, every refusal is a BridgeCallError with a catalogue key, the reference
 * firmware never faults, and afterwards the service shows nothing the keyboard does not hold.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BridgeCallError } from '../../src/contract/bridge.ts';
import { CALLS } from '../../src/contract/contract.ts';
import { en_US } from '../../src/i18n/en_US.ts';
import { DEVICE_ERROR } from '../../src/protocol/errors.ts';
import { encodeFrame, REPORT_SIZE, SEQ_BYTE, tagged } from '../../src/protocol/frame.ts';
import { errorFrame } from '../../src/protocol/messages.ts';
import { decodeU16List } from '../../src/protocol/registry.ts';
import { configObjects, readCached } from '../../src/service/cache.ts';
import type { LinkFault } from '../../src/transport/types.ts';
import { LINK_PRESETS } from '../../src/transport/types.ts';
import { makeHarness } from '../service/harness.ts';

const TIMEOUT_MS = 60;
const BUDGET_MS = TIMEOUT_MS * 3; // timeout x (1 + the harness's 2 read retries)
/** A call makes a handful of exchanges, each of which may meet the damaged reply once: generous, from the budget. */
const SETTLE_MS = 25 * BUDGET_MS;
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 2500);

const MEGABYTE = 'x'.repeat(1 << 20);
const DEEP_JSON = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];

const callNames = Object.keys(CALLS) as (keyof typeof CALLS)[];
const argNamesOf = (name: keyof typeof CALLS): string[] => Object.keys(CALLS[name].args.shape);

const hostileValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('NaN', '-1', '1e309', '-1e309', '9007199254740993', '-0', '', 'null') },
  { weight: 2, arbitrary: fc.constantFrom('[]', '{}', '[1]', '[-5]', '["a"]', '{"__proto__":{"x":1}}', 'true') },
  { weight: 3, arbitrary: fc.integer({ min: -(2 ** 31), max: 2 ** 32 }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 2, arbitrary: fc.json({ maxDepth: 3 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
  { weight: 1, arbitrary: fc.constantFrom(DEEP_JSON, MEGABYTE) },
);

/** A mutation of one reply of the keyboard. */
const replyFault: fc.Arbitrary<{ what: string; fault: LinkFault } | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  fc.record({ byte: fc.nat(REPORT_SIZE - 1), xor: fc.integer({ min: 1, max: 255 }) }).map(({ byte, xor }) => ({
    what: `damage byte ${byte} ^ ${xor}`,
    fault: { kind: 'damage' as const, byte, xor },
  })),
  fc.integer({ min: 0, max: 2 * REPORT_SIZE }).map((size) => ({
    what: `size ${size}`,
    fault: {
      kind: 'replace' as const,
      with: (r: Uint8Array) => [Uint8Array.from({ length: size }, (_, i) => r[i] ?? 0)],
    },
  })),
  fc.integer({ min: 1, max: 255 }).map((xor) => ({
    what: `tag ^ ${xor}`,
    fault: { kind: 'replace' as const, with: (r: Uint8Array) => [r.map((b, i) => (i === SEQ_BYTE ? b ^ xor : b))] },
  })),
  fc.record({ at: fc.constantFrom(0, 1), xor: fc.integer({ min: 1, max: 255 }) }).map(({ at, xor }) => ({
    what: `echo byte ${at} ^ ${xor}`,
    fault: { kind: 'replace' as const, with: (r: Uint8Array) => [r.map((b, i) => (i === at ? b ^ xor : b))] },
  })),
  fc.constantFrom(...Object.values(DEVICE_ERROR)).map((code) => ({
    what: `error reply ${code}`,
    fault: {
      kind: 'replace' as const,
      with: (r: Uint8Array) => [encodeFrame(tagged(errorFrame(code, r[0]!, r[1]!), r[SEQ_BYTE]!))],
    },
  })),
  fc.uint8Array({ minLength: REPORT_SIZE, maxLength: REPORT_SIZE }).map((bytes) => ({
    what: 'garbage',
    fault: { kind: 'replace' as const, with: () => [bytes.slice()] },
  })),
  fc.constant({ what: 'twice', fault: { kind: 'duplicate' as const } }),
);

const fuzzCase = fc
  .record({
    call: fc.constantFrom(...callNames),
    withPath: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    // Half the cases name only the keyboard, so the call reaches it and meets the mutated reply.
    pairs: fc.oneof(
      fc.constant([] as { name: string; pick: number; value: string }[]),
      fc.array(
        fc.record({
          name: fc.oneof(
            fc.constantFrom('known'),
            fc.constantFrom(...PROTOTYPE_NAMES, 'unknown_name', 'path'),
            fc.string({ maxLength: 12 }),
          ),
          pick: fc.nat(),
          value: hostileValue,
        }),
        { maxLength: 4 },
      ),
    ),
    raw: fc.option(fc.array(fc.string({ maxLength: 12 }), { maxLength: 3 }), { freq: 6 }),
    reply: replyFault,
    nth: fc.integer({ min: 1, max: 6 }),
  })
  .map((c) => {
    const known = argNamesOf(c.call);
    const args = c.pairs.flatMap(({ name, pick, value }) => {
      const n = name === 'known' ? (known[pick % Math.max(1, known.length)] ?? 'unknown_name') : name;
      return [`--${n}`, value];
    });
    return { ...c, args: [...args, ...(c.raw ?? [])] };
  });

const catalogued = (key: string): boolean =>
  Object.hasOwn(en_US, key) || key.startsWith('warn.not.apply.theme.chosen.');

const short = (s: string): string => (s.length > 40 ? `${s.slice(0, 30)}…(${s.length})` : s);

describe('the keytune family under hostile calls and mutated replies', () => {
  it('never crashes or hangs, refuses in words, and shows only what the keyboard holds', async () => {
    const h = makeHarness(LINK_PRESETS.instant, TIMEOUT_MS);
    const path = await h.add('Made68Pro');
    const kb = h.keyboardOf(0);
    const transport = h.transportOf(0);
    const failures: string[] = [];
    const outcomes = { ok: 0, refused: 0 };
    const cases = fc.sample(fuzzCase, { numRuns: RUNS, seed: 20261126 });
    for (const c of cases) {
      const { channel, func } = CALLS[c.call];
      const args = [...(c.withPath ? ['--path', path] : []), ...c.args];
      const where = `${c.call} ${args.map(short).join(' ')}${c.reply ? ` [reply ${c.nth}: ${c.reply.what}]` : ''}`;
      if (c.reply) transport.injectFault('toHost', c.nth, c.reply.fault);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const hang = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), SETTLE_MS)));
      const outcome = await Promise.race([
        h.service.call(channel, func, args).then(
          () => 'ok' as const,
          (e: unknown) => e,
        ),
        hang,
      ]);
      clearTimeout(timer);
      transport.clearFaults();
      if (outcome === 'hang') failures.push(`${where}: did not settle within ${SETTLE_MS} ms`);
      else if (outcome === 'ok') outcomes.ok++;
      else if (!(outcome instanceof BridgeCallError)) failures.push(`${where}: rejected with ${String(outcome)}`);
      else if (!catalogued(outcome.toastKey)) failures.push(`${where}: refused with unknown key ${outcome.toastKey}`);
      else outcomes.refused++;
      if (kb.inspect().faults > 0) failures.push(`${where}: the firmware faulted`);
      // A call may have removed the keyboard: it is attached again, as a host would on its next enumeration.
      if (!h.service.devices().some((d) => d.path === path)) {
        transport.reconnect();
        await h.service.attach(transport, { virtual: true });
      }
      if (failures.length > 10) break;
    }

    // Let the link go quiet, then compare what the service would show with what the keyboard holds.
    await new Promise((resolve) => setTimeout(resolve, BUDGET_MS));
    const device = h.service.devices().find((d) => d.path === path)!;
    for (const name of configObjects(device).filter((n) => n !== 'adc')) {
      const shown = await readCached(device, name);
      const held = await device.session.readObject(name);
      if (Buffer.compare(shown, held) !== 0) failures.push(`the service shows a ${name} the keyboard does not hold`);
    }
    const { state } = kb.inspect();
    const keymap = decodeU16List(await device.session.readObject('keymap'));
    if (JSON.stringify(keymap) !== JSON.stringify(state.profiles[state.currentTheme]!.keymap.flat()))
      failures.push("the key map read through the service is not the firmware's");

    console.log(
      `keytune-calls fuzz: cases=${cases.length} failures=${failures.length} (answered ${outcomes.ok}, refused ${outcomes.refused})`,
    );
    expect(failures).toEqual([]);
  }, 120_000);
});
