/**
 * Pairing from the settings calls (`set_setting_info --pair 1`): a wireless keyboard answers pairing and, about two
 * seconds later, a get_setting_data event says paired without anyone asking; a wired keyboard is refused before
 * anything is sent; a link cut during the request leaves the keyboard pairing, paired or unpaired, never anything
 * else, and what the service answers after reconnecting is what the keyboard holds.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SettingData } from '../../src/contract/payloads/settings.ts';
import { CMD, SUB } from '../../src/protocol/commands.ts';
import { decodeFrame, encodeFrame, subId } from '../../src/protocol/frame.ts';
import { commandFrame } from '../../src/protocol/messages.ts';
import type { LinkDirection, LinkPower } from '../../src/transport/types.ts';
import { makeHarness } from './harness.ts';

async function setup(model: string, extra: string[] = []) {
  const h = makeHarness();
  const path = await h.add(model, '9.9.9', extra);
  const kb = h.keyboardOf();
  /** Every pair command that reached the keyboard. */
  const pairCommands: Uint8Array[] = [];
  const receive = kb.receive.bind(kb);
  vi.spyOn(kb, 'receive').mockImplementation((report: Uint8Array) => {
    const f = decodeFrame(report);
    if (f.cmd === CMD.system && subId(f.sub) === SUB.system.pair) pairCommands.push(report);
    return receive(report);
  });
  const pairState = () => kb.inspect().state.device.pairState;
  const settingEvents = () =>
    h.events.filter((e) => e.event === 'get_setting_data').map((e) => (e.payload as SettingData).pair_state);
  const reattach = async () => {
    const transport = h.transportOf();
    transport.reconnect();
    await h.service.attach(transport, { virtual: true });
  };
  return { ...h, path, kb, pairCommands, pairState, settingEvents, reattach };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('pairing', () => {
  it('answers pairing at once, then tells paired by itself about two seconds later', async () => {
    const h = await setup('Made68Air', ['--access_mode', '1']);
    const data = await h.client.setSettingInfo({ path: h.path, pair: 1 });
    expect(data.pair_state).toBe(1);
    expect(h.last('get_setting_data')).toMatchObject({ path: h.path, pair_state: 1 });
    expect(h.pairCommands).toHaveLength(1);
    await vi.waitFor(() => expect(h.last('get_setting_data')).toMatchObject({ path: h.path, pair_state: 2 }), {
      timeout: 4000,
      interval: 50,
    });
    expect(h.pairState()).toBe(2);
    // The event built from the notification is the whole setting data, as a fresh read gives it.
    const fresh = await h.client.getSettingData({ path: h.path });
    expect(fresh.pair_state).toBe(2);
    expect(fresh.battery).toBe((h.last('get_setting_data') as SettingData).battery);
    expect(h.settingEvents()).not.toContain(0);
  });

  it('a second Pair while pairing is harmless: one pairing, ending paired', async () => {
    const h = await setup('Made68Air');
    await h.client.setSettingInfo({ path: h.path, pair: 1 });
    const again = await h.client.setSettingInfo({ path: h.path, pair: 1 });
    expect(again.pair_state).toBe(1);
    await vi.waitFor(() => expect(h.pairState()).toBe(2), { timeout: 4000, interval: 50 });
    await vi.waitFor(() => expect(h.last('get_setting_data')).toMatchObject({ pair_state: 2 }), { timeout: 1000 });
  });

  it('refuses a wired keyboard with warn.not.apply, sending nothing to it', async () => {
    const h = await setup('Made68Pro');
    const before = Buffer.from(h.kb.serialize());
    await expect(h.client.setSettingInfo({ path: h.path, pair: 1 })).rejects.toMatchObject({
      toastKey: 'warn.not.apply',
    });
    expect(h.pairCommands).toHaveLength(0);
    expect(Buffer.from(h.kb.serialize()).equals(before)).toBe(true);
    expect(h.last('toast_message')).toMatchObject({ title: 'warn.not.apply' });
  });

  it.each(['0', '2', 'yes'])('refuses --pair %s with err.args.invalid', async (value) => {
    const h = await setup('Made68Air');
    await expect(
      h.service.call('dev_info', 'set_setting_info', ['--path', h.path, '--pair', value]),
    ).rejects.toMatchObject({ toastKey: 'err.args.invalid' });
    expect(h.pairCommands).toHaveLength(0);
  });

  it.each<[LinkDirection, LinkPower, number]>([
    // The command never arrived: the keyboard stays paired.
    ['toDevice', 'kept', 2],
    ['toDevice', 'lost', 2],
    // It arrived, its answer did not: the pairing goes on (power kept) or ends unpaired (power lost).
    ['toHost', 'kept', 1],
    ['toHost', 'lost', 0],
  ])(
    'a link cut on the way %s, power %s: the service then shows what the keyboard holds',
    async (dir, power, state) => {
      const h = await setup('Made68Air');
      h.transportOf().injectFault(dir, 1, { kind: 'cut', power });
      await expect(h.client.setSettingInfo({ path: h.path, pair: 1 })).rejects.toBeDefined();
      const held = h.pairState();
      expect(held).toBe(state);
      await h.reattach();
      const data = await h.client.getSettingData({ path: h.path });
      expect(data.pair_state).toBe(h.pairState());
      if (held === 1) {
        await vi.waitFor(() => expect(h.last('get_setting_data')).toMatchObject({ pair_state: 2 }), {
          timeout: 4000,
          interval: 50,
        });
        expect(h.pairState()).toBe(2);
      }
      // Whatever happened, the next Pair goes through.
      const next = await h.client.setSettingInfo({ path: h.path, pair: 1 });
      expect(next.pair_state).toBe(1);
    },
  );

  it('a status the device announces during a call waits for the call: nothing is read between its steps', async () => {
    const h = await setup('Made68Air', ['--access_mode', '1']);
    await h.client.setSettingInfo({ path: h.path, pair: 1 });
    // A call still running on this device when "paired" arrives (here: one that waits for the test).
    let finish!: () => void;
    const running = h.service.afterCalls(h.path, () => new Promise<void>((resolve) => (finish = resolve)));
    await vi.waitFor(() => expect(h.pairState()).toBe(2), { timeout: 4000, interval: 50 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(h.last('get_setting_data')).toMatchObject({ pair_state: 1 });
    finish();
    await running;
    await vi.waitFor(() => expect(h.last('get_setting_data')).toMatchObject({ pair_state: 2 }), {
      timeout: 1000,
      interval: 20,
    });
  });

  it('a status announced before a later change is not shown after it: the event says what the keyboard holds', async () => {
    const h = await setup('Made68Air', ['--access_mode', '1']);
    let finish: (() => void) | undefined;
    const running = h.service.afterCalls(h.path, () => new Promise<void>((resolve) => (finish = resolve)));
    await vi.waitFor(() => expect(finish).toBeDefined());
    // The keyboard announces "pairing", then loses power before the service gets to it: it is unpaired.
    h.kb.receive(encodeFrame(commandFrame(CMD.system, SUB.system.pair, new TextEncoder().encode('PAIR'))));
    h.kb.powerCycle();
    expect(h.pairState()).toBe(0);
    finish!();
    await running;
    await vi.waitFor(() => expect(h.settingEvents().length).toBeGreaterThan(0), { timeout: 1000, interval: 20 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(h.settingEvents()).not.toContain(1);
    expect(h.last('get_setting_data')).toMatchObject({ pair_state: 0 });
  });
});
