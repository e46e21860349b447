/**
 * Battery attributes and pairing state in the setting data: read fresh from the status of a wireless keyboard,
 * absent for a wired one, and a status reply whose values make no sense is refused without changing anything.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CMD, SUB } from '../../src/protocol/commands.ts';
import { decodeFrame, encodeFrame, isWrite, subId } from '../../src/protocol/frame.ts';
import { StatusLayout } from '../../src/protocol/objects.ts';
import { makeHarness } from './harness.ts';

async function setup(model: string, extra: string[] = []) {
  const h = makeHarness();
  const path = await h.add(model, '9.9.9', extra);
  return { ...h, path, kb: h.keyboardOf() };
}

/** Every status reply of the keyboard carries `patch` (the frame stays well formed: only its values are wrong). */
function damageStatus(kb: ReturnType<typeof makeHarness>['factory']['made'][number]['keyboard'], patch: object) {
  const receive = kb.receive.bind(kb);
  vi.spyOn(kb, 'receive').mockImplementation((report: Uint8Array) => {
    const replies = receive(report);
    const request = decodeFrame(report);
    if (request.cmd !== CMD.system || subId(request.sub) !== SUB.system.status || isWrite(request.sub)) return replies;
    return replies.map((r) => {
      const frame = decodeFrame(r);
      const status = { ...StatusLayout.decode(frame.data), ...patch };
      return encodeFrame({ ...frame, data: StatusLayout.encode(status) });
    });
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('battery attributes and pairing state', () => {
  it('answers them for a wireless keyboard, following its battery', async () => {
    const h = await setup('Made68Air', ['--access_mode', '1']);
    h.kb.setBattery(40, false);
    const onBattery = await h.client.getSettingData({ path: h.path });
    expect(onBattery.pair_state).toBe(2);
    const info = onBattery.battery_info!;
    expect(info.current_ma).toBeLessThan(0);
    expect(info.voltage_mv).toBeGreaterThanOrEqual(3300);
    expect(info.voltage_mv).toBeLessThanOrEqual(4200);
    expect(info.charge_minutes).toBe(0);
    expect(info.health).toBeGreaterThan(0);
    expect(info.health).toBeLessThanOrEqual(100);
    expect(info.cycles).toBeGreaterThanOrEqual(0);
    h.kb.setBattery(40, true);
    const charging = (await h.client.getSettingData({ path: h.path })).battery_info!;
    expect(charging.current_ma).toBeGreaterThan(0);
    expect(charging.charge_minutes).toBeGreaterThan(0);
    expect(charging).toMatchObject({ cycles: info.cycles, health: info.health });
    expect(h.last('get_setting_data')).toMatchObject({ battery: 40, battery_info: charging, pair_state: 2 });
  });

  it('answers them for a wireless mouse', async () => {
    const h = await setup('Mouse01');
    const data = await h.client.getSettingData({ path: h.path });
    expect(data.battery_info).toBeDefined();
    expect(data.pair_state).toBe(2);
  });

  it('answers neither for a wired keyboard', async () => {
    const h = await setup('Made68Pro');
    const data = await h.client.getSettingData({ path: h.path });
    expect(data.battery).toBe(-1);
    expect(data).not.toHaveProperty('battery_info');
    expect(data).not.toHaveProperty('pair_state');
  });

  it('gives null for an attribute the device does not know', async () => {
    const h = await setup('Made68Air');
    damageStatus(h.kb, { cycles: 0xffff, current: 0x8000 });
    const info = (await h.client.getSettingData({ path: h.path })).battery_info!;
    expect(info.cycles).toBeNull();
    expect(info.current_ma).toBeNull();
    expect(info.voltage_mv).not.toBeNull();
  });

  it.each([
    ['a health of 250', { health: 250 }],
    ['a pairing state of 7', { pairState: 7 }],
    ['a voltage of 60 V', { voltage: 60000 }],
    ['a battery of 180 %', { battery: 180 }],
  ])('refuses a status reply with %s and changes nothing', async (_name, patch) => {
    const h = await setup('Made68Air');
    const before = await h.client.getSettingData({ path: h.path });
    const settings = h.kb.inspect().state.settings;
    const events = h.events.length;
    damageStatus(h.kb, patch);
    await expect(h.client.getSettingData({ path: h.path })).rejects.toMatchObject({ toastKey: 'err.dev.reply' });
    expect(h.events.slice(events).map((e) => e.event)).not.toContain('get_setting_data');
    expect(h.kb.inspect().state.settings).toEqual(settings);
    vi.restoreAllMocks();
    // Once the keyboard answers sensibly again, the same data comes back.
    expect(await h.client.getSettingData({ path: h.path })).toEqual(before);
  });
});
