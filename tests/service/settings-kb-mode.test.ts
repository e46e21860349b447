/**
 * Keyboard modes (power saving, office, game): the report rate and the per-key light set as one change. A bad rate
 * is refused before anything is written, and a link cut at any report of the change leaves the keyboard in the old
 * mode or the new one, never a mix; what the service answers afterwards is what the keyboard holds.
 */
import { describe, expect, it } from 'vitest';
import type { ColourInfoPayload } from '../../src/contract/payloads/lighting.ts';
import type { SettingData } from '../../src/service/convert/settings.ts';
import type { LinkDirection, LinkPower } from '../../src/transport/types.ts';
import { makeHarness } from './harness.ts';

const RATE_INDEX: Record<number, number> = { 125: 0, 250: 1, 1000: 2 };

async function setup(model = 'Made68Pro', fw = '9.9.9') {
  const h = makeHarness();
  const path = await h.add(model, fw);
  const kb = h.keyboardOf();
  const call = (func: string, args: string[] = []) => h.service.call('dev_info', func, ['--path', path, ...args]);
  /** The report rate index and the per-key light of the current slot, as the keyboard stores them. */
  const mode = () => {
    const { settings, profiles, currentTheme } = kb.inspect().state;
    return { reportRate: settings.reportRate, lightSwitch: profiles[currentTheme]!.lighting.lightSwitch };
  };
  const snapshot = () => Buffer.from(kb.serialize());
  const reattach = async () => {
    const transport = h.transportOf();
    transport.reconnect();
    await h.service.attach(transport, { virtual: true });
  };
  return { ...h, path, kb, call, mode, snapshot, reattach };
}

describe('keyboard modes', () => {
  it.each([
    ['power', 125, 0],
    ['office', 250, 1],
    ['game', 1000, 1],
  ] as const)(
    'sets the %s mode: %i Hz and the light %i, and tells both the settings and the Key LED tab',
    async (mode, hz, light) => {
      const h = await setup();
      // Start from the opposite corner, so that at least one of the two values changes.
      await h.call('set_setting_info', ['--kb_mode', mode === 'power' ? 'game' : 'power']);
      const data = (await h.call('set_setting_info', ['--kb_mode', mode])) as SettingData;
      expect(h.mode()).toEqual({ reportRate: RATE_INDEX[hz], lightSwitch: light });
      expect(data).toMatchObject({ report_rate: hz, keylight_use: light, kb_mode_supported: true });
      expect(h.last('get_setting_data')).toEqual(data);
      expect((h.last('get_key_color_info') as ColourInfoPayload).keylight_use).toBe(light);
      // Read back, the settings and the colour info say the same.
      expect(await h.call('get_setting_data')).toEqual(data);
      expect(((await h.call('get_key_color_info')) as ColourInfoPayload).keylight_use).toBe(light);
    },
  );

  it('sets the report rate alone with --report_rate, leaving the light as it is', async () => {
    const h = await setup();
    const light = h.mode().lightSwitch;
    for (const hz of [125, 250, 1000]) {
      const data = (await h.call('set_setting_info', ['--report_rate', String(hz)])) as SettingData;
      expect(h.mode()).toEqual({ reportRate: RATE_INDEX[hz], lightSwitch: light });
      expect(data.report_rate).toBe(hz);
    }
  });

  it.each([
    ['a rate of 0', ['--report_rate', '0']],
    ['a rate of 500', ['--report_rate', '500']],
    ['a rate of 124', ['--report_rate', '124']],
    ['a rate in words', ['--report_rate', 'fast']],
    ['a rate with no value', ['--report_rate']],
    ['an unknown mode', ['--kb_mode', 'turbo']],
    ['a mode by number', ['--kb_mode', '2']],
    ['a mode and a rate together', ['--kb_mode', 'game', '--report_rate', '125']],
    ['a rate with another setting', ['--report_rate', '250', '--use_n_key', '1']],
  ])('refuses %s with err.args.invalid, writing nothing', async (_, args) => {
    const h = await setup();
    const before = h.snapshot();
    await expect(h.call('set_setting_info', args)).rejects.toMatchObject({ toastKey: 'err.args.invalid' });
    expect(h.snapshot().equals(before)).toBe(true);
  });

  it('is refused with warn.not.apply on firmware without N-key and sleep, writing nothing', async () => {
    const h = await setup('Made68Pro', '1.1.1');
    const before = h.snapshot();
    for (const args of [
      ['--kb_mode', 'power'],
      ['--report_rate', '125'],
    ])
      await expect(h.call('set_setting_info', args)).rejects.toMatchObject({ toastKey: 'warn.not.apply' });
    expect(h.snapshot().equals(before)).toBe(true);
    expect(((await h.call('get_setting_data')) as SettingData).kb_mode_supported).toBe(false);
  });

  it('ends in the old mode or the new one with the link cut at every report of the change', async () => {
    const ref = await setup();
    await ref.call('get_setting_data');
    const before = ref.mode();
    const start = ref.transportOf().delivered;
    await ref.call('set_setting_info', ['--kb_mode', 'power']);
    const end = ref.transportOf().delivered;
    const after = ref.mode();
    expect(after).toEqual({ reportRate: 0, lightSwitch: 0 });
    expect(after).not.toEqual(before);

    const cuts: { direction: LinkDirection; at: number; power: LinkPower }[] = [];
    for (const direction of ['toDevice', 'toHost'] as const)
      for (let at = 1; at <= end[direction] - start[direction]; at++)
        cuts.push({ direction, at, power: at % 2 ? 'lost' : 'kept' });
    // Begin, two writes and the commit, each way.
    expect(cuts.length).toBeGreaterThanOrEqual(8);

    const mixed: string[] = [];
    const outcomes = new Set<string>();
    for (const cut of cuts) {
      const h = await setup();
      await h.call('get_setting_data');
      h.transportOf().injectFault(cut.direction, cut.at, { kind: 'cut', power: cut.power });
      await h.call('set_setting_info', ['--kb_mode', 'power']).catch(() => undefined);
      const now = h.mode();
      const label = `${cut.direction} ${cut.at} (${cut.power})`;
      if (JSON.stringify(now) === JSON.stringify(before)) outcomes.add('old');
      else if (JSON.stringify(now) === JSON.stringify(after)) outcomes.add('new');
      else mixed.push(`${label}: ${JSON.stringify(now)}`);
      // Once the keyboard is back, the service shows what it holds.
      await h.reattach();
      const data = (await h.call('get_setting_data')) as SettingData;
      expect({ rate: data.report_rate, light: data.keylight_use }, label).toEqual({
        rate: [125, 250, 1000][now.reportRate],
        light: now.lightSwitch,
      });
    }
    expect(mixed).toEqual([]);
    // Cuts before the commit leave the old mode; a lost commit answer leaves the new one.
    expect(outcomes).toEqual(new Set(['old', 'new']));
  });
});
