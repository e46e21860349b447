/**
 * Key performance under lost answers, pulled cables and a lossy link: an edit is never skipped on a copy the
 * keyboard has not confirmed, a change of several fields or keys is one atomic change, and the service's copy always
 * matches the keyboard.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CMD, SUB } from '../../src/protocol/commands.ts';
import { decodeFrame, isWrite, subId } from '../../src/protocol/frame.ts';
import type { PerfKey } from '../../src/protocol/objects.ts';
import { readCached } from '../../src/service/cache.ts';
import { decodePerfKeys } from '../../src/service/convert/performance.ts';
import { makeHarness } from './harness.ts';

type Harness = ReturnType<typeof makeHarness>;
type Keyboard = Harness['factory']['made'][number]['keyboard'];

async function addDevice(h: Harness, model = 'Made68Pro') {
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

async function expectPerfCopyMatchesDevice(device: Awaited<ReturnType<typeof addDevice>>) {
  const copy = decodePerfKeys(device.entry, await readCached(device.entry, 'perf'));
  expect(copy).toEqual(decodePerfKeys(device.entry, await device.entry.session.readObject('perf')));
  expect(copy).toEqual(device.perf());
}

const isPerfWrite = (report: Uint8Array): boolean => {
  const f = decodeFrame(report);
  return f.cmd === CMD.performance && isWrite(f.sub) && subId(f.sub) !== SUB.performance.calibration;
};

/** The keyboard applies its next perf write but its answer never arrives. */
function loseNextPerfAck(kb: Keyboard) {
  const receive = kb.receive.bind(kb);
  let lost = false;
  vi.spyOn(kb, 'receive').mockImplementation((report: Uint8Array) => {
    const replies = receive(report);
    if (!lost && isPerfWrite(report)) {
      lost = true;
      return [];
    }
    return replies;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('perf edits after a lost answer', () => {
  it('writes a trigger the copy seemed to have already, after an edit whose answer was lost', async () => {
    const h = makeHarness(undefined, 80);
    const d = await addDevice(h);
    await h.client.setPerfInfo({ path: d.path, key_ids: [0], trigger: 2 });
    loseNextPerfAck(d.kb);
    await expect(h.client.setPerfInfo({ path: d.path, key_ids: [0], trigger: 1 })).rejects.toMatchObject({
      toastKey: 'err.dev.timeout',
    });
    expect(d.perf()[0]!.trigger).toBe(100);
    const info = await h.client.setPerfInfo({ path: d.path, key_ids: [0], trigger: 2 });
    expect(d.perf()[0]!.trigger).toBe(200);
    expect(info.key_triggers[0]).toBe(2);
    await expectPerfCopyMatchesDevice(d);
  });

  it('keeps the rapid values of an edit whose answer was lost when the next field changes', async () => {
    const h = makeHarness(undefined, 80);
    const d = await addDevice(h);
    loseNextPerfAck(d.kb);
    const rapid = { use_rapid: true, p_rapid_value: 0.5, r_rapid_value: 0.6 };
    await expect(h.client.setPerfInfo({ path: d.path, key_ids: [2, 3], rapid })).rejects.toMatchObject({
      toastKey: 'err.dev.timeout',
    });
    await h.client.setPerfInfo({ path: d.path, key_ids: [3], dead: 0.2 });
    expect(d.perf()[3]).toMatchObject({ rapidPress: 50, rapidRelease: 60, dead: 20 });
    await expectPerfCopyMatchesDevice(d);
  });
});

describe('one perf change is one atomic change on the keyboard', () => {
  const rapid = {
    p_rapid_value: 0.25,
    r_rapid_value: 0.4,
    use_rapid: true,
    rt_mode: 1 as const,
    rt_sensitivity_state: 2 as const,
  };
  const keyIds = [1, 4, 9, 30];

  it('sends a change of several fields on several keys as one write stream', async () => {
    const h = makeHarness();
    const d = await addDevice(h);
    await h.client.getKeyPerfInfo({ path: d.path });
    const streams: number[] = [];
    const receive = d.kb.receive.bind(d.kb);
    vi.spyOn(d.kb, 'receive').mockImplementation((report: Uint8Array) => {
      const f = decodeFrame(report);
      if (isPerfWrite(report)) streams.push(subId(f.sub));
      return receive(report);
    });
    await h.client.setPerfInfo({ path: d.path, key_ids: keyIds, rapid });
    expect(new Set(streams)).toEqual(new Set([SUB.performance.perf]));
    for (const id of keyIds) expect(d.perf()[id]).toMatchObject({ rapidPress: 25, rapidRelease: 40, flags: 0b1011 });
    await expectPerfCopyMatchesDevice(d);
  });

  it('leaves the old or the new records when the cable is pulled at any report', async () => {
    const h = makeHarness();
    const reference = await addDevice(h);
    const before = structuredClone(reference.perf());
    await h.client.setPerfInfo({ path: reference.path, key_ids: keyIds, rapid });
    const after = structuredClone(reference.perf());
    expect(after).not.toEqual(before);

    const outcomes = new Set<string>();
    for (let cut = 1; ; cut++) {
      const d = await addDevice(h);
      await h.client.getKeyPerfInfo({ path: d.path });
      let reports = 0;
      const receive = d.kb.receive.bind(d.kb);
      vi.spyOn(d.kb, 'receive').mockImplementation((report: Uint8Array) => {
        if (++reports === cut) {
          d.transport.disconnect();
          return [];
        }
        return receive(report);
      });
      const result = await h.client.setPerfInfo({ path: d.path, key_ids: keyIds, rapid }).then(
        () => 'done',
        (e: { toastKey: string }) => e.toastKey,
      );
      const state = d.perf();
      expect([before, after], `cut at report ${cut}`).toContainEqual(state);
      outcomes.add(state === after || JSON.stringify(state) === JSON.stringify(after) ? 'new' : 'old');
      if (result === 'done') break;
      expect(result).toBe('err.dev.disconnected');
      expect(cut).toBeLessThan(100);
    }
    expect(outcomes).toEqual(new Set(['old', 'new']));
  });
});

describe('perf edits on a lossy link', () => {
  it('ends every key at its last acknowledged trigger and dead zone, and the copy matches the keyboard', async () => {
    let seed = 11;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const h = makeHarness({ reportIntervalMs: 0, latencyMs: 1, jitterMs: 3, loss: 0, random }, 60);
    const d = await addDevice(h);
    await h.client.getKeyPerfInfo({ path: d.path });
    d.transport.setLink({ loss: 0.03 });
    const edits = Array.from({ length: 30 }, (_, i) => ({
      keys: [i % 4, 4 + (i % 3)],
      field: i % 2 === 0 ? ('trigger' as const) : ('dead' as const),
      mm: i % 2 === 0 ? 1 + i / 20 : 0.05 + (i % 7) / 100,
    }));
    const before = structuredClone(d.perf());
    const outcomes = await Promise.allSettled(
      edits.map((e) => h.client.setPerfInfo({ path: d.path, key_ids: e.keys, [e.field]: e.mm })),
    );
    d.transport.setLink({ loss: 0 });
    const after = d.perf();
    for (let key = 0; key < 7; key++) {
      for (const field of ['trigger', 'dead'] as const) {
        const mine = edits
          .map((e, i) => ({ ...e, ok: outcomes[i]!.status === 'fulfilled' }))
          .filter((e) => e.field === field && e.keys.includes(key));
        const lastOk = mine.map((e) => e.ok).lastIndexOf(true);
        const possible = new Set([
          lastOk >= 0 ? Math.round(mine[lastOk]!.mm * 100) : before[key]![field],
          ...mine.slice(lastOk + 1).map((e) => Math.round(e.mm * 100)),
        ]);
        expect(possible.has(after[key]![field]), `key ${key} ${field}`).toBe(true);
      }
    }
    expect(outcomes.some((o) => o.status === 'fulfilled')).toBe(true);
    await expectPerfCopyMatchesDevice(d);
  });
});

describe('bad perf arguments', () => {
  it.each([
    ['a trigger that is not a number', ['--key_ids', '[0]', '--trigger', 'fast']],
    ['a trigger beyond the switch', ['--key_ids', '[0]', '--trigger', '4.5']],
    ['a negative dead zone', ['--key_ids', '[0]', '--dead', '-0.1']],
    ['key ids that are not a list', ['--key_ids', '0', '--trigger', '1']],
    ['a key id beyond the mask', ['--key_ids', '[200]', '--trigger', '1']],
    ['a key id the keyboard lacks', ['--key_ids', '[68]', '--trigger', '1']],
    ['a fractional key id', ['--key_ids', '[1.5]', '--trigger', '1']],
    ['an empty rapid setting', ['--key_ids', '[0]', '--rapid', '{}']],
    ['a rapid travel beyond the switch', ['--key_ids', '[0,1]', '--rapid', '{"use_rapid":true,"p_rapid_value":3}']],
    ['a rapid mode of 2', ['--key_ids', '[0]', '--rapid', '{"rt_mode":2}']],
    ['a calibration state of 3', ['--key_ids', '[0]', '--calibration', '{"state":3}']],
    ['a report mode of 3', ['--key_ids', '[0]', '--use_report', '3']],
    ['a switch type of 0', ['--key_ids', '[0]', '--switch_type', '0']],
    ['advance rapid of 2', ['--key_ids', '[0]', '--advance_rapid', '2']],
    ['two options', ['--key_ids', '[0]', '--trigger', '1', '--dead', '0.1']],
    ['a trailing flag with no value', ['--key_ids', '[0]', '--advance_rapid']],
  ])('refuses %s with err.args.invalid, changing nothing', async (_, args) => {
    const h = makeHarness();
    const d = await addDevice(h);
    const before = Buffer.from(d.kb.serialize());
    await expect(h.service.call('dev_info', 'set_perf_info', ['--path', d.path, ...args])).rejects.toMatchObject({
      toastKey: 'err.args.invalid',
    });
    expect(Buffer.from(d.kb.serialize()).equals(before)).toBe(true);
    expect(decodePerfKeys(d.entry, await d.entry.session.readObject('perf'))).toEqual(d.perf());
  });
});
