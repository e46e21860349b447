/**
 * The flash image of a virtual keyboard, so it keeps its settings across reloads (IndexedDB, a file on disk).
 *
 * Layout (little endian): 'KTVK' magic, u16 image format (1), u32 CRC32 of the payload, u32 payload length, then the
 * payload: the persistent state (schema.ts) as UTF-8 JSON. Restoring checks every layer in turn (magic, format,
 * length, checksum, shape, model, values) and names the first that fails.
 */
import { modelById, type ModelInfo } from '../core/models.ts';
import { crc32 } from '../protocol/crc.ts';
import { THEME_SLOTS } from '../protocol/objects.ts';
import { FlashImageError } from './errors.ts';
import { FlashStateSchema, type FlashState } from './schema.ts';
import { traitsFor, type Traits } from './traits.ts';
import { checkCalibration, checkName, checkProfile, checkSettings } from './validate.ts';

export const FLASH_MAGIC = 'KTVK';
export const FLASH_FORMAT = 1;
const HEADER = 14;

export function encodeFlashImage(state: FlashState): Uint8Array {
  const payload = new TextEncoder().encode(JSON.stringify(state));
  const out = new Uint8Array(HEADER + payload.length);
  out.set(new TextEncoder().encode(FLASH_MAGIC), 0);
  const view = new DataView(out.buffer);
  view.setUint16(4, FLASH_FORMAT, true);
  view.setUint32(6, crc32(payload), true);
  view.setUint32(10, payload.length, true);
  out.set(payload, HEADER);
  return out;
}

function parsePayload(image: unknown): unknown {
  if (!(image instanceof Uint8Array) || image.length < HEADER)
    throw new FlashImageError('magic', 'not a virtual keyboard image');
  if (String.fromCharCode(...image.subarray(0, 4)) !== FLASH_MAGIC)
    throw new FlashImageError('magic', 'not a virtual keyboard image');
  const view = new DataView(image.buffer, image.byteOffset, image.byteLength);
  const format = view.getUint16(4, true);
  if (format !== FLASH_FORMAT) throw new FlashImageError('format', `image format ${format} is not supported`);
  const length = view.getUint32(10, true);
  if (HEADER + length !== image.length)
    throw new FlashImageError('length', `payload of ${image.length - HEADER} bytes, header says ${length}`);
  const payload = image.subarray(HEADER);
  if (crc32(payload) !== view.getUint32(6, true)) throw new FlashImageError('crc', 'checksum mismatch');
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(payload));
  } catch {
    throw new FlashImageError('schema', 'payload is not JSON text');
  }
}

function checkState(state: FlashState, model: ModelInfo, traits: Traits): string | undefined {
  const { device } = state;
  if (checkName(device.serial)) return 'serial longer than 16 bytes';
  if (model.wireless ? device.battery > 100 : device.battery !== 0xff) return `battery ${device.battery}`;
  if (!model.wireless && device.accessMode !== 0) return 'a wired device has no wireless access mode';
  if (state.profiles.length !== THEME_SLOTS) return `${state.profiles.length} theme slots`;
  if (state.currentTheme >= THEME_SLOTS) return `current theme ${state.currentTheme}`;
  for (const [slot, profile] of state.profiles.entries()) {
    const reason = checkProfile(profile, traits);
    if (reason) return `theme ${slot}: ${reason}`;
  }
  if (state.calibration.keys.length !== model.keyCount) return 'calibration key count';
  return checkSettings(state.settings) ?? checkCalibration(state.calibration.state, state.calibration.keys);
}

/** Reads and vets a flash image; throws FlashImageError naming the first problem found. */
export function decodeFlashImage(image: unknown): { state: FlashState; model: ModelInfo; traits: Traits } {
  const parsed = FlashStateSchema.safeParse(parsePayload(image));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new FlashImageError('schema', issue ? `${issue.path.join('.')}: ${issue.message}` : 'unexpected shape');
  }
  const state = parsed.data;
  const model = modelById(state.device.modelId);
  if (!model) throw new FlashImageError('model', `model id ${state.device.modelId} is unknown`);
  const [major, minor, patch] = state.device.fw;
  const traits = traitsFor(model, { major, minor, patch });
  const reason = checkState(state, model, traits);
  if (reason) throw new FlashImageError('values', reason);
  return { state, model, traits };
}
