import { afterEach, describe, expect, it, vi } from 'vitest';
import { capabilitiesFor } from '../../src/core/capabilities.ts';
import { CONFIGURABLE_MODELS, findModel } from '../../src/core/models.ts';
import { toastStyle } from '../../src/core/toast-keys.ts';
import { buildFirmwareImage } from '../../src/protocol/firmware-image.ts';
import { CMD, SUB } from '../../src/protocol/commands.ts';
import { decodeFrame, encodeFrame, subId } from '../../src/protocol/frame.ts';
import { BridgeCallError, type DeviceRecord } from '../../src/contract/bridge.ts';
import type { PerformancePayload } from '../../src/service/convert/performance.ts';
import { LoopbackTransport } from '../../src/transport/loopback.ts';
import { LINK_PRESETS } from '../../src/transport/types.ts';
import { makeHarness } from './harness.ts';

async function setup(model = 'Made68Pro', fw = '9.9.9') {
  const h = makeHarness();
  const path = await h.add(model, fw);
  const kb = h.keyboardOf();
  const call = (func: string, args: string[] = []) => h.service.call('dev_info', func, ['--path', path, ...args]);
  const snapshot = () => new TextDecoder().decode(kb.serialize());
  const flash = (files: { name: string; data: Uint8Array }[]) =>
    call('run_other_func', [
      '--cmd',
      'flash',
      '--mg',
      JSON.stringify(files.map((f) => ({ name: f.name, data: Buffer.from(f.data).toString('base64') }))),
    ]);
  return { ...h, path, kb, call, snapshot, flash };
}

async function refusalOf(promise: Promise<unknown>): Promise<BridgeCallError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BridgeCallError);
  return error as BridgeCallError;
}

interface Progress {
  error: number;
  progress: number;
  total: number;
  file_count: number;
  task_id: number;
}

const progressOf = (h: ReturnType<typeof makeHarness>) =>
  h.events.filter((e) => e.event === 'dev_update').map((e) => e.payload as Progress);

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(CONFIGURABLE_MODELS)('firmware update on %s', (model) => {
  it('flashes a firmware file, reports progress and the new version', async () => {
    const h = await setup(model);
    const image = buildFirmwareImage(findModel(model)!.modelId, '10.1.2');
    const answer = (await h.flash([{ name: 'firmware.mg', data: image }])) as { fw_ver: string };
    expect(answer.fw_ver).toBe('V10.1.2');
    expect(h.kb.firmwareVersion).toBe('V10.1.2');
    const check = h.events.findIndex((e) => e.event === 'dev_update_hw_check');
    expect(check).toBeGreaterThanOrEqual(0);
    expect(check).toBeLessThan(h.events.findIndex((e) => e.event === 'dev_update'));
    expect(h.events[check]!.payload).toMatchObject({ ok: true, hw_ver: 'V1.0.0' });
    expect(h.last('flash_by_info')).toMatchObject({
      files: [{ name: 'firmware.mg', size: image.length, fw_ver: 'V10.1.2' }],
    });
    const progress = progressOf(h);
    expect(progress.every((p) => p.error === 0 && p.file_count === 1 && p.total === 100)).toBe(true);
    expect(progress.map((p) => p.progress)).toEqual([...progress.map((p) => p.progress)].sort((a, b) => a - b));
    expect(progress.at(-1)!.progress).toBe(100);
    const records = h.last('devs_changed') as DeviceRecord[];
    expect(records.find((r) => r.path === h.path)!.fw_ver).toBe('V10.1.2');
    // The new firmware's capabilities apply from now on.
    const perf = (await h.call('get_key_perf_info')) as PerformancePayload;
    expect(perf.rapid_vis).toBe(capabilitiesFor(model, '10.1.2').performance.rapidTriggerTab);
  });
});

describe('firmware files', () => {
  it('asks for the desktop app when the package has a non-empty .mgd file', async () => {
    const h = await setup();
    const before = h.snapshot();
    const e = await refusalOf(
      h.flash([
        { name: 'fw.mg', data: buildFirmwareImage(3, '10.0.0') },
        { name: 'fw.mgd', data: new Uint8Array([1, 2, 3]) },
      ]),
    );
    expect([e.toastKey, e.toastType, e.toastDelay]).toEqual(['cfg.dev.update.request', 2, 6]);
    expect(h.snapshot()).toBe(before);
    expect(progressOf(h)).toHaveLength(0);
  });

  it('flashes .mg files shortest name first and ignores an empty .mgd', async () => {
    const h = await setup();
    await h.flash([
      { name: 'second_file.mg', data: buildFirmwareImage(3, '10.0.2', 200) },
      { name: 'a.mg', data: buildFirmwareImage(3, '10.0.1', 200) },
      { name: 'empty.mgd', data: new Uint8Array(0) },
    ]);
    expect(h.kb.firmwareVersion).toBe('V10.0.2');
    const progress = progressOf(h);
    expect(progress.every((p) => p.file_count === 2)).toBe(true);
    expect(progress.find((p) => p.task_id === 1)).toBeDefined();
    expect(progress.findIndex((p) => p.task_id === 1)).toBeGreaterThan(progress.findLastIndex((p) => p.task_id === 0));
  });

  it('refuses packages without a firmware file, foreign images and malformed arguments', async () => {
    const h = await setup();
    const before = h.snapshot();
    expect((await refusalOf(h.flash([{ name: 'readme.txt', data: new Uint8Array(4) }]))).toastKey).toBe(
      'err.fw.file.invalid',
    );
    expect((await refusalOf(h.flash([{ name: 'x.mg', data: buildFirmwareImage(1, '10.0.0') }]))).toastKey).toBe(
      'err.fw.file.invalid',
    );
    expect(h.last('dev_update_hw_check')).toMatchObject({ ok: false, file_model_id: 1, device_model_id: 3 });
    expect((await refusalOf(h.flash([{ name: 'x.mg', data: new Uint8Array(40) }]))).toastKey).toBe('err.fw.file.magic');
    for (const mg of ['not json', '[]', '[{"name":"a.mg","data":"@@@"}]']) {
      const e = await refusalOf(h.call('run_other_func', ['--cmd', 'flash', '--mg', mg]));
      expect(e.toastKey).toBe('err.args.invalid');
    }
    expect((await refusalOf(h.call('run_other_func', ['--cmd', 'dance']))).toastKey).toBe('err.args.invalid');
    expect(h.snapshot()).toBe(before);
    expect(h.kb.firmwareVersion).toBe('V9.9.9');
  });

  it('reports a device error in the progress and refuses; the old firmware keeps running', async () => {
    const h = await setup();
    const transport = h.transportOf();
    const send = transport.send.bind(transport);
    vi.spyOn(transport, 'send').mockImplementation(async (report) => {
      const f = decodeFrame(report);
      // Damage one chunk on the way: the device's CRC check over the whole image must catch it.
      if (f.cmd === CMD.firmware && subId(f.sub) === SUB.firmware.chunk && f.offset === 3) {
        const data = f.data.slice();
        data[0]! ^= 0xff;
        return send(encodeFrame({ ...f, data }));
      }
      return send(report);
    });
    const e = await refusalOf(h.flash([{ name: 'fw.mg', data: buildFirmwareImage(3, '10.0.0') }]));
    expect(e.toastKey).toBe('err.fw.flash.failed');
    expect(progressOf(h).at(-1)).toMatchObject({ error: 1 });
    expect(h.kb.firmwareVersion).toBe('V9.9.9');
  });

  it('resumes a flash cut by a disconnect once the keyboard is added again', async () => {
    const h = await setup();
    const image = buildFirmwareImage(3, '10.2.0', 8000);
    const off = h.service.on('dev_update', (p) => {
      if ((p as Progress).progress >= 40) {
        off();
        h.transportOf().disconnect();
      }
    });
    expect((await refusalOf(h.flash([{ name: 'fw.mg', data: image }]))).toastKey).toBe('err.fw.flash.interrupted');
    const received = h.kb.inspect().firmware.received;
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(image.length);

    const model = findModel('Made68Pro')!;
    const again = new LoopbackTransport(
      h.kb,
      { vendorId: model.vendorId, productId: model.productId, productName: model.displayName },
      LINK_PRESETS.instant,
    );
    const entry = await h.service.attach(again, { virtual: true });
    expect(entry.path).toBe(h.path);
    const chunks: number[] = [];
    const send = again.send.bind(again);
    vi.spyOn(again, 'send').mockImplementation(async (report) => {
      const f = decodeFrame(report);
      if (f.cmd === CMD.firmware && subId(f.sub) === SUB.firmware.chunk) chunks.push(f.offset);
      return send(report);
    });
    const mark = h.events.length;
    await h.flash([{ name: 'fw.mg', data: image }]);
    expect(chunks[0]).toBe(received / 56);
    const resumed = h.events.slice(mark).find((e) => e.event === 'dev_update')!.payload as Progress;
    expect(resumed.progress).toBeGreaterThanOrEqual(40);
    expect(h.kb.firmwareVersion).toBe('V10.2.0');
  });
});

describe('factory reset and game-config cards', () => {
  it('resets the keyboard to factory state and sends fresh settings and themes', async () => {
    const h = await setup();
    const factory = h.kb.inspect().state;
    await h.call('set_perf_info', ['--key_ids', '[0]', '--trigger', '3']);
    await h.call('set_setting_info', ['--use_n_key', '1']);
    await h.call('set_theme_info', ['--theme_name', 'Mine', '--cur_theme_id', '0']);
    await h.call('set_theme_info', ['--change_theme_id', '2']);
    await h.call('run_other_func', ['--cmd', 'reset']);
    const state = h.kb.inspect().state;
    expect(state.profiles).toEqual(factory.profiles);
    expect(state.settings).toEqual(factory.settings);
    expect(h.last('get_theme_info')).toMatchObject({ theme_mode: factory.currentTheme });
    expect(h.last('get_setting_data')).toMatchObject({ use_n_key: factory.settings.useNKey });
    const perf = (await h.call('get_key_perf_info')) as PerformancePayload;
    expect(perf.key_triggers[0]).toBe(factory.profiles[factory.currentTheme]!.perf[0]!.trigger / 100);
  });

  it('applies a game-config card with masked writes', async () => {
    const h = await setup('Made68Air');
    const card = [
      {
        key_ids: [1, 2, 3],
        trigger: 0.5,
        dead: 0.05,
        rapid: { use_rapid: true, p_rapid_value: 0.1, r_rapid_value: 0.2 },
      },
      { key_ids: [10], trigger: 2.5 },
    ];
    const info = (await h.call('run_other_func', [
      '--cmd',
      'export_group_cfg',
      '--content',
      JSON.stringify(card),
    ])) as PerformancePayload;
    const perf = h.kb.inspect().state.profiles[0]!.perf;
    expect(perf[2]).toMatchObject({ trigger: 50, dead: 5, rapidPress: 10, rapidRelease: 20 });
    expect(perf[2]!.flags & 1).toBe(1);
    expect(perf[10]!.trigger).toBe(250);
    expect(info.key_triggers[3]).toBe(0.5);
    expect(h.last('get_key_perf_info')).toEqual(info);
  });

  it('refuses a card on models without a game-config set and bad cards, changing nothing', async () => {
    const none = await setup('Made84Pro');
    const before = none.snapshot();
    const e = await refusalOf(
      none.call('run_other_func', ['--cmd', 'export_group_cfg', '--content', '[{"key_ids":[0],"trigger":1}]']),
    );
    const style = toastStyle('warn.not.apply');
    expect([e.toastKey, e.toastType, e.toastDelay]).toEqual(['warn.not.apply', style.type, style.delay]);
    expect(none.snapshot()).toBe(before);

    const h = await setup();
    const unchanged = h.snapshot();
    for (const content of [
      '[{"key_ids":[0],"trigger":1},{"key_ids":[1],"trigger":7}]',
      '[{"key_ids":[500],"trigger":1}]',
      '[{"key_ids":[0],"speed":1}]',
      '[]',
    ]) {
      const bad = await refusalOf(h.call('run_other_func', ['--cmd', 'export_group_cfg', '--content', content]));
      expect(bad.toastKey).toBe('err.args.invalid');
    }
    expect(h.snapshot()).toBe(unchanged);
  });
});
