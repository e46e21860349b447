/**
 * dev_info run_other_func (spec-2 §4, §7): factory reset, firmware flashing from a package's files, and applying a
 * game-config card.
 *
 * Flashing: bootloader, begin (the device answers how much of this very image it already holds, so a cut transfer
 * resumes), chunks in windows of which only the last frame is answered, finish (the device verifies the CRC and
 * model before it runs the new image), then a fresh handshake.
 */
import { z } from 'zod';
import { fail } from '../../core/rules/result.ts';
import { TOAST_KEYS } from '../../core/toast-keys.ts';
import { crc32 } from '../../protocol/crc.ts';
import { CMD, SUB } from '../../protocol/commands.ts';
import { DEVICE_ERROR } from '../../protocol/errors.ts';
import { SUB_MORE, SUB_WRITE, type Frame } from '../../protocol/frame.ts';
import { DescriptorLayout, FIRMWARE_CHUNK, FIRMWARE_WINDOW, FirmwareBeginLayout } from '../../protocol/objects.ts';
import { readFirmwareHeader, type FirmwareHeader } from '../../firmware/index.ts';
import { invalid, json, str } from '../args.ts';
import { BridgeCallError } from '../bridge.ts';
import { invalidate } from '../cache.ts';
import type { CallContext, DeviceEntry } from '../context.ts';
import type { DeviceService } from '../service.ts';
import { versionText } from '../service.ts';
import { SessionError } from '../session.ts';
import {
  capabilitiesOf,
  keyIdsArgFrom,
  RapidArgSchema,
  refusal,
  setRapid,
  setTravel,
  travelCheck,
} from './performance.ts';
import { emitSettingData } from './settings.ts';
import { readThemeInfo } from './theme.ts';
import { readPerformance } from '../convert/performance.ts';

/* ---------- firmware files ---------- */

const FileSchema = z.array(z.object({ name: z.string().min(1), data: z.string() }).strict()).min(1);
type PackageFile = z.infer<typeof FileSchema>[number];

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function decodeBase64(name: string, text: string): Uint8Array {
  const clean = text.replace(/\s+/g, '');
  if (!BASE64.test(clean) || clean.length % 4 === 1) throw invalid(`file ${name} is not base64`);
  const binary = atob(clean);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

const extensionIs = (file: PackageFile, ext: string): boolean => file.name.toLowerCase().endsWith(ext);

/**
 * The images to flash, in order. A non-empty .mgd file means the update needs the desktop tool: the call ends with
 * cfg.dev.update.request. Otherwise every .mg file, shortest name first (spec-2 §4).
 */
export function pickFirmwareFiles(files: readonly PackageFile[]): { name: string; image: Uint8Array }[] {
  const mgd = files.filter((f) => extensionIs(f, '.mgd'));
  if (mgd.some((f) => decodeBase64(f.name, f.data).length > 0))
    throw refusal(fail(TOAST_KEYS.updateRequest), 'this update must be installed with the desktop app');
  const mg = files.filter((f) => extensionIs(f, '.mg')).sort((a, b) => a.name.length - b.name.length);
  if (mg.length === 0) throw new BridgeCallError(TOAST_KEYS.firmwareFileInvalid, 'the package holds no firmware file');
  return mg.map((f) => ({ name: f.name, image: decodeBase64(f.name, f.data) }));
}

/* ---------- flashing ---------- */

interface Progress {
  error: 0 | 1;
  progress: number;
  total: number;
  file_count: number;
  task_id: number;
}

async function enterBootloader(device: DeviceEntry): Promise<void> {
  try {
    await device.session.command(CMD.system, SUB.system.bootloader, new TextEncoder().encode('BOOT'));
  } catch (e) {
    // A device already in its bootloader (an update cut short) answers busy to everything but firmware commands.
    if (!(e instanceof SessionError && e.reason === 'device' && e.deviceCode === DEVICE_ERROR.busy)) throw e;
  }
}

function chunkFrame(index: number, image: Uint8Array, last: boolean): Frame {
  const at = index * FIRMWARE_CHUNK;
  return {
    cmd: CMD.firmware,
    sub: SUB.firmware.chunk | SUB_WRITE | (last ? 0 : SUB_MORE),
    offset: index,
    data: image.subarray(at, Math.min(image.length, at + FIRMWARE_CHUNK)),
  };
}

async function flashImage(
  device: DeviceEntry,
  image: Uint8Array,
  header: FirmwareHeader,
  report: (received: number) => void,
): Promise<void> {
  const begin = FirmwareBeginLayout.encode({
    target: 0,
    size: image.length,
    version: header.version,
    crc: crc32(image),
  });
  const ack = await device.session.command(CMD.firmware, SUB.firmware.begin, begin);
  const resumeFrom = ack.data.length >= 5 ? new DataView(ack.data.buffer, ack.data.byteOffset).getUint32(1, true) : 0;
  const chunks = Math.ceil(image.length / FIRMWARE_CHUNK);
  let next = Math.min(chunks, Math.floor(resumeFrom / FIRMWARE_CHUNK));
  report(next * FIRMWARE_CHUNK);
  while (next < chunks) {
    const end = Math.min(chunks, next + FIRMWARE_WINDOW);
    const frames: Frame[] = [];
    for (let i = next; i < end; i++) frames.push(chunkFrame(i, image, i === end - 1));
    await device.session.stream(frames);
    next = end;
    report(Math.min(image.length, next * FIRMWARE_CHUNK));
  }
  await device.session.command(CMD.firmware, SUB.firmware.finish, new Uint8Array(0));
}

/** Reads the handshake again after a flash: the new version, its capacities and flags. */
async function rehandshake(service: DeviceService, device: DeviceEntry): Promise<void> {
  const d = DescriptorLayout.decode(await device.session.readObject('descriptor'));
  device.descriptor = d;
  device.session.descriptor = d;
  invalidate(device);
  service.updateRecord(device.path, { fw_ver: versionText(d.fw), hw_ver: versionText(d.hw), red_point: false });
}

async function flash(service: DeviceService, ctx: CallContext): Promise<unknown> {
  const device = ctx.device();
  const files = pickFirmwareFiles(json(ctx.args, 'mg', FileSchema));
  const images = files.map((f) => ({ ...f, header: readFirmwareHeader(f.image) }));
  const modelId = device.descriptor.modelId;
  for (const f of images) {
    const fits = f.header !== undefined && f.header.modelId === modelId;
    ctx.emit('dev_update_hw_check', {
      path: device.path,
      file: f.name,
      ok: fits,
      file_model_id: f.header?.modelId ?? null,
      device_model_id: modelId,
      hw_ver: device.record.hw_ver,
      fw_ver: f.header ? versionText(f.header.version) : null,
    });
    if (!fits)
      throw new BridgeCallError(TOAST_KEYS.firmwareFileInvalid, `${f.name} is not a firmware image for this device`, [
        device.record.hw_ver,
      ]);
  }
  const emit = (p: Omit<Progress, 'total' | 'file_count'>) =>
    ctx.emit('dev_update', { path: device.path, total: 100, file_count: images.length, ...p });
  let task = 0;
  // What is about to be flashed, in order: the files, their versions and sizes.
  ctx.emit('flash_by_info', {
    path: device.path,
    files: images.map((f) => ({ name: f.name, size: f.image.length, fw_ver: versionText(f.header!.version) })),
  });
  try {
    await enterBootloader(device);
    for (const [i, f] of images.entries()) {
      task = i;
      await flashImage(device, f.image, f.header!, (received) =>
        emit({ error: 0, progress: Math.min(100, Math.floor((received * 100) / f.image.length)), task_id: i }),
      );
    }
  } catch (e) {
    emit({ error: 1, progress: 0, task_id: task });
    if (e instanceof SessionError && e.reason === 'device')
      throw new BridgeCallError(TOAST_KEYS.firmwareFlashFailed, `the device refused the update: ${e.message}`);
    throw e;
  }
  await rehandshake(service, device);
  return { path: device.path, fw_ver: device.record.fw_ver, hw_ver: device.record.hw_ver };
}

/* ---------- game-config cards ---------- */

const CardEntrySchema = z
  .object({
    key_ids: z.array(z.number().int().min(0)).min(1),
    trigger: z.number().finite().optional(),
    dead: z.number().finite().optional(),
    rapid: RapidArgSchema.optional(),
  })
  .strict();
const CardSchema = z.array(CardEntrySchema).min(1);

async function applyCard(ctx: CallContext): Promise<unknown> {
  const device = ctx.device();
  if (!capabilitiesOf(device).gameConfigSet)
    throw refusal(fail(TOAST_KEYS.notApply), 'this model has no game-config set', 2);
  const card = json(ctx.args, 'content', CardSchema);
  const entries = card.map((e) => ({ ...e, key_ids: keyIdsArgFrom(device, e.key_ids) }));
  // Every value is checked before the first write, so a bad card changes nothing.
  for (const e of entries) {
    if (e.trigger !== undefined) await travelCheck(device, e.key_ids, 'trigger', e.trigger);
    if (e.dead !== undefined) await travelCheck(device, e.key_ids, 'dead', e.dead);
    if (e.rapid?.p_rapid_value !== undefined) await travelCheck(device, e.key_ids, 'rapid', e.rapid.p_rapid_value);
    if (e.rapid?.r_rapid_value !== undefined) await travelCheck(device, e.key_ids, 'rapid', e.rapid.r_rapid_value);
  }
  for (const e of entries) {
    if (e.rapid) await setRapid(device, e.key_ids, e.rapid, false);
    if (e.trigger !== undefined) await setTravel(device, e.key_ids, 'trigger', e.trigger);
    if (e.dead !== undefined) await setTravel(device, e.key_ids, 'dead', e.dead);
  }
  const payload = await readPerformance(device);
  ctx.emit('get_key_perf_info', payload);
  return payload;
}

/* ---------- factory reset ---------- */

async function factoryReset(ctx: CallContext): Promise<unknown> {
  const device = ctx.device();
  await device.session.command(CMD.system, SUB.system.factoryReset, new TextEncoder().encode('RST'));
  invalidate(device);
  const themes = await readThemeInfo(device);
  ctx.emit('get_theme_info', themes);
  return emitSettingData(ctx, device);
}

export function registerFirmwareHandlers(service: DeviceService): void {
  service.handle('dev_info', 'run_other_func', (ctx) => {
    const cmd = str(ctx.args, 'cmd');
    switch (cmd) {
      case 'reset':
        return factoryReset(ctx);
      case 'flash':
        return flash(service, ctx);
      case 'export_group_cfg':
        return applyCard(ctx);
      default:
        throw invalid(`--cmd ${cmd} is not reset, flash or export_group_cfg`);
    }
  });
}
