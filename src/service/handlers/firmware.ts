/**
 * dev_info run_other_func (spec-2 §4, §7): firmware flashing from a package's files, factory reset, and applying a
 * game-config card.
 *
 * A flash cannot brick and loses nothing (docs/protocol.md §9):
 * 1. every image is checked completely before anything is sent (magic, format, slot size, length, CRC-32, model,
 *    hardware version, Ed25519 signature by a key trusted for this device), each refusal with its own toast key;
 * 2. the whole configuration is backed up by meaning (config-backup.ts) and kept in the service per device until the
 *    update has put it back;
 * 3. per image: bootloader, begin (the device answers how much of this very image it holds, so a cut transfer
 *    resumes), chunks in windows of which only the last frame is answered (a lost chunk is recovered by asking the
 *    device where it stands), finish (the device verifies the whole image in its second slot before it switches);
 * 4. the same keyboard is found again after its restart (same serial and model), the backup is restored, read back
 *    and compared.
 * A refusal leaves the bootloader again (the old firmware runs); a cut or a device that stops answering leaves the
 * transfer in the device's second slot; a restore or compare that fails keeps the backup. Running the same update
 * again finishes whichever step was left: it resumes the transfer, or, when the new image already runs, restores.
 * And when a keyboard an update was cut short on attaches again, the service does not wait for that: it restores the
 * backup on the new firmware, or sends a keyboard waiting in its bootloader back to its intact firmware, and says so.
 */
import type { firmwareCalls } from '../../contract/areas/firmware.ts';
import { BridgeCallError } from '../../contract/bridge.ts';
import type { FirmwareFile, FlashResult, UpdateProgress } from '../../contract/payloads/firmware.ts';
import { TOAST_KEYS, TOAST_TYPE, toastStyle, type ToastType } from '../../core/toast-keys.ts';
import { CMD, SUB } from '../../protocol/commands.ts';
import { crc32 } from '../../protocol/crc.ts';
import {
  checkFirmwareImage,
  FIRMWARE_SLOT_SIZE,
  readFirmwareHeader,
  type ImageCheck,
} from '../../protocol/firmware-image.ts';
import { DescriptorLayout } from '../../protocol/objects.ts';
import { invalidate } from '../cache.ts';
import { tryRestorePoint } from '../backup/restore-points.ts';
import { backupConfig, configDifferences, restoreConfig, type ConfigBackup } from '../config-backup.ts';
import type { KeytuneDevice, Emit, Handlers } from '../context.ts';
import {
  enterBootloader,
  IMAGE_PROBLEM_KEYS,
  isUpdateModeRefusal,
  leaveBootloader,
  outsideUpdateMode,
  pickFirmwareFiles,
  RECOVERY_KEYS,
  transfer,
  UPDATE_KEYS,
  type CheckedImage,
} from '../convert/firmware.ts';
import { readPerformance } from '../convert/performance.ts';
import { applyGameConfigCard, type GameConfigContent } from '../game-config.ts';
import { emitSettingData } from '../payloads/settings.ts';
import { emitThemeInfo } from '../payloads/theme.ts';
import { toBridgeError, versionText, type DeviceService } from '../service.ts';
import { SessionError } from '../session.ts';
import { TransportError } from '../../transport/types.ts';

/** The one argument each command takes besides --path and --cmd. */
const ARGUMENT_OF = { flash: 'mg', export_group_cfg: 'content', reset: undefined } as const;

const invalid = (message: string): BridgeCallError => new BridgeCallError(TOAST_KEYS.invalidArgs, message);
const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

type Image = CheckedImage;

/**
 * Where an update that did not complete left the keyboard: 'bootloader' from the bootloader command until finish is
 * answered (it may wait there, or run its old firmware after a power loss), 'switched' once the new firmware runs
 * with the backup not yet confirmed on it.
 */
interface CutUpdate {
  stage: 'bootloader' | 'switched';
  /** The version the update installs. */
  target: readonly number[];
}

/** What the service keeps between flash calls: per device, the backup not yet restored and the images verified. */
export interface FlashMemory {
  /** Backups taken before an update whose restore has not been confirmed yet, by model and serial. */
  backups: Map<string, ConfigBackup>;
  /** The last image that passed every check, by model and serial: the same bytes again need no second check. */
  verified: Map<string, { image: Uint8Array; crc: number }>;
  /** Updates that did not complete, by model and serial: finished or undone when the keyboard comes back. */
  cut: Map<string, CutUpdate>;
  /** Keyboards a flash call is working on: their coming back belongs to that call. */
  flashing: Set<string>;
}

const deviceKey = (device: KeytuneDevice): string => `${device.descriptor.modelId}:${device.descriptor.serial}`;
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/* ---------- checks before anything is sent ---------- */

function refusalOf(device: KeytuneDevice, name: string, check: Exclude<ImageCheck, { ok: true }>): BridgeCallError {
  const key = IMAGE_PROBLEM_KEYS[check.problem];
  const hw = (v: readonly number[]) => versionText([v[0]!, v[1]!, v[2]!]);
  switch (check.problem) {
    case 'size':
      return new BridgeCallError(key, `${name} is larger than the ${FIRMWARE_SLOT_SIZE}-byte update slot`, [
        String(FIRMWARE_SLOT_SIZE),
      ]);
    case 'format':
      return new BridgeCallError(key, `${name} has image format ${check.found ?? '?'}`, [String(check.found ?? '')]);
    case 'model':
      return new BridgeCallError(key, `${name} is a firmware image for another model`, [device.record.hw_ver]);
    case 'hardware':
      return new BridgeCallError(key, `${name} is made for another hardware version`, [
        hw(check.header!.hwVersion),
        hw(device.descriptor.hw),
      ]);
    default:
      return new BridgeCallError(key, `${name}: the image failed its ${check.problem} check`);
  }
}

/**
 * Checks every image against the device; emits dev_update_hw_check for each, and refuses the first that does not pass
 * with the key of its problem. Nothing is sent to the device.
 */
function checkImages(device: KeytuneDevice, files: readonly FirmwareFile[], emit: Emit, memory: FlashMemory): Image[] {
  const modelId = device.descriptor.modelId;
  const target = {
    modelId,
    hwVersion: device.descriptor.hw,
    virtual: device.record.virtual,
    vendorId: device.descriptor.vendorId,
  };
  const known = memory.verified.get(deviceKey(device));
  return pickFirmwareFiles(files).map((f) => {
    const again = known !== undefined && sameBytes(known.image, f.image);
    const check: ImageCheck = again
      ? { ok: true, header: readFirmwareHeader(f.image)! }
      : checkFirmwareImage(f.image, target);
    const header = check.header;
    emit('dev_update_hw_check', {
      path: device.path,
      file: f.name,
      ok: check.ok,
      file_model_id: header?.modelId ?? null,
      device_model_id: modelId,
      hw_ver: device.record.hw_ver,
      fw_ver: header ? versionText(header.version) : null,
      size: f.image.length,
      max_size: FIRMWARE_SLOT_SIZE,
    });
    if (!check.ok) throw refusalOf(device, f.name, check);
    const crc = again ? known.crc : crc32(f.image);
    memory.verified.set(deviceKey(device), { image: f.image, crc });
    return { ...f, header: check.header, crc };
  });
}

/**
 * True when the last image already runs: an earlier run of this update switched the device to it but did not get to
 * restore the configuration. The device runs the image's version, outside its bootloader (which answers busy).
 */
async function alreadyApplied(device: KeytuneDevice, last: Image): Promise<boolean> {
  const v = last.header.version;
  if (device.descriptor.fw.some((part, i) => part !== v[i])) return false;
  try {
    await device.session.readObject('status');
    return true;
  } catch (e) {
    if (isUpdateModeRefusal(e)) return false;
    throw e;
  }
}

/**
 * Finds the keyboard again after its restart: its handshake on the same link, or, when the link was replaced (a real
 * device enumerates again), the device of the same model and serial attached meanwhile. Answers the entry to restore.
 */
async function refind(service: DeviceService, device: KeytuneDevice, backup: ConfigBackup): Promise<KeytuneDevice> {
  const same = (e: KeytuneDevice) =>
    e.descriptor.serial === backup.device.serial && e.descriptor.modelId === backup.device.modelId;
  let found: KeytuneDevice | undefined;
  if (device.session.isOpen) {
    const d = DescriptorLayout.decode(await device.session.readObject('descriptor'));
    if (d.serial !== backup.device.serial || d.modelId !== backup.device.modelId)
      throw new BridgeCallError(
        UPDATE_KEYS.refindFailed,
        `another device (serial ${d.serial}) answered after the update`,
      );
    device.descriptor = d;
    device.session.descriptor = d;
    found = device;
  } else {
    found = service.devices().find((e) => e !== device && e.session.isOpen && same(e));
    if (!found) throw new SessionError('disconnected', 'the keyboard did not come back after its restart');
  }
  invalidate(found);
  const d = found.descriptor;
  service.updateRecord(found.path, { fw_ver: versionText(d.fw), hw_ver: versionText(d.hw), red_point: false });
  return found;
}

/** True when the link dropped or stopped answering (as opposed to the device refusing a request). */
const lostLink = (e: unknown): boolean =>
  (e instanceof SessionError && e.reason !== 'device') || e instanceof TransportError;

/** What the user is told when an update stops, from the way it stopped. */
function stoppedError(e: unknown): unknown {
  if (e instanceof BridgeCallError) return e;
  if (e instanceof SessionError && e.reason === 'device')
    return new BridgeCallError(TOAST_KEYS.firmwareFlashFailed, `the keyboard refused the update: ${e.message}`);
  if (e instanceof SessionError || e instanceof TransportError)
    return new BridgeCallError(UPDATE_KEYS.interrupted, `the update was interrupted: ${e.message}`);
  return e;
}

/**
 * Takes the configuration backup, or answers the one kept from an earlier run of an update. A keyboard left in its
 * bootloader by an update the service has no backup of (the app was closed) is sent back to its firmware first (the
 * transfer stays for the resume): its configuration is intact there, and is backed up before anything is flashed.
 */
async function takeBackup(device: KeytuneDevice, memory: FlashMemory): Promise<ConfigBackup> {
  const kept = memory.backups.get(deviceKey(device));
  if (kept) return kept;
  let backup: ConfigBackup;
  try {
    try {
      backup = await backupConfig(device);
    } catch (e) {
      if (!isUpdateModeRefusal(e)) throw e;
      await leaveBootloader(device);
      backup = await backupConfig(device);
    }
  } catch (e) {
    if (lostLink(e)) throw e;
    throw new BridgeCallError(UPDATE_KEYS.backupFailed, `the configuration could not be backed up: ${messageOf(e)}`);
  }
  memory.backups.set(deviceKey(device), backup);
  return backup;
}

/** Restores the backup on the device found after the update, reads it back and compares. */
async function restoreAndCompare(device: KeytuneDevice, backup: ConfigBackup): Promise<void> {
  try {
    await restoreConfig(device, backup);
  } catch (e) {
    if (lostLink(e)) throw e;
    throw new BridgeCallError(UPDATE_KEYS.restoreFailed, `the configuration could not be restored: ${messageOf(e)}`);
  }
  let differences: string[];
  try {
    differences = configDifferences(backup, await backupConfig(device));
  } catch (e) {
    if (lostLink(e)) throw e;
    throw new BridgeCallError(UPDATE_KEYS.restoreMismatch, `the configuration could not be read back: ${messageOf(e)}`);
  }
  if (differences.length > 0)
    throw new BridgeCallError(
      UPDATE_KEYS.restoreMismatch,
      `the configuration read back differs from the backup: ${differences.join(', ')}`,
    );
}

async function flash(
  service: DeviceService,
  device: KeytuneDevice,
  files: readonly FirmwareFile[],
  emit: Emit,
  memory: FlashMemory,
): Promise<FlashResult> {
  const key = deviceKey(device);
  memory.flashing.add(key);
  try {
    const images = checkImages(device, files, emit, memory);
    // Before anything is flashed, once per update: a run that resumes one holds the backup of the first, and its
    // retries must not push older points out. The update keeps its own backup, so it goes on without a point.
    if (!memory.backups.has(key)) await tryRestorePoint(service, device, 'firmware-update');
    return await flashImages(service, device, images, emit, memory);
  } finally {
    memory.flashing.delete(key);
  }
}

async function flashImages(
  service: DeviceService,
  device: KeytuneDevice,
  images: readonly Image[],
  emit: Emit,
  memory: FlashMemory,
): Promise<FlashResult> {
  const key = deviceKey(device);
  const target = images[images.length - 1]!.header.version;
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
  let backup: ConfigBackup;
  try {
    backup = await takeBackup(device, memory);
    if (await alreadyApplied(device, images[images.length - 1]!)) {
      last = { error: 0, progress: 100, task_id: images.length - 1 };
    } else {
      for (const [task, f] of images.entries()) {
        last = { error: 0, progress: 0, task_id: task };
        memory.cut.set(key, { stage: 'bootloader', target });
        await enterBootloader(device);
        inBootloader = true;
        await transfer(device, f, (held) =>
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
    }
    memory.cut.set(key, { stage: 'switched', target });
  } catch (e) {
    progress({ ...last, error: 1 });
    await afterStop(device, e, inBootloader, memory);
    throw stoppedError(e);
  }
  try {
    const found = await refind(service, device, backup);
    await restoreAndCompare(found, backup);
    memory.backups.delete(key);
    memory.cut.delete(key);
    return { path: found.path, fw_ver: found.record.fw_ver, hw_ver: found.record.hw_ver };
  } catch (e) {
    progress({ ...last, error: 1 });
    if (e instanceof BridgeCallError) throw e;
    throw new BridgeCallError(
      UPDATE_KEYS.noAnswer,
      `the firmware was written but the keyboard did not answer afterwards: ${messageOf(e)}`,
    );
  }
}

/**
 * Never leaves a keyboard that still answers waiting in its bootloader. A refused transfer is not worth keeping:
 * finish discards it and restarts the firmware the device had. A transfer that stopped because the keyboard went
 * silent is kept for the same update to resume, and the keyboard is sent back to its firmware (if it answers now);
 * a cut link is dealt with when the keyboard comes back (resumeCutUpdate).
 */
async function afterStop(device: KeytuneDevice, e: unknown, inBootloader: boolean, memory: FlashMemory) {
  if (!inBootloader || !device.session.isOpen) return;
  if (e instanceof SessionError && e.reason === 'device') {
    await device.session.command(CMD.firmware, SUB.firmware.finish, new Uint8Array(0)).catch(() => undefined);
    memory.cut.delete(deviceKey(device));
  } else {
    await leaveBootloader(device).catch(() => undefined);
  }
  invalidate(device);
}

/**
 * A keyboard an update did not complete on is back (the same serial): finishes what can be finished without the
 * person. On the new firmware, the kept backup is put back and compared; waiting in its bootloader, it is sent back
 * to its intact firmware (the transfer stays, so the update run again resumes it). Either is said in a toast.
 */
async function resumeCutUpdate(service: DeviceService, device: KeytuneDevice, memory: FlashMemory): Promise<void> {
  const key = deviceKey(device);
  const cut = memory.cut.get(key);
  if (!cut || memory.flashing.has(key) || !device.session.isOpen) return;
  const backup = memory.backups.get(key);
  const name = device.record.display_name;
  const runsTarget =
    sameVersion(device.descriptor.fw, cut.target) &&
    (cut.stage === 'switched' || (backup !== undefined && !sameVersion(backup.device.fw, cut.target)));
  try {
    if (!runsTarget) {
      if (await leaveBootloader(device)) {
        invalidate(device);
        toast(service, RECOVERY_KEYS.leftBootloader, TOAST_TYPE.warning, [name]);
      }
      return;
    }
    if (backup) {
      await restoreAndCompare(device, backup);
      toast(service, RECOVERY_KEYS.restored, TOAST_TYPE.success, [name]);
    }
    memory.backups.delete(key);
    memory.cut.delete(key);
  } catch (e) {
    // A link that went again waits for the next time the keyboard comes back; anything else is said.
    if (lostLink(e)) return;
    const error = toBridgeError(e);
    toast(service, error.toastKey, error.toastType, error.args);
  }
}

const sameVersion = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((part, i) => part === b[i]);

function toast(service: DeviceService, key: string, type: ToastType, args: readonly string[]): void {
  service.emit('toast_message', {
    title: key,
    context: '',
    args: args.join(';;'),
    type,
    delay: type === TOAST_TYPE.success ? 3 : toastStyle(key).delay,
  });
}

/* ---------- factory reset and game-config cards ---------- */

async function factoryReset(service: DeviceService, device: KeytuneDevice, emit: Emit) {
  // A keyboard that cannot be read is reset all the same: a reset is often the way out of a bad configuration.
  await tryRestorePoint(service, device, 'factory-reset');
  try {
    await device.session.command(CMD.system, SUB.system.factoryReset, new TextEncoder().encode('RST'));
  } finally {
    // Every object may have changed (or may have, when the ack was lost).
    invalidate(device);
  }
  await emitThemeInfo(device, emit);
  return emitSettingData(device, emit);
}

async function applyCard(device: KeytuneDevice, content: GameConfigContent, emit: Emit) {
  await applyGameConfigCard(device, content);
  const payload = await readPerformance(device);
  emit('get_key_perf_info', payload);
  return payload;
}

export function registerFirmwareHandlers(service: DeviceService): FlashMemory {
  const memory: FlashMemory = { backups: new Map(), verified: new Map(), cut: new Map(), flashing: new Set() };
  // Sends nothing for a keyboard no update was cut short on; otherwise waits for the calls already queued for it.
  service.onDeviceAttached((device) => {
    const key = deviceKey(device);
    if (!memory.cut.has(key) || memory.flashing.has(key)) return;
    service.afterCalls(device.path, () => resumeCutUpdate(service, device, memory)).catch(() => undefined);
  });
  const handlers: Handlers<keyof typeof firmwareCalls, KeytuneDevice> = {
    runOtherFunc: async (args, ctx) => {
      const device = ctx.device();
      const extra = (['mg', 'content'] as const).find(
        (name) => args[name] !== undefined && name !== ARGUMENT_OF[args.cmd],
      );
      if (extra) throw invalid(`--cmd ${args.cmd} takes no --${extra}`);
      switch (args.cmd) {
        case 'flash':
          if (!args.mg) throw invalid('--cmd flash needs --mg');
          return flash(service, device, args.mg, ctx.emit, memory);
        case 'reset':
          return outsideUpdateMode(() => factoryReset(service, device, ctx.emit));
        case 'export_group_cfg': {
          const card = args.content;
          if (!card) throw invalid('--cmd export_group_cfg needs --content');
          return outsideUpdateMode(() => applyCard(device, card, ctx.emit));
        }
      }
    },
  };
  service.implementFor('keytune', handlers);
  return memory;
}
