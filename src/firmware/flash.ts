/**
 * The flash image of a virtual keyboard, so it keeps its settings across reloads (IndexedDB, a file on disk).
 *
 * Layout (little endian): 'KTVK' magic, u16 image format (2), u32 CRC32 of the payload, u32 payload length, then the
 * payload: the stored state (schema.ts) as UTF-8 JSON, with per-key tables and advanced-key lists as base64 wire
 * bytes. Restoring checks every layer in turn (magic, format, length, checksum, shape, model, values) and names the
 * first that fails.
 */
import { modelById, type ModelInfo } from '../core/models.ts';
import { crc32 } from '../protocol/crc.ts';
import {
  CalibrationKeyLayout,
  DksRecordLayout,
  HypertapRecordLayout,
  LAYERS,
  MacroRecordLayout,
  PerfKeyLayout,
  RgbLayout,
  ShortcutRecordLayout,
  SnaptapRecordLayout,
  THEME_SLOTS,
} from '../protocol/objects.ts';
import { decodeU16List, encodeU16List } from '../protocol/registry.ts';
import { decodeList, encodeList, type Layout } from '../protocol/struct.ts';
import { checkBatteryFacts, factoryBatteryFacts } from './battery.ts';
import { FlashImageError } from './errors.ts';
import {
  StoredFlashSchema,
  type FlashState,
  type StoredFlash,
  type Profile,
  type StoredProfile,
  type StoredTable,
} from './schema.ts';
import { traitsFor, type Traits } from './traits.ts';
import { checkCalibration, checkName, checkProfile, checkSettings, textFieldsValid } from './validate.ts';

export const FLASH_MAGIC = 'KTVK';
export const FLASH_FORMAT = 2;
const HEADER = 14;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x2000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x2000));
  return btoa(binary);
}

function fromBase64(text: string, what: string): Uint8Array {
  try {
    const binary = atob(text);
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    throw new FlashImageError('schema', `${what}: not base64 text`);
  }
}

type ListTable = Exclude<StoredTable, 'keymap' | 'colours' | 'perf'>;
const LIST_LAYOUTS: { [K in ListTable]: Layout<Profile[K][number]> } = {
  dks: DksRecordLayout,
  shortcut: ShortcutRecordLayout,
  macro: MacroRecordLayout,
  snaptap: SnaptapRecordLayout,
  hypertap: HypertapRecordLayout,
};

function storeProfile(p: Profile): StoredProfile {
  return {
    name: p.name,
    lighting: p.lighting,
    outerFrame: p.outerFrame,
    ambient: p.ambient,
    rapidComplete: p.rapidComplete,
    tables: {
      keymap: toBase64(encodeU16List(p.keymap.flat())),
      colours: toBase64(encodeList(RgbLayout, p.colours)),
      perf: toBase64(encodeList(PerfKeyLayout, p.perf)),
      dks: toBase64(encodeList(DksRecordLayout, p.dks)),
      shortcut: toBase64(encodeList(ShortcutRecordLayout, p.shortcut)),
      macro: toBase64(encodeList(MacroRecordLayout, p.macro)),
      snaptap: toBase64(encodeList(SnaptapRecordLayout, p.snaptap)),
      hypertap: toBase64(encodeList(HypertapRecordLayout, p.hypertap)),
    },
  };
}

export function encodeFlashImage(state: FlashState): Uint8Array {
  const stored = {
    ...state,
    profiles: state.profiles.map(storeProfile),
    calibration: {
      state: state.calibration.state,
      keys: toBase64(encodeList(CalibrationKeyLayout, state.calibration.keys)),
    },
  };
  return frameFlashPayload(new TextEncoder().encode(JSON.stringify(stored)));
}

/** The stored payload (JSON text) of a flash image behind its header: magic, format, CRC-32 and length. */
export function frameFlashPayload(payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(HEADER + payload.length);
  out.set(new TextEncoder().encode(FLASH_MAGIC), 0);
  const view = new DataView(out.buffer);
  view.setUint16(4, FLASH_FORMAT, true);
  view.setUint32(6, crc32(payload), true);
  view.setUint32(10, payload.length, true);
  out.set(payload, HEADER);
  return out;
}

/** The stored payload of a flash image, header left out (not checked: decodeFlashImage checks). */
export function flashPayloadOf(image: Uint8Array): Uint8Array {
  return image.subarray(HEADER);
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

/** Wire bytes of one table, which must hold exactly `count` records of `size` bytes. */
function table(text: string, what: string, size: number, count: number): Uint8Array {
  const bytes = fromBase64(text, what);
  if (bytes.length !== size * count)
    throw new FlashImageError('values', `${what}: ${bytes.length} bytes, expected ${size * count}`);
  return bytes;
}

function loadProfile(stored: StoredProfile, traits: Traits, slot: number): Profile {
  const n = traits.keyCount;
  const t = stored.tables;
  const what = (name: string): string => `theme ${slot} ${name}`;
  const codes = decodeU16List(table(t.keymap, what('keymap'), 2, LAYERS * n));
  const list = <K extends ListTable>(key: K): Profile[K] => {
    const layout = LIST_LAYOUTS[key];
    const count = traits.capacity[key];
    const bytes = table(t[key], what(key), layout.size, count);
    for (let i = 0; i < count; i++)
      if (!textFieldsValid(layout as Layout<unknown>, bytes, i * layout.size))
        throw new FlashImageError('values', `${what(key)}: text is not valid UTF-8`);
    return decodeList(layout, bytes, count) as Profile[K];
  };
  return {
    name: stored.name,
    keymap: Array.from({ length: LAYERS }, (_, layer) => codes.slice(layer * n, layer * n + n)),
    colours: decodeList(RgbLayout, table(t.colours, what('colours'), RgbLayout.size, n), n),
    lighting: stored.lighting,
    outerFrame: stored.outerFrame,
    ambient: stored.ambient,
    perf: decodeList(PerfKeyLayout, table(t.perf, what('perf'), PerfKeyLayout.size, n), n),
    rapidComplete: stored.rapidComplete,
    dks: list('dks'),
    shortcut: list('shortcut'),
    macro: list('macro'),
    snaptap: list('snaptap'),
    hypertap: list('hypertap'),
  };
}

/** The stored device facts, with the factory battery and pairing facts where an older image lacks them. */
function withBatteryFacts(device: StoredFlash['device'], model: ModelInfo): FlashState['device'] {
  const factory = factoryBatteryFacts(model, device.serial);
  return {
    ...device,
    cycles: device.cycles ?? factory.cycles,
    health: device.health ?? factory.health,
    pairState: device.pairState ?? factory.pairState,
  };
}

function checkState(state: FlashState, model: ModelInfo, traits: Traits): string | undefined {
  const { device } = state;
  if (checkName(device.serial)) return 'serial longer than 16 bytes';
  if (model.wireless ? device.battery > 100 : device.battery !== 0xff) return `battery ${device.battery}`;
  if (!model.wireless && device.accessMode !== 0) return 'a wired device has no wireless access mode';
  const battery = checkBatteryFacts(device, model);
  if (battery) return battery;
  if (state.currentTheme >= THEME_SLOTS) return `current theme ${state.currentTheme}`;
  for (const [slot, profile] of state.profiles.entries()) {
    const reason = checkProfile(profile, traits);
    if (reason) return `theme ${slot}: ${reason}`;
  }
  return checkSettings(state.settings) ?? checkCalibration(state.calibration.state, state.calibration.keys);
}

/** Reads and vets a flash image; throws FlashImageError naming the first problem found. */
export function decodeFlashImage(image: unknown): { state: FlashState; model: ModelInfo; traits: Traits } {
  try {
    return decode(image);
  } catch (error) {
    if (error instanceof FlashImageError) throw error;
    throw new FlashImageError('values', error instanceof Error ? error.message : String(error));
  }
}

function decode(image: unknown): { state: FlashState; model: ModelInfo; traits: Traits } {
  const parsed = StoredFlashSchema.safeParse(parsePayload(image));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new FlashImageError('schema', issue ? `${issue.path.join('.')}: ${issue.message}` : 'unexpected shape');
  }
  const stored = parsed.data;
  const model = modelById(stored.device.modelId);
  if (!model) throw new FlashImageError('model', `model id ${stored.device.modelId} is unknown`);
  const [major, minor, patch] = stored.device.fw;
  const traits = traitsFor(model, { major, minor, patch });
  if (stored.profiles.length !== THEME_SLOTS)
    throw new FlashImageError('values', `${stored.profiles.length} theme slots, expected ${THEME_SLOTS}`);
  const state: FlashState = {
    device: withBatteryFacts(stored.device, model),
    currentTheme: stored.currentTheme,
    profiles: stored.profiles.map((p, slot) => loadProfile(p, traits, slot)),
    settings: stored.settings,
    calibration: {
      state: stored.calibration.state,
      keys: decodeList(
        CalibrationKeyLayout,
        table(stored.calibration.keys, 'calibration', CalibrationKeyLayout.size, model.keyCount),
        model.keyCount,
      ),
    },
  };
  const reason = checkState(state, model, traits);
  if (reason) throw new FlashImageError('values', reason);
  return { state, model, traits };
}
