/**
 * Device settings under quick edits, lost answers and a lossy link: each change writes only the bytes of its own
 * fields, so no edit undoes another, and the service's copy always matches the keyboard.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CMD, SUB } from '../../src/protocol/commands.ts';
import { decodeFrame, isWrite, subId } from '../../src/protocol/frame.ts';
import { SettingsLayout, type Settings } from '../../src/protocol/objects.ts';
import { readCached } from '../../src/service/cache.ts';
import { makeHarness } from './harness.ts';

type Harness = ReturnType<typeof makeHarness>;

async function setup(link?: Parameters<typeof makeHarness>[0], timeoutMs?: number) {
  const h = makeHarness(link, timeoutMs);
  const path = await h.add('Made68Pro');
  const kb = h.keyboardOf();
  const entry = h.service.devices().find((d) => d.path === path)!;
  const settings = (): Settings => kb.inspect().state.settings;
  return { ...h, path, kb, entry, settings };
}

/** What the service would use as the settings object equals what a fresh read of the keyboard gives. */
async function expectCopyMatchesDevice(h: Awaited<ReturnType<typeof setup>>) {
  const copy = await readCached(h.entry, 'settings');
  const fresh = await h.entry.session.readObject('settings');
  expect(SettingsLayout.decode(copy)).toEqual(SettingsLayout.decode(fresh));
}

const isSettingsWrite = (report: Uint8Array): boolean => {
  const f = decodeFrame(report);
  return f.cmd === CMD.system && subId(f.sub) === SUB.system.settings && isWrite(f.sub);
};

/** The keyboard applies its next settings write but its answer never arrives. */
function loseNextSettingsAck(h: { kb: Harness['factory']['made'][number]['keyboard'] }) {
  const receive = h.kb.receive.bind(h.kb);
  let lost = false;
  vi.spyOn(h.kb, 'receive').mockImplementation((report: Uint8Array) => {
    const replies = receive(report);
    if (!lost && isSettingsWrite(report)) {
      lost = true;
      return [];
    }
    return replies;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('settings edits', () => {
  it('keeps both of two edits sent without waiting', async () => {
    const h = await setup();
    const first = h.client.setSettingInfo({ path: h.path, use_n_key: 0 });
    const second = h.client.setSettingInfo({ path: h.path, use_sleep: 1, sleep_time: 33 });
    const third = h.client.setSettingInfo({ path: h.path, calibration: { auto_calibration: 0 } });
    await Promise.all([first, second, third]);
    expect(h.settings()).toMatchObject({ useNKey: 0, useSleep: 1, sleepTime: 33, autoCalibration: 0 });
    expect(await third).toMatchObject({ use_n_key: 0, use_sleep: 1, sleep_time: 33, auto_calibration: 0 });
    await expectCopyMatchesDevice(h);
  });

  it('never undoes an edit whose answer was lost when the next edit is written', async () => {
    const h = await setup(undefined, 80);
    const factory = h.settings();
    loseNextSettingsAck(h);
    // The keyboard takes N-key off, but the call cannot know it.
    await expect(h.client.setSettingInfo({ path: h.path, use_n_key: factory.useNKey ? 0 : 1 })).rejects.toMatchObject({
      toastKey: 'err.dev.timeout',
    });
    const data = await h.client.setSettingInfo({ path: h.path, use_sleep: 1, sleep_time: 12 });
    expect(h.settings()).toMatchObject({ useNKey: factory.useNKey ? 0 : 1, useSleep: 1, sleepTime: 12 });
    expect(data).toMatchObject({ use_n_key: factory.useNKey ? 0 : 1, use_sleep: 1, sleep_time: 12 });
    await expectCopyMatchesDevice(h);
  });

  it('writes only the bytes of the fields a call changes', async () => {
    const h = await setup();
    const writes: { offset: number; length: number }[] = [];
    const receive = h.kb.receive.bind(h.kb);
    vi.spyOn(h.kb, 'receive').mockImplementation((report: Uint8Array) => {
      if (isSettingsWrite(report)) {
        const f = decodeFrame(report);
        writes.push({ offset: f.offset, length: f.data.length });
      }
      return receive(report);
    });
    await h.client.setSettingInfo({ path: h.path, use_sleep: 1, sleep_time: 20 });
    await h.client.setSettingInfo({ path: h.path, calibration: { auto_calibration: 1 } });
    await h.client.setSettingInfo({ path: h.path, use_sleep: 0 });
    expect(writes.map((w) => w.offset)).toEqual([1, 3, 1]);
    expect(h.settings()).toMatchObject({ useSleep: 0, sleepTime: 20, autoCalibration: 1 });
  });
});

describe('settings on a lossy link', () => {
  it('ends every field at its last acknowledged value, and the copy matches the keyboard', async () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const h = await setup({ reportIntervalMs: 0, latencyMs: 1, jitterMs: 3, loss: 0, random }, 60);
    h.transportOf().setLink({ loss: 0.04 });
    type Edit = { field: keyof Settings; value: number; args: Record<string, unknown> };
    const edits: Edit[] = [];
    for (let i = 0; i < 40; i++) {
      const pick = i % 3;
      const on = (i >> 1) % 2;
      if (pick === 0) edits.push({ field: 'useNKey', value: on, args: { use_n_key: on } });
      else if (pick === 1) edits.push({ field: 'sleepTime', value: 5 + i, args: { use_sleep: 1, sleep_time: 5 + i } });
      else edits.push({ field: 'autoCalibration', value: on, args: { calibration: { auto_calibration: on } } });
    }
    const before = h.settings();
    const outcomes = await Promise.allSettled(
      edits.map((e) => h.client.setSettingInfo({ path: h.path, ...e.args } as never)),
    );
    h.transportOf().setLink({ loss: 0 });
    // Two lost answers in a row make the keyboard look silent: calls fail unsent for one budget (3 timeouts) from then.
    await new Promise((r) => setTimeout(r, 60 * 3 + 40));
    const after = h.settings();
    for (const field of ['useNKey', 'sleepTime', 'autoCalibration'] as const) {
      const mine = edits
        .map((e, i) => ({ ...e, ok: outcomes[i]!.status === 'fulfilled' }))
        .filter((e) => e.field === field);
      const lastOk = mine.map((e) => e.ok).lastIndexOf(true);
      // A call that failed after the last acknowledged one may or may not have reached the keyboard.
      const possible = new Set([
        lastOk >= 0 ? mine[lastOk]!.value : before[field],
        ...mine.slice(lastOk + 1).map((e) => e.value),
      ]);
      expect(possible.has(after[field]), `${field} ${after[field]} in ${[...possible].join(', ')}`).toBe(true);
    }
    expect(outcomes.some((o) => o.status === 'fulfilled')).toBe(true);
    await expectCopyMatchesDevice(h);
  });
});

describe('bad settings arguments', () => {
  it.each([
    ['a sleep time of 0', ['--use_sleep', '1', '--sleep_time', '0']],
    ['a sleep time of 61', ['--use_sleep', '1', '--sleep_time', '61']],
    ['a sleep time that is not a whole minute', ['--use_sleep', '1', '--sleep_time', '2.5']],
    ['a sleep time without --use_sleep', ['--sleep_time', '10']],
    ['a flag that is not 0/1', ['--use_n_key', 'on']],
    ['a flag with no value', ['--use_n_key']],
    ['an unknown argument', ['--use_n_key', '1', '--turbo', '1']],
    ['calibration with another field', ['--calibration', '{"auto_calibration":1,"x":1}']],
    ['calibration that is not JSON', ['--calibration', '{auto']],
  ])('refuses %s with err.args.invalid, changing nothing', async (_, args) => {
    const h = await setup();
    const before = h.kb.serialize();
    await expect(h.service.call('dev_info', 'set_setting_info', ['--path', h.path, ...args])).rejects.toMatchObject({
      toastKey: 'err.args.invalid',
    });
    expect(Buffer.from(h.kb.serialize()).equals(Buffer.from(before))).toBe(true);
    expect(SettingsLayout.decode(await h.entry.session.readObject('settings'))).toEqual(h.settings());
  });
});
