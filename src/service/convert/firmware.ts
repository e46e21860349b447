/**
 * Firmware packages, the bootloader's commands and update-mode errors: the files of a package as the flash call
 * receives them, the toast keys that tell a person what happened to an update and how to finish it, and the transfer
 * of an image (begin, chunks in windows, resume) and the way out of the bootloader.
 */
import { BridgeCallError } from '../../contract/bridge.ts';
import type { FirmwareFile } from '../../contract/payloads/firmware.ts';
import { fail } from '../../core/rules/result.ts';
import { TOAST_KEYS } from '../../core/toast-keys.ts';
import { CMD, SUB } from '../../protocol/commands.ts';
import { DEVICE_ERROR } from '../../protocol/errors.ts';
import { FIRMWARE_TARGET_MAIN, type FirmwareHeader } from '../../protocol/firmware-image.ts';
import { SUB_MORE, SUB_WRITE, type Frame } from '../../protocol/frame.ts';
import { FIRMWARE_CHUNK, FIRMWARE_WINDOW, FirmwareBeginLayout } from '../../protocol/objects.ts';
import type { KeytuneDevice } from '../context.ts';
import { refusal } from '../refusal.ts';
import { SessionError } from '../session.ts';

/**
 * Keys of the update outcomes the spec's catalogue has no words for (its "Failed to enter upgrade mode" and "file
 * does not fit" aside). Their type and delay come from the toast table like every other key's.
 */
export const UPDATE_KEYS = {
  /** The image is larger than the device's update slot; nothing was sent. */
  fileTooLarge: TOAST_KEYS.firmwareFileTooLarge,
  /** The link dropped or stopped answering mid-update: the old firmware runs, the same update resumes. */
  interrupted: TOAST_KEYS.firmwareFlashInterrupted,
  /** The image was written and verified, but the device did not answer its handshake afterwards. */
  noAnswer: TOAST_KEYS.firmwareNoAnswer,
  /** The keyboard waits in its bootloader (an update cut short): only the update can finish it. */
  bootloader: TOAST_KEYS.deviceInBootloader,
  /** The configuration could not be read before the update: nothing was flashed. */
  backupFailed: TOAST_KEYS.firmwareBackupFailed,
  /** After the restart, the keyboard that answered is not the one updated (or none did). */
  refindFailed: TOAST_KEYS.firmwareRefindFailed,
  /** The new firmware runs but the configuration could not be put back: the backup is kept for the retry. */
  restoreFailed: TOAST_KEYS.firmwareRestoreFailed,
  /** The configuration read back differs from the backup: the backup is kept for the retry. */
  restoreMismatch: TOAST_KEYS.firmwareRestoreMismatch,
} as const;

/** What the service says when it finishes or undoes a cut update on its own (src/i18n/sections/recovery.ts). */
export const RECOVERY_KEYS = {
  /** The keyboard came back on its new firmware, and the kept backup is on it again. */
  restored: 'fw.recovery.restored',
  /** The keyboard came back waiting in its bootloader, and runs its previous firmware again. */
  leftBootloader: 'fw.recovery.left.bootloader',
} as const;

/** The key of each refusal of an image check (docs/protocol.md §9.1), before anything is sent. */
export const IMAGE_PROBLEM_KEYS = {
  magic: TOAST_KEYS.firmwareFileMagic,
  format: TOAST_KEYS.firmwareFileFormat,
  size: TOAST_KEYS.firmwareFileTooLarge,
  length: TOAST_KEYS.firmwareFileLength,
  crc: TOAST_KEYS.firmwareFileCrc,
  model: TOAST_KEYS.firmwareFileInvalid,
  hardware: TOAST_KEYS.firmwareFileHardware,
  signature: TOAST_KEYS.firmwareFileSignature,
} as const;

/** True for the device's answer to a configuration request while it waits in its bootloader. */
export function isUpdateModeRefusal(e: unknown): e is SessionError {
  return e instanceof SessionError && e.reason === 'device' && e.deviceCode === DEVICE_ERROR.busy;
}

/** A configuration call refused because the keyboard waits in its bootloader, said in words the user can act on. */
export function updateModeError(e: unknown): unknown {
  return isUpdateModeRefusal(e)
    ? new BridgeCallError(UPDATE_KEYS.bootloader, 'the keyboard waits in firmware-update mode: run the update again')
    : e;
}

/** Runs a configuration step, answering the bootloader's busy with the update-mode key. */
export async function outsideUpdateMode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw updateModeError(e);
  }
}

/** Base64 alphabet values; -1 for whitespace (skipped), -2 for anything else. */
const BASE64_VALUES = (() => {
  const t = new Int8Array(128).fill(-2);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < alphabet.length; i++) t[alphabet.charCodeAt(i)] = i;
  for (const ws of ' \t\n\r\f\v') t[ws.charCodeAt(0)] = -1;
  return t;
})();

/**
 * The bytes of base64 text (whitespace skipped, padding optional), in one pass: a firmware image of a megabyte decodes
 * without copies of the text. The contract has checked the text already.
 */
export function decodeBase64(text: string): Uint8Array {
  const out = new Uint8Array(Math.floor((text.length * 3) / 4) + 3);
  let bits = 0;
  let count = 0;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 61) break; // '=': the end
    const v = c < 128 ? BASE64_VALUES[c]! : -2;
    if (v === -1) continue;
    if (v === -2) throw new RangeError('the data is not base64');
    bits = (bits << 6) | v;
    if (++count === 4) {
      out[n++] = (bits >> 16) & 0xff;
      out[n++] = (bits >> 8) & 0xff;
      out[n++] = bits & 0xff;
      bits = 0;
      count = 0;
    }
  }
  if (count === 2) out[n++] = (bits >> 4) & 0xff;
  else if (count === 3) {
    out[n++] = (bits >> 10) & 0xff;
    out[n++] = (bits >> 2) & 0xff;
  }
  return out.slice(0, n);
}

const extensionIs = (file: FirmwareFile, ext: string): boolean => file.name.toLowerCase().endsWith(ext);

/**
 * The images to flash, in order (spec-2 §4). A non-empty .mgd file means the update needs the desktop tool: the call
 * ends with cfg.dev.update.request. Otherwise every .mg file, shortest name first; none is err.fw.file.invalid.
 */
export function pickFirmwareFiles(files: readonly FirmwareFile[]): { name: string; image: Uint8Array }[] {
  if (files.some((f) => extensionIs(f, '.mgd') && decodeBase64(f.data).length > 0))
    throw refusal(fail(TOAST_KEYS.updateRequest), 'this update must be installed with the desktop app');
  const mg = files.filter((f) => extensionIs(f, '.mg')).sort((a, b) => a.name.length - b.name.length);
  if (mg.length === 0) throw new BridgeCallError(TOAST_KEYS.firmwareFileInvalid, 'the package holds no firmware file');
  return mg.map((f) => ({ name: f.name, image: decodeBase64(f.data) }));
}

/* ---------- talking to the bootloader ---------- */

/** An image that passed every check, as the transfer sends it. */
export interface CheckedImage {
  name: string;
  image: Uint8Array;
  header: FirmwareHeader;
  /** CRC-32 of the whole image, as begin announces it. */
  crc: number;
}

/**
 * Leave the bootloader (docs/protocol.md §9.5): firmware group, data 'EXIT', answered [0, left]. The protocol's
 * command table (src/protocol/commands.ts SUB.firmware) does not name it yet.
 */
const FIRMWARE_LEAVE = 0x05;

/**
 * Restarts a keyboard waiting in its bootloader into the firmware it runs, which a transfer never overwrites; the
 * transfer stays in the second slot for the same update to resume. Answers true when it was in its bootloader. A
 * firmware without the command is sent finish instead when it waits there (which discards the transfer), so a
 * keyboard is never left unable to type.
 */
export async function leaveBootloader(device: KeytuneDevice): Promise<boolean> {
  try {
    const ack = await device.session.command(CMD.firmware, FIRMWARE_LEAVE, new TextEncoder().encode('EXIT'));
    return ack.data[1] === 1;
  } catch (e) {
    if (!(e instanceof SessionError && e.reason === 'device' && e.deviceCode === DEVICE_ERROR.unknownCommand)) throw e;
  }
  try {
    await device.session.readObject('status');
    return false;
  } catch (e) {
    if (!isUpdateModeRefusal(e)) throw e;
  }
  await device.session.command(CMD.firmware, SUB.firmware.finish, new Uint8Array(0)).catch(() => undefined);
  return true;
}

/** Windows in a row that may fail to get through (a lost report) before the update is given up as interrupted. */
const MAX_STALLS = 3;

export async function enterBootloader(device: KeytuneDevice): Promise<void> {
  try {
    await device.session.command(CMD.system, SUB.system.bootloader, new TextEncoder().encode('BOOT'));
  } catch (e) {
    // A device already in its bootloader (an update cut short) answers busy to everything but firmware commands.
    if (!isUpdateModeRefusal(e)) throw e;
  }
}

/** Announces the image; answers the chunk to go on from (what the device already holds of this very image). */
async function begin(device: KeytuneDevice, { image, header, crc }: CheckedImage): Promise<number> {
  const request = FirmwareBeginLayout.encode({
    target: FIRMWARE_TARGET_MAIN,
    size: image.length,
    version: header.version,
    crc,
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
export async function transfer(device: KeytuneDevice, f: CheckedImage, report: (held: number) => void): Promise<void> {
  const { image } = f;
  const chunks = Math.ceil(image.length / FIRMWARE_CHUNK);
  let next = await begin(device, f);
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
      next = await begin(device, f);
      continue;
    }
    stalls = 0;
    next = end;
    report(Math.min(image.length, next * FIRMWARE_CHUNK));
  }
}
