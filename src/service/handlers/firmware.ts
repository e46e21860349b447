/**
 * dev_info run_other_func (spec-2 §4, §7): firmware flashing from a package's files, factory reset, and applying a
 * game-config card.
 *
 * Flashing never bricks and always ends in words: every image is checked (header, model, size against the update
 * slot) before the bootloader is entered; then per image bootloader, begin (the device answers how much of this very
 * image it already holds, so a cut transfer resumes), chunks in windows of which only the last frame is answered (a
 * lost chunk is recovered by asking the device where it stands), finish (the device verifies CRC and model before it
 * runs the image), and at the end a fresh handshake. A refusal leaves the bootloader again (the old firmware runs); a
 * cut or a device that stops answering leaves the transfer in the device's second slot, and running the same update
 * again finishes it. Each outcome has its own toast key saying what happened and what to do.
 */
import type { firmwareCalls } from '../../contract/areas/firmware.ts';
import { BridgeCallError } from '../../contract/bridge.ts';
import type { FirmwareFile, FlashResult, UpdateProgress } from '../../contract/payloads/firmware.ts';
import { TOAST_KEYS } from '../../core/toast-keys.ts';
import { CMD, SUB } from '../../protocol/commands.ts';
import { crc32 } from '../../protocol/crc.ts';
import { DEVICE_ERROR } from '../../protocol/errors.ts';
import {
  FIRMWARE_SLOT_SIZE,
  FIRMWARE_TARGET_MAIN,
  fitsFirmwareSlot,
  readFirmwareHeader,
  type FirmwareHeader,
} from '../../protocol/firmware-image.ts';
import { SUB_MORE, SUB_WRITE, type Frame } from '../../protocol/frame.ts';
import { DescriptorLayout, FIRMWARE_CHUNK, FIRMWARE_WINDOW, FirmwareBeginLayout } from '../../protocol/objects.ts';
import { invalidate } from '../cache.ts';
import type { DeviceEntry, Emit, Handlers } from '../context.ts';
import { isUpdateModeRefusal, outsideUpdateMode, pickFirmwareFiles, UPDATE_KEYS } from '../convert/firmware.ts';
import { readPerformance } from '../convert/performance.ts';
import { applyGameConfigCard, type GameConfigContent } from '../game-config.ts';
import { emitSettingData } from '../payloads/settings.ts';
import { emitThemeInfo } from '../payloads/theme.ts';
import { versionText, type DeviceService } from '../service.ts';
import { SessionError } from '../session.ts';

/** Windows in a row that may fail to get through (a lost report) before the update is given up as interrupted. */
const MAX_STALLS = 3;

/** The one argument each command takes besides --path and --cmd. */
const ARGUMENT_OF = { flash: 'mg', export_group_cfg: 'content', reset: undefined } as const;

const invalid = (message: string): BridgeCallError => new BridgeCallError(TOAST_KEYS.invalidArgs, message);

interface Image {
  name: string;
  image: Uint8Array;
  header: FirmwareHeader;
}

/* ---------- checks before anything is sent ---------- */

/** Checks every image against the device; emits dev_update_hw_check for each, and refuses the first that does not fit. */
function checkImages(device: DeviceEntry, files: readonly FirmwareFile[], emit: Emit): Image[] {
  const modelId = device.descriptor.modelId;
  return pickFirmwareFiles(files).map((f) => {
    const header = readFirmwareHeader(f.image);
    const fitsModel = header !== undefined && header.modelId === modelId;
    const fitsSlot = fitsFirmwareSlot(f.image);
    emit('dev_update_hw_check', {
      path: device.path,
      file: f.name,
      ok: fitsModel && fitsSlot,
      file_model_id: header?.modelId ?? null,
      device_model_id: modelId,
      hw_ver: device.record.hw_ver,
      fw_ver: header ? versionText(header.version) : null,
      size: f.image.length,
      max_size: FIRMWARE_SLOT_SIZE,
    });
    if (!header || !fitsModel)
      throw new BridgeCallError(TOAST_KEYS.firmwareFileInvalid, `${f.name} is not a firmware image for this device`, [
        device.record.hw_ver,
      ]);
    if (!fitsSlot)
      throw new BridgeCallError(
        UPDATE_KEYS.fileTooLarge,
        `${f.name} has ${f.image.length} bytes; the update slot holds ${FIRMWARE_SLOT_SIZE}`,
        [String(FIRMWARE_SLOT_SIZE)],
      );
    return { ...f, header };
  });
}

/* ---------- talking to the bootloader ---------- */

async function enterBootloader(device: DeviceEntry): Promise<void> {
  try {
    await device.session.command(CMD.system, SUB.system.bootloader, new TextEncoder().encode('BOOT'));
  } catch (e) {
    // A device already in its bootloader (an update cut short) answers busy to everything but firmware commands.
    if (!isUpdateModeRefusal(e)) throw e;
  }
}

/** Announces the image; answers the chunk to go on from (what the device already holds of this very image). */
async function begin(device: DeviceEntry, image: Uint8Array, header: FirmwareHeader): Promise<number> {
  const request = FirmwareBeginLayout.encode({
    target: FIRMWARE_TARGET_MAIN,
    size: image.length,
    version: header.version,
    crc: crc32(image),
  });
  const ack = await device.session.command(CMD.firmware, SUB.firmware.begin, request);
  const held = ack.data.length >= 5 ? new DataView(ack.data.buffer, ack.data.byteOffset).getUint32(1, true) : 0;
  // The whole image may be there already (a cut after the last chunk): then the short last chunk counts too.
  return held >= image.length ? Math.ceil(image.length / FIRMWARE_CHUNK) : Math.floor(held / FIRMWARE_CHUNK);
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

/** A window that did not get through because a report was lost: the device says where it stands, and we go on. */
const lostReport = (e: unknown): boolean =>
  e instanceof SessionError &&
  (e.reason === 'timeout' || (e.reason === 'device' && e.deviceCode === DEVICE_ERROR.sequence));

/** Sends the image from where the device stands; `report` hears the bytes the device holds after each window. */
async function transfer(
  device: DeviceEntry,
  image: Uint8Array,
  header: FirmwareHeader,
  report: (held: number) => void,
): Promise<void> {
  const chunks = Math.ceil(image.length / FIRMWARE_CHUNK);
  let next = await begin(device, image, header);
  report(next * FIRMWARE_CHUNK);
  let stalls = 0;
  while (next < chunks) {
    const end = Math.min(chunks, next + FIRMWARE_WINDOW);
    const frames: Frame[] = [];
    for (let i = next; i < end; i++) frames.push(chunkFrame(i, image, i === end - 1));
    try {
      await device.session.stream(frames);
    } catch (e) {
      if (!lostReport(e) || !device.session.isOpen || ++stalls > MAX_STALLS) throw e;
      next = await begin(device, image, header);
      continue;
    }
    stalls = 0;
    next = end;
    report(Math.min(image.length, next * FIRMWARE_CHUNK));
  }
}

/** Reads the handshake again after a flash: the new version, its capacities and flags. */
async function rehandshake(service: DeviceService, device: DeviceEntry): Promise<void> {
  const d = DescriptorLayout.decode(await device.session.readObject('descriptor'));
  device.descriptor = d;
  device.session.descriptor = d;
  invalidate(device);
  service.updateRecord(device.path, { fw_ver: versionText(d.fw), hw_ver: versionText(d.hw), red_point: false });
}

/** What the user is told when an update stops, from the way it stopped. */
function stoppedError(e: unknown): unknown {
  if (e instanceof BridgeCallError) return e;
  if (e instanceof SessionError && e.reason === 'device')
    return new BridgeCallError(TOAST_KEYS.firmwareFlashFailed, `the keyboard refused the update: ${e.message}`);
  if (e instanceof SessionError)
    return new BridgeCallError(UPDATE_KEYS.interrupted, `the update was interrupted: ${e.message}`);
  return e;
}

async function flash(
  service: DeviceService,
  device: DeviceEntry,
  files: readonly FirmwareFile[],
  emit: Emit,
): Promise<FlashResult> {
  const images = checkImages(device, files, emit);
  emit('flash_by_info', {
    path: device.path,
    files: images.map((f) => ({ name: f.name, size: f.image.length, fw_ver: versionText(f.header.version) })),
  });
  let last: Omit<UpdateProgress, 'path' | 'total' | 'file_count'> = { error: 0, progress: 0, task_id: 0 };
  const progress = (p: typeof last) => {
    last = p;
    emit('dev_update', { path: device.path, total: 100, file_count: images.length, ...p });
  };
  /** True between entering the bootloader and the device's answer to finish. */
  let inBootloader = false;
  try {
    for (const [task, f] of images.entries()) {
      last = { error: 0, progress: 0, task_id: task };
      await enterBootloader(device);
      inBootloader = true;
      await transfer(device, f.image, f.header, (held) =>
        progress({ error: 0, progress: Math.min(100, Math.floor((held * 100) / f.image.length)), task_id: task }),
      );
      try {
        await device.session.command(CMD.firmware, SUB.firmware.finish, new Uint8Array(0));
      } catch (e) {
        // Verified or not, a finish the device answered restarts it into a working firmware.
        if (e instanceof SessionError && e.reason === 'device') inBootloader = false;
        throw e;
      }
      inBootloader = false;
    }
  } catch (e) {
    progress({ ...last, error: 1 });
    // A refused transfer is not worth keeping: finish discards it and restarts the firmware the device had, so the
    // keyboard is not left waiting in its bootloader. A cut transfer stays for the same update to resume.
    if (inBootloader && e instanceof SessionError && e.reason === 'device' && device.session.isOpen) {
      await device.session.command(CMD.firmware, SUB.firmware.finish, new Uint8Array(0)).catch(() => undefined);
      invalidate(device);
    }
    throw stoppedError(e);
  }
  try {
    await rehandshake(service, device);
  } catch (e) {
    progress({ ...last, error: 1 });
    throw new BridgeCallError(
      UPDATE_KEYS.noAnswer,
      `the firmware was written but the keyboard did not answer its handshake: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  return { path: device.path, fw_ver: device.record.fw_ver, hw_ver: device.record.hw_ver };
}

/* ---------- factory reset and game-config cards ---------- */

async function factoryReset(device: DeviceEntry, emit: Emit) {
  try {
    await device.session.command(CMD.system, SUB.system.factoryReset, new TextEncoder().encode('RST'));
  } finally {
    // Every object may have changed (or may have, when the ack was lost).
    invalidate(device);
  }
  await emitThemeInfo(device, emit);
  return emitSettingData(device, emit);
}

async function applyCard(device: DeviceEntry, content: GameConfigContent, emit: Emit) {
  await applyGameConfigCard(device, content);
  const payload = await readPerformance(device);
  emit('get_key_perf_info', payload);
  return payload;
}

export function registerFirmwareHandlers(service: DeviceService): void {
  const handlers: Handlers<keyof typeof firmwareCalls> = {
    runOtherFunc: async (args, ctx) => {
      const device = ctx.device();
      const extra = (['mg', 'content'] as const).find(
        (name) => args[name] !== undefined && name !== ARGUMENT_OF[args.cmd],
      );
      if (extra) throw invalid(`--cmd ${args.cmd} takes no --${extra}`);
      switch (args.cmd) {
        case 'flash':
          if (!args.mg) throw invalid('--cmd flash needs --mg');
          return flash(service, device, args.mg, ctx.emit);
        case 'reset':
          return outsideUpdateMode(() => factoryReset(device, ctx.emit));
        case 'export_group_cfg': {
          const card = args.content;
          if (!card) throw invalid('--cmd export_group_cfg needs --content');
          return outsideUpdateMode(() => applyCard(device, card, ctx.emit));
        }
      }
    },
  };
  service.implement(handlers);
}
