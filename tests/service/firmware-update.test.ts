/**
 * Firmware updates that end in words and lose nothing: images checked field by field before the bootloader, the
 * configuration backed up, restored and compared, refusals that leave the keyboard usable, lost reports recovered, a
 * failed restore or compare kept for the retry, and a keyboard waiting in its bootloader explained.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BridgeCallError } from '../../src/contract/bridge.ts';
import { findModel } from '../../src/core/models.ts';
import {
  buildFirmwareImage,
  encodeFirmwareHeader,
  FIRMWARE_HEADER_SIZE,
  FIRMWARE_SLOT_SIZE,
} from '../../src/protocol/firmware-image.ts';
import { CMD, SUB } from '../../src/protocol/commands.ts';
import { decodeFrame, encodeFrame, tagged } from '../../src/protocol/frame.ts';
import { commandFrame } from '../../src/protocol/messages.ts';
import { en_US } from '../../src/i18n/en_US.ts';
import { zh_CN } from '../../src/i18n/zh_CN.ts';
import { VirtualKeyboard } from '../../src/firmware/index.ts';
import { LoopbackTransport } from '../../src/transport/loopback.ts';
import { configOf, customised, mgOf, tapSteps, type FlowStep } from './flash-tap.ts';
import { makeHarness } from './harness.ts';

const MODEL = 'Made68Pro';
const text = (s: string): Uint8Array => new TextEncoder().encode(s);
/** The keys a cut update may end with: each says the update can be run again. */
const CUT_KEYS = ['err.fw.flash.interrupted', 'err.fw.flash.no.answer'];
const MODEL_ID = findModel(MODEL)!.modelId;

/** The step of each report a whole update of `image` sends (toDevice) and receives (toHost) on a fresh keyboard. */
async function flowOf(
  image: Uint8Array,
  make: () => Promise<{ transportOf: () => unknown; flash: (image: string) => Promise<unknown> }> = async () => {
    const h = await setup();
    return { ...h, flash: (mg: string) => h.call('run_other_func', ['--cmd', 'flash', '--mg', mg]) };
  },
): Promise<{ toDevice: FlowStep[]; toHost: FlowStep[] }> {
  const ref = await make();
  const tap = tapSteps(ref.transportOf() as LoopbackTransport);
  await ref.flash(mgOf(image));
  return tap.steps();
}

/** Reports of a flash before its first chunk: the backup, bootloader and begin. */
let BEFORE_CHUNKS = 0;
beforeAll(async () => {
  BEFORE_CHUNKS = (await flowOf(buildFirmwareImage(MODEL_ID, '10.3.0', 3000))).toDevice.indexOf('chunk');
});

async function setup() {
  const h = makeHarness();
  const path = await h.add(MODEL);
  const kb = h.keyboardOf();
  const call = (func: string, args: string[] = []) => h.service.call('dev_info', func, ['--path', path, ...args]);
  const flash = (image: Uint8Array) =>
    call('run_other_func', [
      '--cmd',
      'flash',
      '--mg',
      JSON.stringify([{ name: 'made68pro.mg', data: Buffer.from(image).toString('base64') }]),
    ]);
  const reattach = async () => {
    const transport = h.transportOf();
    transport.reconnect();
    await h.service.attach(transport, { virtual: true });
  };
  return { ...h, path, kb, call, flash, reattach };
}

async function refusalOf(promise: Promise<unknown>): Promise<BridgeCallError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BridgeCallError);
  return error as BridgeCallError;
}

describe('before the bootloader', () => {
  it('refuses an image too large for the update slot, and sends nothing', async () => {
    const h = await setup();
    const payload = FIRMWARE_SLOT_SIZE - FIRMWARE_HEADER_SIZE + 1;
    const image = new Uint8Array(FIRMWARE_HEADER_SIZE + payload);
    image.set(encodeFirmwareHeader(MODEL_ID, '10.0.0', payload));
    const sent = h.transportOf().delivered.toDevice;
    const e = await refusalOf(h.flash(image));
    expect(e.toastKey).toBe('err.fw.file.too.large');
    expect(e.args).toEqual([String(FIRMWARE_SLOT_SIZE)]);
    expect(h.transportOf().delivered.toDevice).toBe(sent);
    expect(h.kb.inspect().bootloader).toBe(false);
    expect(h.last('dev_update_hw_check')).toMatchObject({
      ok: false,
      file_model_id: MODEL_ID,
      size: image.length,
      max_size: FIRMWARE_SLOT_SIZE,
    });
    expect(h.last('dev_update')).toBeUndefined();
  });
});

describe('every check of the image, before the bootloader', () => {
  const good = () => buildFirmwareImage(MODEL_ID, '10.0.0', 1000);
  const edited = (at: number, change: (v: number) => number) => {
    const image = good();
    image[at] = change(image[at]!);
    return image;
  };
  const cases: [string, string, () => Uint8Array][] = [
    ['not an image', 'err.fw.file.magic', () => new TextEncoder().encode('PK\x03\x04 not a firmware image')],
    ['format 1', 'err.fw.file.format', () => edited(4, () => 1)],
    ['cut short', 'err.fw.file.length', () => good().subarray(0, 900)],
    ['damaged payload', 'err.fw.file.crc', () => edited(500, (v) => v ^ 0x10)],
    ['another model', 'err.fw.file.invalid', () => buildFirmwareImage(MODEL_ID + 1, '10.0.0', 1000)],
    [
      'another hardware',
      'err.fw.file.hardware',
      () => buildFirmwareImage(MODEL_ID, '10.0.0', 1000, { hwVersion: '2.0.0' }),
    ],
    ['a changed version', 'err.fw.file.signature', () => edited(6, () => 11)],
    [
      'a foreign key',
      'err.fw.file.signature',
      () => buildFirmwareImage(MODEL_ID, '10.0.0', 1000, { secretKey: new Uint8Array(32).fill(9) }),
    ],
  ];

  it.each(cases)('refuses %s with its own words in both languages, the keyboard untouched', async (_, key, image) => {
    const h = await setup();
    const before = configOf(h.kb);
    const sent = h.transportOf().delivered.toDevice;
    const e = await refusalOf(h.flash(image()));
    expect(e.toastKey).toBe(key);
    expect(h.transportOf().delivered.toDevice).toBe(sent);
    expect(h.kb.firmwareVersion).toBe('V9.9.9');
    expect(h.kb.inspect().bootloader).toBe(false);
    expect(configOf(h.kb)).toBe(before);
    expect(h.last('dev_update_hw_check')).toMatchObject({ ok: false });
    expect(h.last('dev_update')).toBeUndefined();
    expect(en_US[key as keyof typeof en_US]).toBeTruthy();
    expect(zh_CN[key as keyof typeof zh_CN]).toBeTruthy();
  });

  it('names both hardware versions when the image is for another one', async () => {
    const h = await setup();
    const e = await refusalOf(h.flash(buildFirmwareImage(MODEL_ID, '10.0.0', 100, { hwVersion: '2.0.0' })));
    expect(e.args).toEqual(['V2.0.0', 'V1.0.0']);
  });

  it("refuses the reference firmware's images for a keyboard on a real link", async () => {
    const h = makeHarness();
    const model = findModel(MODEL)!;
    const keyboard = new VirtualKeyboard({ model: MODEL, fwVer: '9.9.9', serial: 'REAL0001' });
    const transport = new LoopbackTransport(keyboard, { kind: 'webhid', vendorId: model.vendorId, productId: 1 });
    const entry = await h.service.attach(transport);
    const sent = transport.delivered.toDevice;
    const e = await refusalOf(
      h.service.call('dev_info', 'run_other_func', ['--path', entry.path, '--cmd', 'flash', '--mg', mgOf(good())]),
    );
    expect(e.toastKey).toBe('err.fw.file.signature');
    expect(transport.delivered.toDevice).toBe(sent);
    expect(keyboard.firmwareVersion).toBe('V9.9.9');
  });
});

describe('during the transfer', () => {
  it('recovers a lost chunk by asking the keyboard where it stands', async () => {
    const h = await setup();
    h.transportOf().injectFault('toDevice', BEFORE_CHUNKS + 5, { kind: 'drop' });
    const answer = (await h.flash(buildFirmwareImage(MODEL_ID, '10.3.0', 3000))) as { fw_ver: string };
    expect(answer.fw_ver).toBe('V10.3.0');
    expect(h.kb.firmwareVersion).toBe('V10.3.0');
  });

  it('leaves the bootloader when the keyboard refuses the transfer, so it stays usable', async () => {
    const h = await setup();
    // Chunk 3 arrives short: the keyboard refuses it.
    h.transportOf().injectFault('toDevice', BEFORE_CHUNKS + 4, {
      kind: 'replace',
      with: (report) => {
        const frame = decodeFrame(report);
        return [encodeFrame({ ...frame, data: frame.data.subarray(0, 20) })];
      },
    });
    const e = await refusalOf(h.flash(buildFirmwareImage(MODEL_ID, '10.3.0', 3000)));
    expect(e.toastKey).toBe('err.fw.flash.failed');
    expect(h.last('dev_update')).toMatchObject({ error: 1 });
    expect(h.kb.inspect().bootloader).toBe(false);
    expect(h.kb.firmwareVersion).toBe('V9.9.9');
    await expect(h.call('get_theme_info')).resolves.toMatchObject({ path: h.path });
  });
});

describe('after the transfer', () => {
  it('reports an error when the keyboard does not answer after its restart, and the same update finishes', async () => {
    const image = buildFirmwareImage(MODEL_ID, '10.5.0', 1000);
    const refind = (await flowOf(image)).toDevice.indexOf('refind');
    const h = await setup();
    const config = configOf(h.kb);
    h.transportOf().injectFault('toDevice', refind + 1, { kind: 'cut', power: 'kept' });
    const e = await refusalOf(h.flash(image));
    expect(e.toastKey).toBe('err.fw.flash.no.answer');
    expect(h.last('dev_update')).toMatchObject({ error: 1, progress: 100 });
    expect(h.kb.firmwareVersion).toBe('V10.5.0');
    await h.reattach();
    expect(h.service.deviceRecords().find((r) => r.path === h.path)?.fw_ver).toBe('V10.5.0');
    // Nothing is flashed again: the kept backup is put back on the new firmware.
    const retry = tapSteps(h.transportOf() as LoopbackTransport);
    await expect(h.flash(image)).resolves.toMatchObject({ fw_ver: 'V10.5.0' });
    expect(retry.steps().toDevice).not.toContain('chunk');
    expect(retry.steps().toDevice).not.toContain('finish');
    expect(configOf(h.kb)).toBe(config);
  });
});

describe('the configuration', () => {
  it('is the same after an update to a new major version, which starts from factory settings', async () => {
    const h = await customised();
    const config = configOf(h.kb);
    await expect(h.flash(mgOf(buildFirmwareImage(MODEL_ID, '10.0.0', 2000)))).resolves.toMatchObject({
      fw_ver: 'V10.0.0',
    });
    expect(configOf(h.kb)).toBe(config);
    expect(h.kb.inspect().state.profiles.map((p) => p.name)).toEqual(['Mine 0', 'Mine 1', 'Mine 2', 'Mine 3']);
    expect(h.kb.inspect().state.currentTheme).toBe(2);
    expect(h.kb.inspect().state.calibration.keys[5]).toEqual({ min: 1234, max: 3456 });
  });

  it('refused while restoring is kept, said in words, and the same update run again restores it', async () => {
    const image = buildFirmwareImage(MODEL_ID, '10.0.0', 2000);
    const steps = (await flowOf(image, customised)).toDevice;
    const h = await customised();
    const config = configOf(h.kb);
    // A report of the restore's first transaction arrives cut short: the keyboard refuses the transaction.
    h.transportOf().injectFault('toDevice', steps.indexOf('restore') + 6, {
      kind: 'replace',
      with: (report) => {
        const frame = decodeFrame(report);
        return [encodeFrame({ ...frame, data: frame.data.subarray(0, 3) })];
      },
    });
    const e = await refusalOf(h.flash(mgOf(image)));
    expect(e.toastKey).toBe('err.fw.restore.failed');
    expect(h.last('toast_message')).toMatchObject({ title: 'err.fw.restore.failed' });
    expect(h.kb.firmwareVersion).toBe('V10.0.0');
    expect(configOf(h.kb)).not.toBe(config);
    await expect(h.flash(mgOf(image))).resolves.toMatchObject({ fw_ver: 'V10.0.0' });
    expect(configOf(h.kb)).toBe(config);
  });

  it('read back different from the backup is said in words, and the same update run again restores it', async () => {
    const image = buildFirmwareImage(MODEL_ID, '10.0.0', 2000);
    const { toHost } = await flowOf(image, customised);
    const h = await customised();
    const config = configOf(h.kb);
    // The last reply of the comparison's reads arrives with another value (a checksum that fits it). (Its first
    // replies may answer the read the committed calibration's notification starts.)
    h.transportOf().injectFault('toHost', toHost.lastIndexOf('compare') + 1, {
      kind: 'replace',
      with: (report) => {
        const frame = decodeFrame(report);
        const data = frame.data.slice();
        data[data.length - 1] = data[data.length - 1]! ^ 0x01;
        return [encodeFrame({ ...frame, data })];
      },
    });
    const e = await refusalOf(h.flash(mgOf(image)));
    expect(e.toastKey).toBe('err.fw.restore.mismatch');
    await expect(h.flash(mgOf(image))).resolves.toMatchObject({ fw_ver: 'V10.0.0' });
    expect(configOf(h.kb)).toBe(config);
  });
});

describe('a keyboard left in its bootloader', () => {
  it('is sent back to its firmware as soon as it is back, is told about, and the update run again resumes', async () => {
    const h = await setup();
    const image = buildFirmwareImage(MODEL_ID, '10.6.0', 3000);
    const config = configOf(h.kb);
    h.transportOf().injectFault('toDevice', BEFORE_CHUNKS + 20, { kind: 'cut', power: 'kept' });
    expect((await refusalOf(h.flash(image))).toastKey).toBe('err.fw.flash.interrupted');
    expect(h.kb.inspect().bootloader).toBe(true);
    const held = h.kb.inspect().firmware.received;
    expect(held).toBeGreaterThan(0);
    await h.reattach();
    await h.service.afterCalls(h.path, async () => undefined);
    expect(h.kb.inspect().bootloader).toBe(false);
    expect(h.kb.firmwareVersion).toBe('V9.9.9');
    expect(configOf(h.kb)).toBe(config);
    expect(h.last('toast_message')).toMatchObject({ title: 'fw.recovery.left.bootloader', args: 'Made68Pro' });
    expect(en_US['fw.recovery.left.bootloader']).toBeTruthy();
    expect(zh_CN['fw.recovery.left.bootloader']).toBeTruthy();
    // The keyboard types and answers again.
    await expect(h.call('get_theme_info')).resolves.toMatchObject({ path: h.path });
    // The transfer stayed in the second slot: the update goes on from where it stopped.
    const retry = tapSteps(h.transportOf() as LoopbackTransport);
    await expect(h.flash(image)).resolves.toMatchObject({ fw_ver: 'V10.6.0' });
    const chunks = retry.steps().toDevice.filter((s) => s === 'chunk').length;
    expect(chunks).toBeLessThan(Math.ceil(image.length / 56) - held / 56 + 1);
    expect(configOf(h.kb)).toBe(config);
  });

  it('still answers configuration calls with a key that says to finish the update when nothing knows of it', async () => {
    const h = await setup();
    // Another host sent it to its bootloader: this service has no update of it to finish or undo.
    await h.kb.receive(encodeFrame(tagged(commandFrame(CMD.system, SUB.system.bootloader, text('BOOT')), 9)));
    expect(h.kb.inspect().bootloader).toBe(true);
    for (const args of [['get_theme_info'], ['run_other_func', '--cmd', 'reset'], ['get_key_value_info']] as const) {
      const e = await refusalOf(h.call(args[0], args.slice(1)));
      expect(e.toastKey).toBe('err.dev.bootloader');
      expect(h.last('toast_message')).toMatchObject({ title: 'err.dev.bootloader' });
    }
    // The update backs the configuration up from the firmware it sends the keyboard back to, then installs.
    const answer = (await h.flash(buildFirmwareImage(MODEL_ID, '10.6.0', 3000))) as { fw_ver: string };
    expect(answer.fw_ver).toBe('V10.6.0');
    expect(h.kb.inspect().bootloader).toBe(false);
    await expect(h.call('get_theme_info')).resolves.toMatchObject({ path: h.path });
  });
});

describe('a keyboard that lost its power as the update finished', () => {
  it('gets its configuration back as soon as it is back, without the update run again, and is told', async () => {
    const image = buildFirmwareImage(MODEL_ID, '10.0.0', 2000);
    const { toHost } = await flowOf(image, customised);
    const h = await customised();
    const config = configOf(h.kb);
    // The answer to finish is lost with the power: the keyboard restarts on the new firmware, in its factory state.
    h.transportOf().injectFault('toHost', toHost.indexOf('finish') + 1, { kind: 'cut', power: 'lost' });
    expect(CUT_KEYS).toContain((await refusalOf(h.flash(mgOf(image)))).toastKey);
    expect(h.kb.firmwareVersion).toBe('V10.0.0');
    expect(configOf(h.kb)).not.toBe(config);
    await h.reattach();
    await h.service.afterCalls(h.path, async () => undefined);
    expect(configOf(h.kb)).toBe(config);
    expect(h.last('toast_message')).toMatchObject({ title: 'fw.recovery.restored', args: 'Made68Pro', type: 0 });
    expect(zh_CN['fw.recovery.restored']).toBeTruthy();
    // Nothing is left to do: the same update run again only checks.
    const retry = tapSteps(h.transportOf() as LoopbackTransport);
    await expect(h.flash(mgOf(image))).resolves.toMatchObject({ fw_ver: 'V10.0.0' });
    expect(retry.steps().toDevice).not.toContain('chunk');
    expect(configOf(h.kb)).toBe(config);
  });
});

describe('run_other_func arguments', () => {
  it('takes the argument of its command only, and works through the typed client', async () => {
    const h = await setup();
    const mg = [{ name: 'a.mg', data: Buffer.from(buildFirmwareImage(MODEL_ID, '10.0.0', 100)).toString('base64') }];
    for (const args of [
      ['--cmd', 'reset', '--mg', JSON.stringify(mg)],
      ['--cmd', 'flash', '--content', '[{"key_ids":[0],"trigger":1}]'],
      ['--cmd', 'flash'],
      ['--cmd', 'export_group_cfg'],
    ])
      expect((await refusalOf(h.call('run_other_func', args))).toastKey).toBe('err.args.invalid');
    expect(h.kb.firmwareVersion).toBe('V9.9.9');
    const answer = await h.client.runOtherFunc({ path: h.path, cmd: 'flash', mg });
    expect(answer).toEqual({ path: h.path, fw_ver: 'V10.0.0', hw_ver: 'V1.0.0' });
    const settings = await h.client.runOtherFunc({ path: h.path, cmd: 'reset' });
    expect(settings).toMatchObject({ path: h.path, fw_ver: 'V10.0.0' });
  });
});

describe('layers', () => {
  it('the service reads firmware images through the protocol, never through the reference firmware', () => {
    const root = join(__dirname, '../../src/service');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const reaching = files.filter((f) => /from '(\.\.\/)+firmware\//.test(readFileSync(join(root, f), 'utf8')));
    expect(reaching).toEqual([]);
  });
});
