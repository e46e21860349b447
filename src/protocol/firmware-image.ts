/**
 * Firmware images (docs/protocol.md §9.1): the format both ends agree on. The host checks an image completely before
 * it enters the bootloader; the device checks it again before it switches to it.
 *
 * Layout, format 2 (all integers little endian), an 88-byte header then the payload:
 *   offset 0  'KTFW'   magic
 *   offset 4  u8       image format, 2
 *   offset 5  u8       model id (models.ts) the image is built for
 *   offset 6  u8[3]    firmware version major, minor, patch
 *   offset 9  u8[3]    hardware version major, minor, patch the image runs on
 *   offset 12 u32      payload length (image size - 88)
 *   offset 16 u32      CRC-32 of the payload
 *   offset 20 u16      signer: the key that signed the image (firmware-keys.ts)
 *   offset 22 u16      reserved, 0
 *   offset 24 u8[64]   Ed25519 signature of bytes 0-23 followed by the payload
 *   offset 88 payload
 */
import { parseVersion } from '../core/version.ts';
import { crc32 } from './crc.ts';
import { ed25519 } from './ed25519.ts';
import {
  hexBytes,
  REFERENCE_SIGNER,
  trustedKeyFor,
  verifySignature,
  type SignatureTarget,
  type TrustedKey,
} from './firmware-keys.ts';
import { REFERENCE_FIRMWARE_SECRET_KEY_HEX } from './reference-firmware-signing-key.ts';

export const FIRMWARE_MAGIC = 'KTFW';
const FIRMWARE_FORMAT = 2;
/** Bytes of the header covered by the signature (everything before the signature itself). */
const FIRMWARE_SIGNED_HEADER = 24;
const FIRMWARE_SIGNATURE_SIZE = 64;
export const FIRMWARE_HEADER_SIZE = FIRMWARE_SIGNED_HEADER + FIRMWARE_SIGNATURE_SIZE;
/** Largest image a device's second slot holds (docs/protocol.md §9.2: larger images are refused at begin). */
export const FIRMWARE_SLOT_SIZE = 1 << 20;
/** The only update target of a device: its own main controller. */
export const FIRMWARE_TARGET_MAIN = 0;
/** Hardware version an image is built for when its maker names none: the virtual keyboards' default. */
const DEFAULT_HARDWARE_VERSION: readonly [number, number, number] = [1, 0, 0];

export type VersionTriple = [number, number, number];

export interface FirmwareHeader {
  modelId: number;
  version: VersionTriple;
  hwVersion: VersionTriple;
  payloadLength: number;
  /** CRC-32 of the payload. */
  crc: number;
  signer: number;
}

export interface FirmwareImageOptions {
  /** Hardware version the image runs on ("1.0.0", "V1.0.0" or [1, 0, 0]); default 1.0.0. */
  hwVersion?: string | readonly number[];
  /** Signer and Ed25519 secret key (32 bytes); default: the reference firmware's. */
  signer?: number;
  secretKey?: Uint8Array;
}

function versionParts(version: string | readonly number[]): VersionTriple {
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

const view = (bytes: Uint8Array): DataView => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The header of an image for `modelId` at `version` with a payload of `payloadLength` bytes, its CRC `crc` and its
 * signer; the signature bytes are left 0 (signFirmwareImage fills them).
 */
export function encodeFirmwareHeader(
  modelId: number,
  version: string | readonly number[],
  payloadLength: number,
  fields: { hwVersion?: string | readonly number[]; crc?: number; signer?: number } = {},
): Uint8Array {
  if (!Number.isInteger(modelId) || modelId < 0 || modelId > 0xff) throw new RangeError(`model id ${modelId}`);
  if (!Number.isInteger(payloadLength) || payloadLength < 0 || payloadLength > 0xffffffff)
    throw new RangeError(`payload length ${payloadLength}`);
  const header = new Uint8Array(FIRMWARE_HEADER_SIZE);
  header.set(new TextEncoder().encode(FIRMWARE_MAGIC), 0);
  header[4] = FIRMWARE_FORMAT;
  header[5] = modelId;
  header.set(versionParts(version), 6);
  header.set(versionParts(fields.hwVersion ?? DEFAULT_HARDWARE_VERSION), 9);
  const v = view(header);
  v.setUint32(12, payloadLength, true);
  v.setUint32(16, (fields.crc ?? 0) >>> 0, true);
  v.setUint16(20, fields.signer ?? REFERENCE_SIGNER, true);
  return header;
}

/** The bytes the signature covers: the header before the signature, then the payload. */
function signedMessage(image: Uint8Array): Uint8Array {
  const message = new Uint8Array(image.length - FIRMWARE_SIGNATURE_SIZE);
  message.set(image.subarray(0, FIRMWARE_SIGNED_HEADER), 0);
  message.set(image.subarray(FIRMWARE_HEADER_SIZE), FIRMWARE_SIGNED_HEADER);
  return message;
}

/** Writes the Ed25519 signature of `image` (its header and payload) with `secretKey` into the header, in place. */
function signFirmwareImage(image: Uint8Array, secretKey: Uint8Array): Uint8Array {
  image.set(ed25519().sign(signedMessage(image), secretKey), FIRMWARE_SIGNED_HEADER);
  return image;
}

let referenceKey: Uint8Array | undefined;

/**
 * A valid, signed image for `modelId` at `version` ("1.4.0", "V1.4.0" or [1, 4, 0]) with a deterministic payload, so
 * the same arguments always give the same bytes. The payload may be as large as the slot allows. Signed with the
 * reference firmware's key unless `options` name another.
 */
export function buildFirmwareImage(
  modelId: number,
  version: string | readonly number[],
  payloadSize = 4096,
  options: FirmwareImageOptions = {},
): Uint8Array {
  if (!Number.isInteger(payloadSize) || payloadSize < 0 || payloadSize > FIRMWARE_SLOT_SIZE - FIRMWARE_HEADER_SIZE)
    throw new RangeError(`payload size ${payloadSize}`);
  const fw = versionParts(version);
  const image = new Uint8Array(FIRMWARE_HEADER_SIZE + payloadSize);
  // xorshift32 seeded by model and version: varied bytes, reproducible images.
  let x = (modelId * 0x01000193) ^ (fw[0] << 16) ^ (fw[1] << 8) ^ fw[2] ^ 0x9e3779b9;
  for (let i = 0; i < payloadSize; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    image[FIRMWARE_HEADER_SIZE + i] = x & 0xff;
  }
  const crc = crc32(image.subarray(FIRMWARE_HEADER_SIZE));
  image.set(
    encodeFirmwareHeader(modelId, fw, payloadSize, {
      ...(options.hwVersion !== undefined ? { hwVersion: options.hwVersion } : {}),
      crc,
      signer: options.signer ?? REFERENCE_SIGNER,
    }),
    0,
  );
  const key = options.secretKey ?? (referenceKey ??= hexBytes(REFERENCE_FIRMWARE_SECRET_KEY_HEX));
  return signFirmwareImage(image, key);
}

/** The header fields of an image that starts with the magic and format 2, else undefined (nothing else is checked). */
export function readFirmwareHeader(image: Uint8Array): FirmwareHeader | undefined {
  if (image.length < FIRMWARE_HEADER_SIZE) return undefined;
  if (String.fromCharCode(...image.subarray(0, 4)) !== FIRMWARE_MAGIC || image[4] !== FIRMWARE_FORMAT) return undefined;
  const v = view(image);
  return {
    modelId: image[5]!,
    version: [image[6]!, image[7]!, image[8]!],
    hwVersion: [image[9]!, image[10]!, image[11]!],
    payloadLength: v.getUint32(12, true),
    crc: v.getUint32(16, true),
    signer: v.getUint16(20, true),
  };
}

/** True when the second slot of a device can hold the image (docs/protocol.md §9.2). */
export function fitsFirmwareSlot(image: Uint8Array): boolean {
  return image.length >= FIRMWARE_HEADER_SIZE && image.length <= FIRMWARE_SLOT_SIZE;
}

/** Why an image is refused, in the order the checks run. */
export type ImageProblem = 'magic' | 'format' | 'size' | 'length' | 'crc' | 'model' | 'hardware' | 'signature';

/** The device an image must suit. */
export interface ImageTarget extends SignatureTarget {
  modelId: number;
  hwVersion: readonly number[];
}

export type ImageCheck =
  { ok: true; header: FirmwareHeader } | { ok: false; problem: ImageProblem; header?: FirmwareHeader; found?: number };

/**
 * Every check of an image, cheapest first: magic, format, slot size, payload length, CRC-32 of the payload, model,
 * hardware version, then the signature with the key trusted for this signer and device.
 */
export function checkFirmwareImage(image: Uint8Array, target: ImageTarget, keys?: readonly TrustedKey[]): ImageCheck {
  if (image.length < 5 || String.fromCharCode(...image.subarray(0, 4)) !== FIRMWARE_MAGIC)
    return { ok: false, problem: 'magic' };
  if (image[4] !== FIRMWARE_FORMAT) return { ok: false, problem: 'format', found: image[4]! };
  const header = readFirmwareHeader(image);
  if (!header || !fitsFirmwareSlot(image))
    return header ? { ok: false, problem: 'size', header } : { ok: false, problem: 'size' };
  if (FIRMWARE_HEADER_SIZE + header.payloadLength !== image.length) return { ok: false, problem: 'length', header };
  if (crc32(image.subarray(FIRMWARE_HEADER_SIZE)) !== header.crc) return { ok: false, problem: 'crc', header };
  if (header.modelId !== target.modelId) return { ok: false, problem: 'model', header };
  if (header.hwVersion.some((part, i) => part !== target.hwVersion[i]))
    return { ok: false, problem: 'hardware', header };
  const key = trustedKeyFor(header.signer, target, keys);
  const signature = image.subarray(FIRMWARE_SIGNED_HEADER, FIRMWARE_HEADER_SIZE);
  if (!key || !verifySignature(key, signature, signedMessage(image)))
    return { ok: false, problem: 'signature', header };
  return { ok: true, header };
}
