/**
 * A cable pulled at every report of every kind of multi-frame write, with the keyboard keeping its power or losing
 * it: afterwards the keyboard holds exactly the old or exactly the new state, never a mix, and once plugged back in
 * the next write works.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VirtualKeyboard } from '../../src/firmware/index.ts';
import { CMD, keyMask, PERF_FIELD, SUB } from '../../src/protocol/commands.ts';
import { DksRecordLayout, MacroRecordLayout, PerfKeyLayout } from '../../src/protocol/objects.ts';
import { encodeU16List } from '../../src/protocol/registry.ts';
import { writeAtomicThrough, writeThrough } from '../../src/service/cache.ts';
import type { KeytuneDevice } from '../../src/service/context.ts';
import { DeviceSession, SessionError, type AtomicOp } from '../../src/service/session.ts';
import { LoopbackTransport } from '../../src/transport/loopback.ts';
import type { LinkPower } from '../../src/transport/types.ts';

function keyboard(): VirtualKeyboard {
  return new VirtualKeyboard({ model: 'made68pro', fwVer: '1.3.7', serial: 'CUTS0001', schedule: (fn) => fn() });
}

async function connect(transport: LoopbackTransport) {
  const session = new DeviceSession(transport, { timeoutMs: 200, readRetries: 2 });
  const descriptor = await session.open();
  return { session, device: { path: 'virtual:cuts', session, descriptor } as unknown as KeytuneDevice };
}

const same = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(a, b) === 0;

type Kind = 'macro stream' | 'key map stream' | 'transaction';

/** One user-visible change of each kind; `value` varies the contents. */
function change(kind: Kind, value: number): (device: KeytuneDevice) => Promise<void> {
  const macro = MacroRecordLayout.encode({
    ...{ used: 1, name: `Cut ${value % 100}`, delayType: 0, delayMin: 10, delayMax: 20, repeat: 1 },
    ...{ triggerType: 0, triggerDelay: 0, count: 1 + (value % 80) },
    events: Array.from({ length: 80 }, (_, i) => ({ code: 4 + ((i + value) % 20), flags: i % 2, delay: 10 + i })),
  });
  if (kind === 'macro stream')
    return (device) => writeThrough(device, 'macro', MacroRecordLayout.size * (value % 3), macro);
  if (kind === 'key map stream') {
    const codes = Array.from({ length: 4 * 68 }, (_, i) => (i * 7 + value) & 0xff);
    return (device) => writeThrough(device, 'keymap', 0, encodeU16List(codes));
  }
  // An advanced key added and bound, a rapid-trigger change of several fields, and a macro, as one change.
  const slot = value % 16;
  const key = value % 60;
  const dks = DksRecordLayout.encode({
    ...{ used: 1, topLevel: 40 + (value % 100), bottomLevel: 300, tickType: 0, tickMin: 0, tickMax: 0, name: 'Cut' },
    rows: Array.from({ length: 8 }, (_, i) => ({ code: i ? 0 : 0x2c, stages: i ? [0, 0, 0, 0] : [0x81, 0, 0, 0] })),
  });
  const perf = PerfKeyLayout.encode({
    trigger: 80 + (value % 200),
    dead: 10,
    rapidPress: 20,
    rapidRelease: 25,
    flags: 1,
    switchType: 3,
  });
  const ops: AtomicOp[] = [
    { kind: 'object', name: 'dks', offset: slot * DksRecordLayout.size, bytes: dks },
    {
      kind: 'command',
      cmd: CMD.keymap,
      sub: SUB.keymap.setKeys,
      data: Uint8Array.of(1, slot, 0x80, ...keyMask([key])),
    },
    { kind: 'object', name: 'perf', offset: key * PerfKeyLayout.size, bytes: perf },
    {
      kind: 'command',
      cmd: CMD.performance,
      sub: SUB.performance.setKeys,
      data: Uint8Array.of(PERF_FIELD.rapidRelease, 40, 0, ...keyMask([key + 1, key + 2])),
    },
    { kind: 'object', name: 'macro', offset: 0, bytes: macro },
  ];
  return (device) => writeAtomicThrough(device, ops);
}

/** Images before and after the change, and how many reports (both directions) a clean run of it takes. */
async function plan(kind: Kind, value: number) {
  const kb = keyboard();
  const transport = new LoopbackTransport(kb);
  const { device } = await connect(transport);
  const before = kb.serialize();
  const start = transport.delivered.any;
  await change(kind, value)(device);
  return { before, after: kb.serialize(), reports: transport.delivered.any - start };
}

describe('a link cut at every report of a multi-frame write', () => {
  it.each<Kind>(['macro stream', 'key map stream', 'transaction'])(
    '%s: old or new state, never a mix, with power kept or lost; the next write works',
    async (kind) => {
      let cases = 0;
      let failures = 0;
      /** One cut: counted, and a failure counted before it fails the property. */
      const cut = async (where: string, run: () => Promise<void>) => {
        cases++;
        try {
          await run();
        } catch (e) {
          failures++;
          throw new Error(`${where}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
        }
      };
      try {
        await fc.assert(
          fc.asyncProperty(fc.nat({ max: 100_000 }), async (value) => {
            const { before, after, reports } = await plan(kind, value);
            expect(reports).toBeGreaterThan(kind === 'transaction' ? 20 : 9);
            for (let at = 1; at <= reports; at++)
              for (const power of ['kept', 'lost'] as LinkPower[])
                await cut(`${kind}, cut at report ${at} of ${reports}, power ${power}`, async () => {
                  const kb = keyboard();
                  const transport = new LoopbackTransport(kb);
                  const { device } = await connect(transport);
                  transport.injectFault('any', at, { kind: 'cut', power });
                  const error = await change(
                    kind,
                    value,
                  )(device).then(
                    () => undefined,
                    (e: unknown) => e,
                  );
                  expect(error).toBeInstanceOf(SessionError);
                  expect((error as SessionError).reason).toBe('disconnected');
                  const image = kb.serialize();
                  expect(same(image, before) || same(image, after)).toBe(true);
                  const { staged, transaction } = kb.inspect();
                  expect(staged).toBeUndefined();
                  expect(transaction).toBeUndefined();

                  // Plugged back in: a new connection, and the same change goes through.
                  transport.reconnect();
                  const again = await connect(transport);
                  await change(kind, value)(again.device);
                  expect(same(kb.serialize(), after)).toBe(true);
                });
          }),
          { numRuns: 2, seed: 20260102 },
        );
      } finally {
        console.log(`link-faults: cut-${kind.replaceAll(' ', '-')} cases=${cases} failures=${failures}`);
      }
    },
  );
});
