/**
 * The update receiver of the reference firmware (docs/protocol.md §9). The image format is the protocol's
 * (src/protocol/firmware-image.ts).
 *
 * The receiver writes chunks into a second slot; the running firmware is replaced only when the whole image has
 * arrived, its CRC32 matches the announced one, and the image passes every check the host made before it (magic,
 * format 2, length, payload CRC-32, this model, this hardware version, and the Ed25519 signature of the reference
 * firmware's key); the header's version, not the one announced at the start, becomes the running version. So a cut
 * or a bad image never leaves the device without working firmware. An interrupted transfer stays in the slot: announcing the same image again
 * (same size and CRC32) resumes after the last chunk received.
 *
 * Leave (FIRMWARE_LEAVE) restarts a device waiting in its bootloader into the firmware it runs, which a transfer never
 * touches, and keeps the transfer for a later resume: a keyboard whose update was cut short types again at once.
 */
import { crc32 } from '../protocol/crc.ts';
import { DEVICE_ERROR, type DeviceErrorCode } from '../protocol/errors.ts';
import {
  FIRMWARE_HEADER_SIZE,
  FIRMWARE_SLOT_SIZE,
  FIRMWARE_TARGET_MAIN,
  checkFirmwareImage,
} from '../protocol/firmware-image.ts';
import { FIRMWARE_CHUNK, type FirmwareBegin, type FirmwareProgress } from '../protocol/objects.ts';

/**
 * Sub-command of the firmware group (docs/protocol.md §9.5): leave the bootloader and run the intact firmware, data
 * 'EXIT'; answered [0, left u8] (1: it was in its bootloader and left it, 0: it was not, nothing changed).
 */
export const FIRMWARE_LEAVE = 0x05;
export const FIRMWARE_LEAVE_MAGIC = 'EXIT';

const PROGRESS = { idle: 0, receiving: 1, applied: 2, failed: 3 } as const;

interface Transfer {
  size: number;
  crc: number;
  slot: Uint8Array;
  received: number;
}

export type UpdateResult<T> = { ok: true; value: T } | { ok: false; code: DeviceErrorCode };
const refuse = (code: DeviceErrorCode): { ok: false; code: DeviceErrorCode } => ({ ok: false, code });

export class FirmwareReceiver {
  private transfer: Transfer | undefined;
  private state: number = PROGRESS.idle;

  /** Answers the byte count already held for this very image (resume point), 0 for a new image. */
  begin(request: FirmwareBegin): UpdateResult<number> {
    if (request.target !== FIRMWARE_TARGET_MAIN) return refuse(DEVICE_ERROR.invalidValue);
    if (request.size < FIRMWARE_HEADER_SIZE || request.size > FIRMWARE_SLOT_SIZE)
      return refuse(DEVICE_ERROR.invalidValue);
    const t = this.transfer;
    if (this.state === PROGRESS.receiving && t && t.size === request.size && t.crc === request.crc)
      return { ok: true, value: t.received };
    this.transfer = {
      size: request.size,
      crc: request.crc,
      slot: new Uint8Array(request.size),
      received: 0,
    };
    this.state = PROGRESS.receiving;
    return { ok: true, value: 0 };
  }

  /** Stores chunk `index`; answers the byte count received so far. */
  chunk(index: number, data: Uint8Array): UpdateResult<number> {
    const t = this.transfer;
    if (!t || this.state !== PROGRESS.receiving) return refuse(DEVICE_ERROR.sequence);
    const at = index * FIRMWARE_CHUNK;
    if (at >= t.size) return refuse(DEVICE_ERROR.outOfRange);
    if (at !== t.received) return refuse(DEVICE_ERROR.sequence);
    if (data.length !== Math.min(FIRMWARE_CHUNK, t.size - at)) return refuse(DEVICE_ERROR.invalidValue);
    t.slot.set(data, at);
    t.received += data.length;
    return { ok: true, value: t.received };
  }

  /**
   * Verifies the slot; answers the version to run now, or verifyFailed (the running firmware stays). `hwVersion` is
   * the device's hardware version; without it the image's own is taken.
   */
  finish(modelId: number, hwVersion?: readonly number[]): UpdateResult<[number, number, number]> {
    const t = this.transfer;
    if (!t || this.state !== PROGRESS.receiving) return refuse(DEVICE_ERROR.sequence);
    const complete = t.received === t.size && crc32(t.slot) === t.crc;
    const check = complete
      ? checkFirmwareImage(t.slot, {
          modelId,
          hwVersion: hwVersion ?? [...t.slot.subarray(9, 12)],
          virtual: true,
          vendorId: 0,
        })
      : undefined;
    this.transfer = { ...t, slot: new Uint8Array(0) };
    const verified = check?.ok === true;
    this.state = verified ? PROGRESS.applied : PROGRESS.failed;
    return check?.ok ? { ok: true, value: check.header.version } : refuse(DEVICE_ERROR.verifyFailed);
  }

  progress(): FirmwareProgress {
    return { state: this.state, received: this.transfer?.received ?? 0, size: this.transfer?.size ?? 0 };
  }
}
