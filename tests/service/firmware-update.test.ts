/**
 * Firmware updates that end in words: images checked before the bootloader, refusals that leave the keyboard
 * usable, lost reports recovered, a failed handshake reported, and a keyboard waiting in its bootloader explained.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BridgeCallError } from '../../src/contract/bridge.ts';
import { findModel } from '../../src/core/models.ts';
import {
  buildFirmwareImage,
  encodeFirmwareHeader,
  FIRMWARE_HEADER_SIZE,
  FIRMWARE_SLOT_SIZE,
} from '../../src/protocol/firmware-image.ts';
import { decodeFrame, encodeFrame } from '../../src/protocol/frame.ts';
import { makeHarness } from './harness.ts';

const MODEL = 'Made68Pro';
const MODEL_ID = findModel(MODEL)!.modelId;
/** Reports of a flash of this image before its first chunk: bootloader, begin. */
const BEFORE_CHUNKS = 2;

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
  it('reports an error in dev_update and says so when the handshake after flashing fails', async () => {
    const image = buildFirmwareImage(MODEL_ID, '10.5.0', 1000);
    const ref = await setup();
    const start = ref.transportOf().delivered.toDevice;
    await ref.flash(image);
    const reports = ref.transportOf().delivered.toDevice - start;

    const h = await setup();
    // The last report of a flash is the handshake request after finish.
    h.transportOf().injectFault('toDevice', reports, { kind: 'cut', power: 'kept' });
    const e = await refusalOf(h.flash(image));
    expect(e.toastKey).toBe('err.fw.flash.no.answer');
    expect(h.last('dev_update')).toMatchObject({ error: 1, progress: 100 });
    expect(h.kb.firmwareVersion).toBe('V10.5.0');
    await h.reattach();
    expect(h.service.deviceRecords().find((r) => r.path === h.path)?.fw_ver).toBe('V10.5.0');
  });
});

describe('a keyboard left in its bootloader', () => {
  it('answers configuration calls with a key that says to finish the update, and the update finishes it', async () => {
    const h = await setup();
    const image = buildFirmwareImage(MODEL_ID, '10.6.0', 3000);
    h.transportOf().injectFault('toDevice', BEFORE_CHUNKS + 20, { kind: 'cut', power: 'kept' });
    expect((await refusalOf(h.flash(image))).toastKey).toBe('err.fw.flash.interrupted');
    await h.reattach();
    expect(h.kb.inspect().bootloader).toBe(true);

    for (const args of [
      ['get_theme_info'],
      ['run_other_func', '--cmd', 'reset'],
      ['get_key_value_info'],
      ['get_key_perf_info'],
      ['get_key_color_info'],
      ['get_setting_data'],
      ['set_key_info', '--index', '0', '--select', '[1]', '--code', '4'],
    ] as const) {
      const e = await refusalOf(h.call(args[0], args.slice(1)));
      expect(e.toastKey).toBe('err.dev.bootloader');
      expect(h.last('toast_message')).toMatchObject({ title: 'err.dev.bootloader' });
    }
    const answer = (await h.flash(image)) as { fw_ver: string };
    expect(answer.fw_ver).toBe('V10.6.0');
    expect(h.kb.inspect().bootloader).toBe(false);
    await expect(h.call('get_theme_info')).resolves.toMatchObject({ path: h.path });
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
