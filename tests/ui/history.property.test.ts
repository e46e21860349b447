/**
 * The history of changes against every family's simulator, through the real device service in-process: random
 * sequences of key remaps (set_key_info), actuation changes (set_perf_info, where the family offers it), undo, redo
 * and jumps, some changes grouped. After every step the history never met a refusal (nothing else changed the
 * keyboard), its position follows a model of the steps, and at the end the keyboard holds (sameConfiguration) the
 * state the history says it is at, with the key map the model expects.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/contract/client.ts';
import { sameConfiguration } from '../../src/core/backup/diff.ts';
import type { KeyboardBackup } from '../../src/core/backup/format.ts';
import { loopbackVirtualFactory } from '../../src/host/virtual-loopback.ts';
import { createDeviceService } from '../../src/service/index.ts';
import { LINK_PRESETS } from '../../src/transport/types.ts';
import { createDeviceHistory, type DeviceHistory } from '../../src/ui/history/history.ts';
import { namesOf } from '../../src/core/backup/names.ts';
import { recordingClient } from '../../src/ui/history/recording-client.ts';

const FAMILIES = [
  { name: 'keytune', displayName: 'Made68Pro', fwVer: '1.4.2' },
  { name: 'libhmk', displayName: 'HE60 (libhmk)', fwVer: '1.7.0' },
  { name: 'via', displayName: 'Keytune VIA 65', fwVer: '12.0.0' },
];

/** Letters A to Z: the same HID codes in every family's space. */
const LETTERS = Array.from({ length: 26 }, (_, i) => 0x04 + i);
const TRIGGERS = [0.5, 1, 1.5, 2];
const KEYS = 6;

type Step =
  | { kind: 'remap'; layer: number; key: number; code: number; grouped: boolean }
  | { kind: 'trigger'; key: number; mm: number }
  | { kind: 'undo' }
  | { kind: 'redo' }
  | { kind: 'jump'; to: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('remap' as const),
      layer: fc.integer({ min: 0, max: 1 }),
      key: fc.integer({ min: 0, max: KEYS - 1 }),
      code: fc.constantFrom(...LETTERS),
      grouped: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('trigger' as const),
      key: fc.integer({ min: 0, max: KEYS - 1 }),
      mm: fc.constantFrom(...TRIGGERS),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'undo' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'redo' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('jump' as const), to: fc.nat({ max: 12 }) }) },
);

/** The state the history says the keyboard holds. */
async function stateOf(history: DeviceHistory): Promise<KeyboardBackup | undefined> {
  const { entries, position } = history.store.getState();
  if (entries.length === 0) return history.known();
  return position === 0 ? entries[0]!.before : entries[position - 1]!.after;
}

async function open(family: (typeof FAMILIES)[number]) {
  const factory = loopbackVirtualFactory(LINK_PRESETS.instant);
  const service = createDeviceService({ createVirtual: factory.create, session: { timeoutMs: 500 } });
  const base = createClient(service);
  const path = await base.addVirtualDevice({ display_name: family.displayName, fw_ver: family.fwVer });
  const record = (await base.getDevList({})).find((d) => d.path === path)!;
  // Groups are closed by flush() in this test, never by the quiet timer.
  const history = createDeviceHistory({ client: base, path, names: namesOf(record), quietMs: 60_000 });
  const client = recordingClient(base, history);
  return { base, client, path, record, history };
}

describe.each(FAMILIES)('history of changes on $name', (family) => {
  it('random changes, undo, redo and jumps leave the keyboard at the history’s state', async () => {
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        cases++;
        const { base, client, path, record, history } = await open(family);
        try {
          const perf = record.features.performance !== undefined;
          // The model: key maps of each state the history can reach, and its position among them.
          const start = (await base.getKeyValueInfo({ path })).keycodes.map((layer) => [...layer]);
          let states = [start];
          let at = 0;
          let open = false;
          /** What the keyboard held when the open group started. */
          let groupStart: KeyboardBackup | undefined;
          const same = (a: number[][], b: number[][]) => JSON.stringify(a) === JSON.stringify(b);
          const startGroup = async () => {
            if (!open) groupStart = await base.getBackup({ path });
          };
          const change = (next: number[][]) => {
            if (!open) {
              states = [...states.slice(0, at + 1), next];
              at++;
            } else states[at] = next;
            open = true;
          };
          /** Ends a group; one that came back to where it started makes no step, any other starts where it began. */
          const close = async () => {
            await history.flush();
            if (open && same(states[at]!, states[at - 1]!)) {
              states = states.slice(0, at);
              at--;
            } else if (open) {
              const { entries, position } = history.store.getState();
              expect(sameConfiguration(entries[position - 1]!.before, groupStart!)).toBe(true);
            }
            open = false;
          };
          for (const s of steps) {
            if (s.kind === 'remap') {
              await startGroup();
              await client.setKeyInfo({ path, index: s.layer, select: [s.key], code: s.code });
              const next = states[at]!.map((layer) => [...layer]);
              next[s.layer]![s.key] = s.code;
              if (!same(next, states[at]!)) change(next);
              if (!s.grouped) await close();
            } else {
              await close();
            }
            if (s.kind === 'trigger' && perf) {
              await startGroup();
              await client.setPerfInfo({ path, key_ids: [s.key], trigger: s.mm });
              await history.flush();
              // A trigger change is a step of its own when it changed anything; the key map stays.
              if (!sameConfiguration(groupStart!, (await history.known())!)) {
                states = [...states.slice(0, at + 1), states[at]!];
                at++;
                const { entries, position } = history.store.getState();
                expect(sameConfiguration(entries[position - 1]!.before, groupStart!)).toBe(true);
              }
            } else if (s.kind === 'undo') {
              await history.undo();
              at = Math.max(0, at - 1);
            } else if (s.kind === 'redo') {
              await history.redo();
              at = Math.min(states.length - 1, at + 1);
            } else if (s.kind === 'jump') {
              const to = Math.min(s.to, states.length - 1);
              await history.jumpTo(to);
              at = to;
            }
            expect(history.store.getState().conflict).toBe(false);
            expect((await base.getKeyValueInfo({ path })).keycodes).toEqual(states[at]);
          }
          await close();
          expect(history.store.getState().conflict).toBe(false);
          expect(history.store.getState().position).toBe(at);
          expect(history.store.getState().entries).toHaveLength(states.length - 1);
          const held = await base.getBackup({ path });
          const said = await stateOf(history);
          expect(said).toBeDefined();
          expect(sameConfiguration(held, said!)).toBe(true);
          expect((await base.getKeyValueInfo({ path })).keycodes).toEqual(states[at]);
        } finally {
          history.dispose();
        }
      }),
      { numRuns: 30 },
    );
    console.log(`history property ${family.name}: cases=${cases} failures=0`);
  }, 240_000);
});
