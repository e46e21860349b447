/**
 * Key-map edits on links that misbehave: bursts sent without waiting on a jittery link, and resets after an exchange
 * whose outcome the service could not know. The device must end at the last value set, and the service's copy must
 * equal what the device holds.
 */
import { describe, expect, it, vi } from 'vitest';
import type { KeyValueInfo } from '../../src/contract/payloads/keymap.ts';
import { keycodeByName } from '../../src/core/keycodes.ts';
import { defaultKeymap } from '../../src/core/layouts/index.ts';
import { LATEST_FIRMWARE } from '../../src/core/resources.ts';
import { CMD } from '../../src/protocol/commands.ts';
import { SUB_WRITE } from '../../src/protocol/frame.ts';
import { invalidate, readCached } from '../../src/service/cache.ts';
import { decodeKeymap } from '../../src/service/convert/keymap.ts';
import { LINK_PRESETS, type LinkOptions } from '../../src/transport/types.ts';
import { makeHarness } from './harness.ts';

type Harness = ReturnType<typeof makeHarness>;

const code = (name: string): number => keycodeByName(name)!.code;
const [F13, F14, F15, F16] = ['F13', 'F14', 'F15', 'F16'].map(code) as [number, number, number, number];
const MODEL = 'made68pro';

async function setup(link: Partial<LinkOptions> = LINK_PRESETS.instant, timeoutMs = 150) {
  const h = makeHarness(link, timeoutMs);
  const path = await h.add(MODEL, LATEST_FIRMWARE[MODEL]);
  const device = h.service.devices().find((d) => d.path === path)!;
  return { h, path, device };
}

function deviceKeymap(h: Harness): number[][] {
  const { state } = h.keyboardOf().inspect();
  return state.profiles[state.currentTheme]!.keymap;
}

/** Key-map reads the device receives from now on. */
function keymapReads(h: Harness): { count: number } {
  const seen = { count: 0 };
  const kb = h.keyboardOf();
  const receive = kb.receive.bind(kb);
  vi.spyOn(kb, 'receive').mockImplementation((report: Uint8Array) => {
    if (report[0] === CMD.keymap && !(report[1]! & SUB_WRITE)) seen.count++;
    return receive(report);
  });
  return seen;
}

/**
 * Spoils the device's answer to the next request of command group `cmd` (lost, or its checksum damaged), whatever
 * notifications travel around it (the device reports its flash writes).
 */
function spoilNextAnswer(h: Harness, cmd: number, how: 'lose' | 'damage'): void {
  let done = false;
  const spoil = (report: Uint8Array): Uint8Array[] => {
    if (done || report[0] !== cmd) return [report];
    done = true;
    if (how === 'lose') return [];
    const damaged = report.slice();
    damaged[6] = damaged[6]! ^ 0xff;
    return [damaged];
  };
  for (let n = 1; n <= 4; n++) h.transportOf().injectFault('toHost', n, { kind: 'replace', with: spoil });
}

/**
 * The service's copy of the key map, which must be confirmed (taken without a single report) and equal to a fresh
 * read of the device.
 */
async function expectCopyEqualsDevice(h: Harness, device: Awaited<ReturnType<typeof setup>>['device']) {
  const { layerCount, keyCount } = device.descriptor;
  const sent = h.transportOf().delivered.toDevice;
  const copy = decodeKeymap(await readCached(device, 'keymap'), layerCount, keyCount);
  expect(h.transportOf().delivered.toDevice).toBe(sent);
  const fresh = decodeKeymap(await device.session.readObject('keymap'), layerCount, keyCount);
  expect(copy).toEqual(fresh);
  expect(fresh).toEqual(deviceKeymap(h));
}

describe('a burst of set_key_info calls sent without waiting', () => {
  it('ends with every key at the last value set, and the copy equal to the device', async () => {
    const { h, path, device } = await setup({ reportIntervalMs: 1, latencyMs: 1, jitterMs: 6, loss: 0 }, 1000);
    const defaults = defaultKeymap(MODEL);
    const expected = deviceKeymap(h).map((layer) => [...layer]);
    const put = (layer: number, keys: number[], c: number) => keys.forEach((k) => (expected[layer]![k] = c));
    const reset = (layer: number, keys: number[]) => keys.forEach((k) => (expected[layer]![k] = defaults[layer]![k]!));

    const calls: Promise<KeyValueInfo>[] = [];
    const send = (args: Parameters<typeof h.client.setKeyInfo>[0]) => calls.push(h.client.setKeyInfo(args));
    send({ path, index: 0, select: [1, 2, 3], code: F13 });
    put(0, [1, 2, 3], F13);
    send({ path, index: 1, select: [2], code: F14 });
    put(1, [2], F14);
    send({ path, index: 0, select: [2], code: F15 });
    put(0, [2], F15);
    // Keys whose defaults differ: one range write, carrying keys 2-39 from the copy as the calls before left them.
    send({ path, index: 0, select: [1, 40], reset: 'selected' });
    reset(0, [1, 40]);
    send({ path, index: 2, select: [5, 6], code: F16 });
    put(2, [5, 6], F16);
    send({ path, index: 1, select: [2, 3], code: F13 });
    put(1, [2, 3], F13);
    send({ path, index: 0, select: [4], code: { code: F14 } });
    put(0, [4], F14);
    send({ path, index: 3, reset: 'layer' });
    reset(
      3,
      Array.from({ length: expected[3]!.length }, (_, k) => k),
    );
    send({ path, index: 0, select: [40, 39], code: F16 });
    put(0, [40, 39], F16);

    const answers = await Promise.all(calls);
    expect(deviceKeymap(h)).toEqual(expected);
    expect(answers[answers.length - 1]!.keycodes).toEqual(expected);
    await expectCopyEqualsDevice(h, device);
  });
});

describe('a reset after an exchange whose outcome is unknown', () => {
  it.each([
    ['unanswered', 'lose', 'err.dev.timeout'],
    ['damaged', 'damage', 'err.dev.reply'],
  ] as const)(
    'takes the keys in between from the device, not from a copy not confirmed since (%s ack)',
    async (_, how, key) => {
      const { h, path, device } = await setup();
      const defaults = defaultKeymap(MODEL);
      await h.client.getKeyValueInfo({ path });

      // The device applies F13 to key 5, but its acknowledgement never reaches the service intact.
      spoilNextAnswer(h, CMD.keymap, how);
      await expect(h.client.setKeyInfo({ path, index: 0, select: [5], code: F13 })).rejects.toMatchObject({
        toastKey: key,
      });
      expect(deviceKeymap(h)[0]![5]).toBe(F13);
      h.transportOf().clearFaults();

      // Keys 0 and 40 have different factory codes: the reset is one write of keys 0-40, key 5 among them.
      const answer = await h.client.setKeyInfo({ path, index: 0, select: [0, 40], reset: 'selected' });
      const after = deviceKeymap(h);
      expect(after[0]![5]).toBe(F13);
      expect([after[0]![0], after[0]![40]]).toEqual([defaults[0]![0], defaults[0]![40]]);
      expect(answer.keycodes).toEqual(after);
      await expectCopyEqualsDevice(h, device);
    },
  );

  it('builds a reset from the confirmed copy without reading the key map again', async () => {
    const { h, path } = await setup();
    await h.client.getKeyValueInfo({ path });
    await h.client.setKeyInfo({ path, index: 0, select: [5], code: F13 });
    const reads = keymapReads(h);
    await h.client.setKeyInfo({ path, index: 0, select: [0, 40], reset: 'selected' });
    expect(reads.count).toBe(0);
    expect(deviceKeymap(h)[0]![5]).toBe(F13);
  });
});

describe('the special-key lists in the answer of set_key_info', () => {
  it('are read again once the copy they came with is gone (another theme slot)', async () => {
    const { h, path, device } = await setup();
    const H = code('H');
    const macro = {
      id_num: -1,
      display: [
        { code: H, is_down: true },
        { code: H, is_down: false },
      ],
    };
    await h.client.setFuncInfo({ path, change_type: 1, macro });
    expect((await h.client.setKeyInfo({ path, index: 0, select: [5], code: F13 })).macro_list).toHaveLength(1);

    // Another slot is made current behind the key-mapping calls, and the copies are dropped, as a theme switch does.
    const { state } = h.keyboardOf().inspect();
    const other = state.currentTheme === 0 ? 1 : 0;
    await device.session.writeObject('themes', 0, Uint8Array.of(other));
    invalidate(device);
    expect(h.keyboardOf().inspect().state.currentTheme).toBe(other);

    const answer = await h.client.setKeyInfo({ path, index: 0, select: [6], code: F14 });
    expect(answer.macro_list).toEqual([]);
    expect(answer.keycodes).toEqual(deviceKeymap(h));
  });
});
