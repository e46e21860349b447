/** Game-config cards: checked whole, then applied as one atomic change of the keyboard's perf records. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gameConfigContent, type GameConfigContent } from '../../src/contract/areas/performance.ts';
import { BridgeCallError } from '../../src/contract/bridge.ts';
import { CMD } from '../../src/protocol/commands.ts';
import { decodeFrame, isWrite, subId } from '../../src/protocol/frame.ts';
import { PERF_FLAG, type PerfKey } from '../../src/protocol/objects.ts';
import { readCached } from '../../src/service/cache.ts';
import { decodePerfKeys } from '../../src/service/convert/performance.ts';
import { applyGameConfigCard } from '../../src/service/game-config.ts';
import { makeHarness } from './harness.ts';

type Harness = ReturnType<typeof makeHarness>;

async function addDevice(h: Harness, model = 'Made68Air') {
  const path = await h.add(model);
  const kb = h.keyboardOf();
  const transport = h.transportOf();
  const entry = h.service.devices().find((d) => d.path === path)!;
  const perf = (): PerfKey[] => {
    const s = kb.inspect().state;
    return s.profiles[s.currentTheme]!.perf;
  };
  return { path, kb, transport, entry, perf };
}

const card: GameConfigContent = gameConfigContent.parse([
  { key_ids: [1, 2, 3], trigger: 0.5, dead: 0.05, rapid: { use_rapid: true, p_rapid_value: 0.1, r_rapid_value: 0.2 } },
  { key_ids: [10, 3], trigger: 2.5, rapid: { rt_mode: 1, rt_sensitivity_state: 2 } },
]);

async function refusalOf(promise: Promise<unknown>): Promise<BridgeCallError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BridgeCallError);
  return error as BridgeCallError;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('applyGameConfigCard', () => {
  it('sets every entry, later entries winning on shared keys, in one write stream', async () => {
    const h = makeHarness();
    const d = await addDevice(h);
    const writes: number[] = [];
    const receive = d.kb.receive.bind(d.kb);
    vi.spyOn(d.kb, 'receive').mockImplementation((report: Uint8Array) => {
      const f = decodeFrame(report);
      if (f.cmd === CMD.performance && isWrite(f.sub)) writes.push(subId(f.sub));
      return receive(report);
    });
    await applyGameConfigCard(d.entry, card);
    const perf = d.perf();
    expect(perf[2]).toMatchObject({ trigger: 50, dead: 5, rapidPress: 10, rapidRelease: 20 });
    expect(perf[2]!.flags & PERF_FLAG.useRapid).toBe(PERF_FLAG.useRapid);
    expect(perf[3]).toMatchObject({ trigger: 250, dead: 5, rapidPress: 10 });
    // A card is not held to the perf panel's blocks: sensitivity goes with rt_mode on keys without rapid trigger.
    expect(perf[10]!.flags & (PERF_FLAG.rtMode | PERF_FLAG.sensitivityMask)).toBe(PERF_FLAG.rtMode | (2 << 2));
    expect(new Set(writes)).toEqual(new Set([1]));
    expect(decodePerfKeys(d.entry, await readCached(d.entry, 'perf'))).toEqual(perf);
  });

  it('leaves the old or the new records when the cable is pulled at any report', async () => {
    const h = makeHarness();
    const reference = await addDevice(h);
    const before = structuredClone(reference.perf());
    await applyGameConfigCard(reference.entry, card);
    const after = structuredClone(reference.perf());
    const seen = new Set<string>();
    for (let cut = 1; ; cut++) {
      const d = await addDevice(h);
      let reports = 0;
      const receive = d.kb.receive.bind(d.kb);
      vi.spyOn(d.kb, 'receive').mockImplementation((report: Uint8Array) => {
        if (++reports === cut) {
          d.transport.disconnect();
          return [];
        }
        return receive(report);
      });
      const done = await applyGameConfigCard(d.entry, card).then(
        () => true,
        () => false,
      );
      const state = d.perf();
      expect([before, after], `cut at report ${cut}`).toContainEqual(state);
      seen.add(JSON.stringify(state) === JSON.stringify(after) ? 'new' : 'old');
      if (done) break;
      expect(cut).toBeLessThan(100);
    }
    expect(seen).toEqual(new Set(['old', 'new']));
  });

  it('refuses a card on a model without a game-config set, changing nothing', async () => {
    const h = makeHarness();
    const d = await addDevice(h, 'Made84Pro');
    const before = Buffer.from(d.kb.serialize());
    const e = await refusalOf(applyGameConfigCard(d.entry, card));
    expect(e.toastKey).toBe('warn.not.apply');
    expect(Buffer.from(d.kb.serialize()).equals(before)).toBe(true);
  });

  it.each([
    [
      'a travel beyond a switch in a later entry',
      [
        { key_ids: [0], trigger: 1 },
        { key_ids: [1], trigger: 7 },
      ],
    ],
    ['a rapid travel beyond a switch', [{ key_ids: [0], rapid: { p_rapid_value: 9 } }]],
    [
      'a key the keyboard lacks',
      [
        { key_ids: [0], trigger: 1 },
        { key_ids: [90], trigger: 1 },
      ],
    ],
  ])('refuses %s with err.args.invalid before writing anything', async (_, content) => {
    const h = makeHarness();
    const d = await addDevice(h);
    const before = Buffer.from(d.kb.serialize());
    const e = await refusalOf(applyGameConfigCard(d.entry, gameConfigContent.parse(content)));
    expect(e.toastKey).toBe('err.args.invalid');
    expect(Buffer.from(d.kb.serialize()).equals(before)).toBe(true);
    expect(decodePerfKeys(d.entry, await d.entry.session.readObject('perf'))).toEqual(d.perf());
  });
});

describe('the card content schema', () => {
  it.each([
    ['an empty card', []],
    ['an entry without keys', [{ key_ids: [], trigger: 1 }]],
    ['a key id beyond the key mask', [{ key_ids: [500], trigger: 1 }]],
    ['an unknown field', [{ key_ids: [0], speed: 1 }]],
    ['a rapid field the card cannot set', [{ key_ids: [0], rapid: { use_series_rapid: true } }]],
    ['a trigger that is not a number', [{ key_ids: [0], trigger: '1' }]],
  ])('refuses %s', (_, content) => {
    expect(gameConfigContent.safeParse(content).success).toBe(false);
  });

  it('takes use_rapid as 0/1 or a boolean', () => {
    const parsed = gameConfigContent.parse([{ key_ids: [0], rapid: { use_rapid: 1 } }]);
    expect(parsed[0]!.rapid!.use_rapid).toBe(true);
  });
});
