import { afterEach, describe, expect, it, vi } from 'vitest';
import { capabilitiesFor } from '../../src/core/capabilities.ts';
import { CONFIGURABLE_MODELS } from '../../src/core/models.ts';
import { CMD, keysOfMask, PERF_FIELD, SUB } from '../../src/protocol/commands.ts';
import { decodeFrame, subId } from '../../src/protocol/frame.ts';
import { PERF_FLAG } from '../../src/protocol/objects.ts';
import { BridgeCallError } from '../../src/contract/bridge.ts';
import type { PerformancePayload } from '../../src/service/convert/performance.ts';
import { mmToUnits, roundMm, unitsToMm } from '../../src/service/convert/units.ts';
import { makeHarness } from './harness.ts';

type Harness = ReturnType<typeof makeHarness>;

async function setup(model = 'Made68Pro', fw = '9.9.9') {
  const h = makeHarness();
  const path = await h.add(model, fw);
  const kb = h.keyboardOf();
  const call = (func: string, args: string[] = []) => h.service.call('dev_info', func, ['--path', path, ...args]);
  const perf = async () => (await call('get_key_perf_info')) as PerformancePayload;
  return { ...h, path, kb, call, perf };
}

/** The device's whole flash as text: cheap to compare, unlike a large Uint8Array. */
const snapshot = (kb: ReturnType<Harness['keyboardOf']>) => new TextDecoder().decode(kb.serialize());

const profileOf = (kb: ReturnType<Harness['keyboardOf']>) => {
  const s = kb.inspect().state;
  return s.profiles[s.currentTheme]!;
};

/** Frames the host sends from now on, decoded. */
function recordSent(h: Harness) {
  const transport = h.transportOf();
  const send = transport.send.bind(transport);
  const frames: ReturnType<typeof decodeFrame>[] = [];
  vi.spyOn(transport, 'send').mockImplementation(async (report) => {
    frames.push(decodeFrame(report));
    return send(report);
  });
  return frames;
}

async function expectRefusal(promise: Promise<unknown>, key: string, type?: number, delay?: number) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BridgeCallError);
  const e = error as BridgeCallError;
  expect(e.toastKey).toBe(key);
  if (type !== undefined) expect(e.toastType).toBe(type);
  if (delay !== undefined) expect(e.toastDelay).toBe(delay);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('units', () => {
  it('converts device units to millimetres and back without float noise', () => {
    expect(unitsToMm(120)).toBe(1.2);
    expect(unitsToMm(3)).toBe(0.03);
    expect(mmToUnits(1.2)).toBe(120);
    expect(mmToUnits(0.1 + 0.2)).toBe(30);
    expect(mmToUnits(1.234)).toBe(123);
    expect(roundMm(0.1 + 0.2)).toBe(0.3);
  });

  it('refuses travel that cannot be sent', () => {
    expect(() => mmToUnits(-0.01)).toThrow(RangeError);
    expect(() => mmToUnits(Number.NaN)).toThrow(RangeError);
    expect(() => mmToUnits(700)).toThrow(RangeError);
  });
});

describe.each(CONFIGURABLE_MODELS)('performance on %s', (model) => {
  it('reports every key in mm with its switch limits and the rapid-trigger tab flag', async () => {
    const h = await setup(model);
    const info = await h.perf();
    const profile = profileOf(h.kb);
    const n = h.kb.model.keyCount;
    expect(info.key_triggers).toHaveLength(n);
    expect(info.key_triggers).toEqual(profile.perf.map((k) => k.trigger / 100));
    expect(info.key_deads).toEqual(profile.perf.map((k) => k.dead / 100));
    expect(info.key_switch_types).toEqual(profile.perf.map((k) => k.switchType));
    expect(info.key_rapid_triggers[0]!.p_rapid_value).toBe(profile.perf[0]!.rapidPress / 100);
    expect(info.key_accuracys).toHaveLength(n);
    expect(info.key_adcs).toHaveLength(n);
    expect(info.key_calibrations).toHaveLength(n);
    expect(info.rapid_vis).toBe(capabilitiesFor(model, '9.9.9').performance.rapidTriggerTab);
    expect(info.max_trigger).toBe(info.key_accuracys[0]!.max_trigger);
    expect(info.trigger_accuracy).toBe(0.01);
    expect(h.last('get_key_perf_info')).toEqual(info);
  });

  it('sets the trigger of several keys with one masked frame', async () => {
    const h = await setup(model);
    await h.perf();
    const sent = recordSent(h);
    const info = (await h.call('set_perf_info', ['--key_ids', '[0,2,5]', '--trigger', '1.234'])) as PerformancePayload;
    const writes = sent.filter((f) => f.cmd === CMD.performance && subId(f.sub) === SUB.performance.setKeys);
    expect(writes).toHaveLength(1);
    expect(writes[0]!.data[0]).toBe(PERF_FIELD.trigger);
    expect(keysOfMask(writes[0]!.data.subarray(3), 200)).toEqual([0, 2, 5]);
    const perf = profileOf(h.kb).perf;
    expect([perf[0]!.trigger, perf[2]!.trigger, perf[5]!.trigger]).toEqual([123, 123, 123]);
    expect(perf[1]!.trigger).not.toBe(123);
    expect(info.key_triggers[2]).toBe(1.23);
    expect((h.last('get_key_perf_info') as PerformancePayload).key_triggers[5]).toBe(1.23);
  });
});

describe('set_perf_info rules', () => {
  it('refuses an edit without keys (perf.no.select.keys, warning) and changes nothing', async () => {
    const h = await setup();
    const before = snapshot(h.kb);
    await expectRefusal(h.call('set_perf_info', ['--key_ids', '[]', '--trigger', '1']), 'perf.no.select.keys', 2, 3);
    await expectRefusal(h.call('set_perf_info', ['--trigger', '1']), 'perf.no.select.keys');
    expect(snapshot(h.kb)).toEqual(before);
    expect(h.last('toast_message')).toMatchObject({ title: 'perf.no.select.keys', type: 2 });
  });

  it('refuses travel outside the switch range and bad arguments', async () => {
    const h = await setup();
    const before = snapshot(h.kb);
    await expectRefusal(h.call('set_perf_info', ['--key_ids', '[0]', '--trigger', '5']), 'err.args.invalid');
    await expectRefusal(h.call('set_perf_info', ['--key_ids', '[0]', '--trigger', '0.01']), 'err.args.invalid');
    await expectRefusal(h.call('set_perf_info', ['--key_ids', '[0]', '--dead', '0.9']), 'err.args.invalid');
    await expectRefusal(h.call('set_perf_info', ['--key_ids', '[0]', '--trigger', 'abc']), 'err.args.invalid');
    await expectRefusal(h.call('set_perf_info', ['--key_ids', '[999]', '--trigger', '1']), 'err.args.invalid');
    await expectRefusal(
      h.call('set_perf_info', ['--key_ids', '[0]', '--trigger', '1', '--dead', '0.2']),
      'err.args.invalid',
    );
    await expectRefusal(h.call('set_perf_info', ['--key_ids', '[0]', '--switch_type', '18']), 'err.args.invalid');
    expect(snapshot(h.kb)).toEqual(before);
  });

  it('sets the dead zone from 0 to the switch maximum', async () => {
    const h = await setup();
    await h.call('set_perf_info', ['--key_ids', '[3]', '--dead', '0']);
    expect(profileOf(h.kb).perf[3]!.dead).toBe(0);
    const info = await h.perf();
    await h.call('set_perf_info', ['--key_ids', '[3]', '--dead', String(info.key_accuracys[3]!.max_dead)]);
    expect(profileOf(h.kb).perf[3]!.dead).toBe(mmToUnits(info.key_accuracys[3]!.max_dead));
  });

  it('applies a rapid-trigger setting field by field and blocks trigger and dead zone in rt_mode 1', async () => {
    const h = await setup();
    const rapid = { p_rapid_value: 0.25, r_rapid_value: 0.4, use_rapid: true, rt_mode: 1, rt_sensitivity_state: 2 };
    const info = (await h.call('set_perf_info', [
      '--key_ids',
      '[1,4]',
      '--rapid',
      JSON.stringify(rapid),
    ])) as PerformancePayload;
    const k = profileOf(h.kb).perf[4]!;
    expect([k.rapidPress, k.rapidRelease]).toEqual([25, 40]);
    expect(k.flags & PERF_FLAG.useRapid).toBeTruthy();
    expect(k.flags & PERF_FLAG.rtMode).toBeTruthy();
    expect((k.flags & PERF_FLAG.sensitivityMask) >> PERF_FLAG.sensitivityShift).toBe(2);
    expect(info.key_rapid_triggers[1]).toMatchObject({ ...rapid, use_rapid: true });

    const before = snapshot(h.kb);
    await expectRefusal(
      h.call('set_perf_info', ['--key_ids', '[4,7]', '--trigger', '2']),
      'perf.not.cfg.rt.trigger_or_dead',
      2,
      6,
    );
    await expectRefusal(
      h.call('set_perf_info', ['--key_ids', '[1]', '--dead', '0.2']),
      'perf.not.cfg.rt.trigger_or_dead',
    );
    expect(snapshot(h.kb)).toEqual(before);
  });

  it('blocks a sensitivity change on keys that do not use real-time sensitivity', async () => {
    const h = await setup();
    const before = snapshot(h.kb);
    await expectRefusal(
      h.call('set_perf_info', [
        '--key_ids',
        '[0]',
        '--rapid',
        JSON.stringify({ use_rapid: true, rt_sensitivity_state: 1 }),
      ]),
      'perf.not.cfg.rt.sensitivity',
      2,
      6,
    );
    expect(snapshot(h.kb)).toEqual(before);
    await expectRefusal(
      h.call('set_perf_info', ['--key_ids', '[0]', '--rapid', JSON.stringify({ p_rapid_value: 9 })]),
      'err.args.invalid',
    );
    await expectRefusal(
      h.call('set_perf_info', ['--key_ids', '[0]', '--rapid', JSON.stringify({ use_series_rapid: true })]),
      'err.args.invalid',
    );
    expect(snapshot(h.kb)).toEqual(before);
  });

  it('changes the switch type of the chosen keys, and of every key on cyber01 up to 1.2.8', async () => {
    const h = await setup('Cyber01', '1.2.9');
    await h.call('set_perf_info', ['--key_ids', '[2]', '--switch_type', '9']);
    const types = profileOf(h.kb).perf.map((k) => k.switchType);
    expect(types[2]).toBe(9);
    expect(types.filter((t) => t === 9)).toHaveLength(1);

    const old = await setup('Cyber01', '1.2.8');
    const sent = recordSent(old);
    const info = (await old.call('set_perf_info', ['--key_ids', '[2]', '--switch_type', '9'])) as PerformancePayload;
    const write = sent.find((f) => f.cmd === CMD.performance && subId(f.sub) === SUB.performance.setKeys)!;
    expect(keysOfMask(write.data.subarray(3), 200)).toEqual([]);
    expect(profileOf(old.kb).perf.every((k) => k.switchType === 9)).toBe(true);
    expect(info.key_switch_types.every((t) => t === 9)).toBe(true);
  });

  it('turns advanced rapid mode on for the chosen keys', async () => {
    const h = await setup();
    await h.call('set_perf_info', ['--key_ids', '[6]', '--advance_rapid', '1']);
    const perf = profileOf(h.kb).perf;
    expect(perf[6]!.flags & PERF_FLAG.advance).toBeTruthy();
    expect(perf[5]!.flags & PERF_FLAG.advance).toBeFalsy();
    expect((await h.perf()).key_rapid_triggers[6]!.advance_rapid_mode).toBe(1);
  });

  it.each([
    ['Made68Pro', '1.1.8', false],
    ['Made68Pro', '1.1.9', true],
    ['Cyber01', '9.9.9', false],
    ['Made68', '9.9.9', false],
    ['Real67', '1.0.0', true],
  ])('rapid-use-complete on %s %s is written: %s', async (model, fw, written) => {
    const h = await setup(model, fw);
    const info = (await h.call('set_perf_info', ['--key_rapid_use_complete', '1'])) as PerformancePayload;
    expect(profileOf(h.kb).rapidComplete).toBe(written ? 1 : 0);
    expect(info.key_rapid_use_complete).toBe(written ? 1 : 0);
  });

  it('rejects with err.dev.disconnected when the cable is pulled mid-call', async () => {
    const h = await setup();
    // The cable goes when the first report of the call reaches the keyboard.
    vi.spyOn(h.kb, 'receive').mockImplementation(() => {
      h.transportOf().disconnect();
      return [];
    });
    const pending = h.call('set_perf_info', ['--key_ids', '[0]', '--trigger', '2']);
    await expectRefusal(pending, 'err.dev.disconnected');
  });
});

describe('trigger stream and calibration', () => {
  it('streams trigger samples in mm with the device path after report mode 2', async () => {
    const h = await setup();
    await h.call('set_perf_info', ['--key_ids', '[3]', '--use_report', '2']);
    expect(h.kb.inspect().reportMode).toEqual({ mode: 2, keys: [3] });
    await h.service.call('app_info', 'press_key', ['--path', h.path, '--key_id', '3', '--depth', '1.5']);
    await vi.waitFor(() => expect(h.last('up_trigger_adc')).toBeDefined());
    const [json, path] = h.last('up_trigger_adc') as [string, string];
    expect(path).toBe(h.path);
    const samples = JSON.parse(json) as { id: number; trigger: number; adc: number }[];
    expect(samples[0]).toMatchObject({ id: 3, trigger: 1.5 });
    expect(samples[0]!.adc).toBeGreaterThan(0);

    await h.call('set_perf_info', ['--key_ids', '[]', '--use_report', '2']);
    expect(h.kb.inspect().reportMode.keys).toHaveLength(h.kb.model.keyCount);
    await h.call('set_perf_info', ['--key_ids', '[0]', '--use_report', '0']);
    expect(h.kb.inspect().reportMode.mode).toBe(0);
  });

  it('runs a calibration: start, track key ranges, save', async () => {
    const h = await setup();
    let info = (await h.call('set_perf_info', [
      '--key_ids',
      '[0]',
      '--calibration',
      '{"state":1}',
    ])) as PerformancePayload;
    expect(info.calibration_state).toBe(1);
    expect(h.kb.inspect().state.calibration.state).toBe(1);
    await h.service.call('app_info', 'press_key', ['--path', h.path, '--key_id', '7', '--depth', '4']);
    await vi.waitFor(() =>
      expect((h.last('up_calibration') as { key_calibrations: unknown[] } | undefined)?.key_calibrations).toBeDefined(),
    );
    const device = h.kb.inspect().state.calibration.keys[7]!;
    await vi.waitFor(() => {
      const cal = h.last('up_calibration') as {
        path: string;
        calibration_state: number;
        key_calibrations: { min: number; max: number }[];
      };
      expect(cal.path).toBe(h.path);
      expect(cal.key_calibrations[7]).toEqual(device);
    });
    expect(device.max).toBeGreaterThan(device.min);
    info = (await h.call('set_perf_info', ['--key_ids', '[0]', '--calibration', '{"state":2}'])) as PerformancePayload;
    expect(info.calibration_state).toBe(2);
    expect(info.key_calibrations[7]).toEqual(device);
    await expectRefusal(
      h.call('set_perf_info', ['--key_ids', '[0]', '--calibration', '{"state":3}']),
      'err.args.invalid',
    );
  });
});
