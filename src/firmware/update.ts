/**
 * Firmware images and the update receiver.
 *
 * Image format (all integers little endian), 16-byte header then the payload:
 *   offset 0  'KTFW'   magic
 *   offset 4  u8       image format, 1
 *   offset 5  u8       model id (models.ts) the image is built for
 *   offset 6  u8[3]    firmware version major, minor, patch
 *   offset 9  u8[3]    reserved, 0
 *   offset 12 u32      payload length (image size - 16)
 *   offset 16 payload
 *
 * The receiver writes chunks into a second slot; the running firmware is replaced only when the whole image has
 * arrived, its CRC32 matches the announced one and its header names this model (the header's version, not the one
 * announced at the start, becomes the running version), so a cut or a bad image never leaves
 * the device without working firmware. An interrupted transfer stays in the slot: announcing the same image again
 * (same size and CRC32) resumes after the last chunk received.
 */
import { crc32 } from '../protocol/crc.ts';
import { DEVICE_ERROR, type DeviceErrorCode } from '../protocol/errors.ts';
import { FIRMWARE_CHUNK, type FirmwareBegin, type FirmwareProgress } from '../protocol/objects.ts';
import { parseVersion } from '../core/version.ts';

export const FIRMWARE_MAGIC = 'KTFW';
export const FIRMWARE_FORMAT = 1;
export const FIRMWARE_HEADER_SIZE = 16;
/** Largest image the second slot holds. */
export const FIRMWARE_SLOT_SIZE = 1 << 20;
/** The only update target of a device: its own main controller. */
export const FIRMWARE_TARGET_MAIN = 0;

const PROGRESS = { idle: 0, receiving: 1, applied: 2, failed: 3 } as const;

export interface FirmwareHeader {
  modelId: number;
  version: [number, number, number];
  payloadLength: number;
}

function versionParts(version: string | readonly number[]): [number, number, number] {
  const parts =
    typeof version === 'string'
      ? (() => {
          const v = parseVersion(version);
          return [v.major, v.minor, v.patch];
        })()
      : [...version];
  if (parts.length !== 3 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 0xff))
    throw new RangeError(`firmware version ${String(version)} needs three parts of 0-255`);
  return [parts[0]!, parts[1]!, parts[2]!];
}

/**
 * A valid image for `modelId` at `version` ("1.4.0", "V1.4.0" or [1, 4, 0]) with a deterministic payload, so the
 * same arguments always give the same bytes (and the same CRC32).
 */
export function buildFirmwareImage(
  modelId: number,
  version: string | readonly number[],
  payloadSize = 4096,
): Uint8Array {
  if (!Number.isInteger(modelId) || modelId < 0 || modelId > 0xff) throw new RangeError(`model id ${modelId}`);
  if (!Number.isInteger(payloadSize) || payloadSize < 0 || payloadSize > FIRMWARE_SLOT_SIZE - FIRMWARE_HEADER_SIZE)
    throw new RangeError(`payload size ${payloadSize}`);
  const parts = versionParts(version);
  const image = new Uint8Array(FIRMWARE_HEADER_SIZE + payloadSize);
  image.set(new TextEncoder().encode(FIRMWARE_MAGIC), 0);
  image[4] = FIRMWARE_FORMAT;
  image[5] = modelId;
  image.set(parts, 6);
  new DataView(image.buffer).setUint32(12, payloadSize, true);
  // xorshift32 seeded by model and version: varied bytes, reproducible images.
  let x = (modelId * 0x01000193) ^ (parts[0] << 16) ^ (parts[1] << 8) ^ parts[2] ^ 0x9e3779b9;
  for (let i = 0; i < payloadSize; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    image[FIRMWARE_HEADER_SIZE + i] = x & 0xff;
  }
  return image;
}

export function readFirmwareHeader(image: Uint8Array): FirmwareHeader | undefined {
  if (image.length < FIRMWARE_HEADER_SIZE) return undefined;
  const magic = String.fromCharCode(...image.subarray(0, 4));
  if (magic !== FIRMWARE_MAGIC || image[4] !== FIRMWARE_FORMAT) return undefined;
  const payloadLength = new DataView(image.buffer, image.byteOffset, image.byteLength).getUint32(12, true);
  if (FIRMWARE_HEADER_SIZE + payloadLength !== image.length) return undefined;
  return { modelId: image[5]!, version: [image[6]!, image[7]!, image[8]!], payloadLength };
}

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

  /** Verifies the slot; answers the version to run now, or verifyFailed (the running firmware stays). */
  finish(modelId: number): UpdateResult<[number, number, number]> {
    const t = this.transfer;
    if (!t || this.state !== PROGRESS.receiving) return refuse(DEVICE_ERROR.sequence);
    const header = readFirmwareHeader(t.slot);
    const verified =
      t.received === t.size && crc32(t.slot) === t.crc && header !== undefined && header.modelId === modelId;
    this.transfer = { ...t, slot: new Uint8Array(0) };
    this.state = verified ? PROGRESS.applied : PROGRESS.failed;
    return verified && header ? { ok: true, value: header.version } : refuse(DEVICE_ERROR.verifyFailed);
  }

  progress(): FirmwareProgress {
    return { state: this.state, received: this.transfer?.received ?? 0, size: this.transfer?.size ?? 0 };
  }
}
