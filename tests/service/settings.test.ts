import { describe, expect, it, vi } from 'vitest';
import { capabilitiesFor } from '../../src/core/capabilities.ts';
import { CONFIGURABLE_MODELS, findModel } from '../../src/core/models.ts';
import { BridgeCallError } from '../../src/contract/bridge.ts';
import type { SettingData } from '../../src/service/convert/settings.ts';
import { makeHarness } from './harness.ts';

async function setup(model = 'Made68Pro', fw = '9.9.9') {
  const h = makeHarness();
  const path = await h.add(model, fw);
  const kb = h.keyboardOf();
  const call = (func: string, args: string[] = []) => h.service.call('dev_info', func, ['--path', path, ...args]);
  const snapshot = () => new TextDecoder().decode(kb.serialize());
  return { ...h, path, kb, call, snapshot };
}

async function refusalOf(promise: Promise<unknown>): Promise<BridgeCallError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BridgeCallError);
  return error as BridgeCallError;
}

describe.each(CONFIGURABLE_MODELS)('device settings on %s', (model) => {
  it('answers and emits the setting data', async () => {
    const h = await setup(model);
    const data = (await h.call('get_setting_data')) as SettingData;
    const s = h.kb.inspect().state;
    expect(data).toMatchObject({
      path: h.path,
      fw_ver: 'V9.9.9',
      hw_ver: 'V1.0.0',
      use_n_key: s.settings.useNKey,
      use_sleep: s.settings.useSleep,
      sleep_time: s.settings.sleepTime,
      auto_calibration: s.settings.autoCalibration,
      access_mode: 0,
      n_key_supported: true,
      sleep_supported: true,
    });
    expect(data.release_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect([125, 250, 1000]).toContain(data.report_rate);
    expect(data.battery).toBe(findModel(model)!.wireless ? s.device.battery : -1);
    expect(h.last('get_setting_data')).toEqual(data);
  });

  it('switches N-key rollover, sleep and automatic calibration', async () => {
    const h = await setup(model);
    await h.call('set_setting_info', ['--use_n_key', '1']);
    await h.call('set_setting_info', ['--use_sleep', '1', '--sleep_time', '45']);
    const data = (await h.call('set_setting_info', ['--calibration', '{"auto_calibration":0}'])) as SettingData;
    expect(h.kb.inspect().state.settings).toMatchObject({ useNKey: 1, useSleep: 1, sleepTime: 45, autoCalibration: 0 });
    expect(data).toMatchObject({ use_n_key: 1, use_sleep: 1, sleep_time: 45, auto_calibration: 0 });
    expect(h.last('get_setting_data')).toEqual(data);
  });

  it('answers init_opt_list with the capability summary and describes the keyboard', async () => {
    const h = await setup(model);
    const caps = capabilitiesFor(model, '9.9.9');
    const options = (await h.call('init_opt_list')) as Record<string, unknown>;
    expect(options).toMatchObject({
      path: h.path,
      tabs: [0, 1, 3, 4],
      rapid_vis: caps.performance.rapidTriggerTab,
      theme_change: caps.settings.themeChange,
      outer_frame: caps.lighting.outerFrame,
      ambient: caps.lighting.ambient,
      game_config_set: caps.gameConfigSet,
    });
    expect((options.perf_tabs as number[]).includes(1)).toBe(caps.gameConfigSet !== null);
    expect(h.last('init_opt_list')).toEqual(options);
    expect(h.last('keyboard_info')).toMatchObject({ path: h.path, key_count: findModel(model)!.keyCount });
  });
});

describe('setting rules', () => {
  it.each([
    ['Cyber01', '2.1.5', '2.1.6'],
    ['Made68', '2.0.5', '2.0.6'],
    ['Made68Pro', '1.1.1', '1.1.2'],
    ['Mojo68RT', '1.1.1', '1.1.2'],
  ])('%s refuses N-key and sleep at %s and allows them at %s', async (model, old, newer) => {
    const h = await setup(model, old);
    const before = h.snapshot();
    for (const args of [
      ['--use_n_key', '1'],
      ['--use_sleep', '1', '--sleep_time', '10'],
    ]) {
      const e = await refusalOf(h.call('set_setting_info', args));
      // The toast table's style of warn.not.apply (spec-1 §8: type 1, 3 s).
      expect([e.toastKey, e.toastType, e.toastDelay]).toEqual(['warn.not.apply', 1, 3]);
    }
    expect(h.snapshot()).toBe(before);
    expect(((await h.call('get_setting_data')) as SettingData).n_key_supported).toBe(false);
    // Automatic calibration is no N-key/sleep feature: it works on old firmware too.
    await h.call('set_setting_info', ['--calibration', '{"auto_calibration":false}']);
    expect(h.kb.inspect().state.settings.autoCalibration).toBe(0);

    const n = await setup(model, newer);
    await n.call('set_setting_info', ['--use_n_key', '1']);
    expect(n.kb.inspect().state.settings.useNKey).toBe(1);
  });

  it('refuses sleep times outside 1-60 minutes and malformed arguments, changing nothing', async () => {
    const h = await setup();
    const before = h.snapshot();
    for (const args of [
      ['--use_sleep', '1', '--sleep_time', '0'],
      ['--use_sleep', '1', '--sleep_time', '61'],
      ['--use_sleep', '1', '--sleep_time', '2.5'],
      ['--use_sleep', '1'],
      ['--use_n_key', 'yes'],
      ['--calibration', '{"auto":1}'],
      ['--calibration', 'nope'],
      ['--use_n_key', '1', '--use_sleep', '0'],
      [],
    ]) {
      const e = await refusalOf(h.call('set_setting_info', args));
      expect(e.toastKey).toBe('err.args.invalid');
    }
    expect(h.snapshot()).toBe(before);
    await h.call('set_setting_info', ['--use_sleep', '1', '--sleep_time', '60']);
    await h.call('set_setting_info', ['--use_sleep', '0']);
    expect(h.kb.inspect().state.settings).toMatchObject({ useSleep: 0, sleepTime: 60 });
  });

  it('reports the battery of a wireless keyboard as it changes', async () => {
    const h = await setup('Made68Air');
    h.kb.setBattery(42);
    expect(((await h.call('get_setting_data')) as SettingData).battery).toBe(42);
  });

  it('refuses an unknown device and rejects with err.dev.disconnected when the cable is pulled', async () => {
    const h = await setup();
    const missing = await refusalOf(h.service.call('dev_info', 'get_setting_data', ['--path', 'nowhere']));
    expect(missing.toastKey).toBe('err.dev.not.found');
    // The cable goes when the first report of the call reaches the keyboard.
    vi.spyOn(h.kb, 'receive').mockImplementation(() => {
      h.transportOf().disconnect();
      return [];
    });
    const pending = h.call('set_setting_info', ['--use_n_key', '1']);
    expect((await refusalOf(pending)).toastKey).toBe('err.dev.disconnected');
  });
});
