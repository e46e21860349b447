/**
 * Firmware images (docs/protocol.md §9.1): the format both ends agree on. The host reads the header to check an image
 * before it enters the bootloader; the device reads it again before it runs the image.
 *
 * Layout (all integers little endian), 16-byte header then the payload:
 *   offset 0  'KTFW'   magic
 *   offset 4  u8       image format, 1
 *   offset 5  u8       model id (models.ts) the image is built for
 *   offset 6  u8[3]    firmware version major, minor, patch
 *   offset 9  u8[3]    reserved, 0
 *   offset 12 u32      payload length (image size - 16)
 *   offset 16 payload
 */
import { parseVersion } from '../core/version.ts';

export const FIRMWARE_MAGIC = 'KTFW';
export const FIRMWARE_FORMAT = 1;
export const FIRMWARE_HEADER_SIZE = 16;
/** Largest image a device's second slot holds (docs/protocol.md §9.2: larger images are refused at begin). */
export const FIRMWARE_SLOT_SIZE = 1 << 20;
/** The only update target of a device: its own main controller. */
export const FIRMWARE_TARGET_MAIN = 0;

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

/** The 16 header bytes of an image for `modelId` at `version` with a payload of `payloadLength` bytes. */
export function encodeFirmwareHeader(
  modelId: number,
  version: string | readonly number[],
  payloadLength: number,
): Uint8Array {
  if (!Number.isInteger(modelId) || modelId < 0 || modelId > 0xff) throw new RangeError(`model id ${modelId}`);
  if (!Number.isInteger(payloadLength) || payloadLength < 0 || payloadLength > 0xffffffff)
    throw new RangeError(`payload length ${payloadLength}`);
  const header = new Uint8Array(FIRMWARE_HEADER_SIZE);
  header.set(new TextEncoder().encode(FIRMWARE_MAGIC), 0);
  header[4] = FIRMWARE_FORMAT;
  header[5] = modelId;
  header.set(versionParts(version), 6);
  new DataView(header.buffer).setUint32(12, payloadLength, true);
  return header;
}

/**
 * A valid image for `modelId` at `version` ("1.4.0", "V1.4.0" or [1, 4, 0]) with a deterministic payload, so the
 * same arguments always give the same bytes (and the same CRC32). The payload may be as large as the slot allows.
 */
export function buildFirmwareImage(
  modelId: number,
  version: string | readonly number[],
  payloadSize = 4096,
): Uint8Array {
  if (!Number.isInteger(payloadSize) || payloadSize < 0 || payloadSize > FIRMWARE_SLOT_SIZE - FIRMWARE_HEADER_SIZE)
    throw new RangeError(`payload size ${payloadSize}`);
  const header = encodeFirmwareHeader(modelId, version, payloadSize);
  const image = new Uint8Array(FIRMWARE_HEADER_SIZE + payloadSize);
  image.set(header, 0);
  // xorshift32 seeded by model and version: varied bytes, reproducible images.
  let x = (modelId * 0x01000193) ^ (header[6]! << 16) ^ (header[7]! << 8) ^ header[8]! ^ 0x9e3779b9;
  for (let i = 0; i < payloadSize; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    image[FIRMWARE_HEADER_SIZE + i] = x & 0xff;
  }
  return image;
}

/** The header of a well-formed image (magic, format, payload length matching the size), else undefined. */
export function readFirmwareHeader(image: Uint8Array): FirmwareHeader | undefined {
  if (image.length < FIRMWARE_HEADER_SIZE) return undefined;
  const magic = String.fromCharCode(...image.subarray(0, 4));
  if (magic !== FIRMWARE_MAGIC || image[4] !== FIRMWARE_FORMAT) return undefined;
  const payloadLength = new DataView(image.buffer, image.byteOffset, image.byteLength).getUint32(12, true);
  if (FIRMWARE_HEADER_SIZE + payloadLength !== image.length) return undefined;
  return { modelId: image[5]!, version: [image[6]!, image[7]!, image[8]!], payloadLength };
}

/** True when the second slot of a device can hold the image (docs/protocol.md §9.2). */
export function fitsFirmwareSlot(image: Uint8Array): boolean {
  return image.length >= FIRMWARE_HEADER_SIZE && image.length <= FIRMWARE_SLOT_SIZE;
}
