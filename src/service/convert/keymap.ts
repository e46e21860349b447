/**
 * The key map between the wire (one u16 code per layer and key) and the spec's key value info, and the plan of the
 * fewest reports that bring a set of keys to new codes: one masked frame when every key gets the same code on one
 * layer, else one streamed write of the smallest byte range holding every change. The device reads and writes are
 * at the end; everything above them is pure.
 */
import type { DisplayEntry, KeyDescriptor } from '../../core/advanced-keys.ts';
import {
  ADVANCED_LETTERS,
  KC_NONE,
  KEYCODE_KIND,
  keycodeKind,
  keycodeToKeyword,
  keycodeValue,
} from '../../core/keycode-space.ts';
import { keycodeEntry, keycodeLabel } from '../../core/keycodes.ts';
import { defaultKeymap, layoutFor } from '../../core/layouts/index.ts';
import { CMD, keyMask, SUB } from '../../protocol/commands.ts';
import { decodeU16List, encodeU16List } from '../../protocol/registry.ts';
import { readCached, remember } from '../cache.ts';
import type { DeviceEntry } from '../context.ts';

export type Keymap = number[][];

export function decodeKeymap(bytes: Uint8Array, layerCount: number, keyCount: number): Keymap {
  const codes = decodeU16List(bytes);
  return Array.from({ length: layerCount }, (_, l) =>
    Array.from({ length: keyCount }, (_, k) => codes[l * keyCount + k] ?? KC_NONE),
  );
}

export function encodeKeymap(layers: Keymap): Uint8Array {
  return encodeU16List(layers.flat());
}

/** Byte offset of one key's code in the keymap object. */
export function keymapOffset(layer: number, keyId: number, keyCount: number): number {
  return (layer * keyCount + keyId) * 2;
}

/** Data of the keymap setKeys command: `[layer u8, code u16 LE, key mask]`. */
export function keymapSetKeysData(layer: number, code: number, keyIds: readonly number[]): Uint8Array {
  const mask = keyMask(keyIds);
  const out = new Uint8Array(3 + mask.length);
  out[0] = layer;
  out[1] = code & 0xff;
  out[2] = (code >> 8) & 0xff;
  out.set(mask, 3);
  return out;
}

/**
 * The model's factory key map (src/core/layouts), shaped to the device's layer and key counts: layers or keys the
 * layout does not describe get no action.
 */
export function defaultLayers(modelName: string, layerCount: number, keyCount: number): Keymap {
  const defaults = defaultKeymap(modelName);
  return Array.from({ length: layerCount }, (_, l) =>
    Array.from({ length: keyCount }, (_, k) => defaults[l]?.[k] ?? KC_NONE),
  );
}

export interface KeyCell {
  layer: number;
  keyId: number;
}

export type KeymapWrite =
  | { kind: 'masked'; layer: number; code: number; keyIds: number[] }
  | { kind: 'range'; offset: number; bytes: Uint8Array };

/**
 * How to write `cells` of `after` to the device. Cells that already hold their code are written all the same, so the
 * device ends equal to what the user saw even if it changed on its own.
 */
export function planKeymapWrite(after: Keymap, cells: readonly KeyCell[], keyCount: number): KeymapWrite | undefined {
  if (cells.length === 0) return undefined;
  const codeAt = (c: KeyCell): number => after[c.layer]?.[c.keyId] ?? KC_NONE;
  const first = cells[0]!;
  const code = codeAt(first);
  if (cells.every((c) => c.layer === first.layer && codeAt(c) === code)) {
    return { kind: 'masked', layer: first.layer, code, keyIds: [...new Set(cells.map((c) => c.keyId))] };
  }
  const offsets = cells.map((c) => keymapOffset(c.layer, c.keyId, keyCount));
  const start = Math.min(...offsets);
  const end = Math.max(...offsets) + 2;
  return { kind: 'range', offset: start, bytes: encodeKeymap(after).slice(start, end) };
}

/** A copy of `layers` with `code` on `keyIds` of `layer`. */
export function withCode(layers: Keymap, layer: number, keyIds: readonly number[], code: number): Keymap {
  const ids = new Set(keyIds);
  return layers.map((codes, l) => (l === layer ? codes.map((c, k) => (ids.has(k) ? code : c)) : [...codes]));
}

/** Every key, on every layer, whose code is `code`. */
export function cellsWithCode(layers: Keymap, code: number): KeyCell[] {
  return layers.flatMap((codes, layer) => codes.flatMap((c, keyId) => (c === code ? [{ layer, keyId }] : [])));
}

/** A copy of `layers` where `cells` hold their factory codes. */
export function withDefaults(layers: Keymap, defaults: Keymap, cells: readonly KeyCell[]): Keymap {
  const out = layers.map((codes) => [...codes]);
  for (const { layer, keyId } of cells) {
    const row = out[layer];
    if (row && keyId < row.length) row[keyId] = defaults[layer]?.[keyId] ?? KC_NONE;
  }
  return out;
}

const ADVANCED_KINDS: readonly number[] = Object.values(ADVANCED_LETTERS);

export function isAdvancedCode(code: number): boolean {
  return ADVANCED_KINDS.includes(keycodeKind(code));
}

/**
 * A code a key may carry outside the advanced kinds: a catalogue entry, and for layer keys a layer the device has.
 */
export function isAssignableCode(code: number, layerCount: number): boolean {
  if (!Number.isInteger(code) || code < 0 || code > 0xffff || !keycodeEntry(code)) return false;
  return keycodeKind(code) !== KEYCODE_KIND.layer || (keycodeValue(code) & 0xf) < layerCount;
}

/**
 * The key-code entry fields of a code. `type` is the code's kind (top four bits) and `sys_code` its value, so a
 * descriptor names the same action as the code without a table; images are left to the UI's resources.
 */
export function keyDescriptorOf(code: number): KeyDescriptor {
  const entry = keycodeEntry(code);
  return {
    keywords: keycodeToKeyword(code) ?? '',
    name: keycodeLabel(code),
    alias: entry?.alias ?? keycodeLabel(code),
    image: '',
    code,
    type: keycodeKind(code),
    stype: 0,
    sys_code: keycodeValue(code),
  };
}

/** A physical key as an advanced item names it: the legend printed on it (its layer-0 factory code). */
export function keyEntryOf(modelName: string, keyId: number): DisplayEntry {
  const key = layoutFor(modelName)?.keys[keyId];
  const name = key ? keycodeLabel(key.code) : `#${keyId}`;
  return { name, alias: key ? (keycodeEntry(key.code)?.alias ?? name) : name, key_id: keyId };
}

// ------------------------------------------------------------------------------------------------ device reads and writes

const CURRENT_LAYER = 'keymap.layer';

/** The layer the user is looking at (set by set_key_info --index alone); bindings of advanced keys go there. */
export function currentLayer(device: DeviceEntry): number {
  const layer = device.state.get(CURRENT_LAYER);
  return typeof layer === 'number' && layer < device.descriptor.layerCount ? layer : 0;
}

export function setCurrentLayer(device: DeviceEntry, layer: number): void {
  device.state.set(CURRENT_LAYER, layer);
}

export async function readKeymap(device: DeviceEntry): Promise<Keymap> {
  const { layerCount, keyCount } = device.descriptor;
  return decodeKeymap(await readCached(device, 'keymap'), layerCount, keyCount);
}

/**
 * Writes `cells` of `after` with the fewest reports (see planKeymapWrite) and, once the device acknowledged, makes
 * `after` the service's copy of the key map.
 */
export async function writeKeymap(device: DeviceEntry, after: Keymap, cells: readonly KeyCell[]): Promise<void> {
  const plan = planKeymapWrite(after, cells, device.descriptor.keyCount);
  if (!plan) return;
  if (plan.kind === 'masked') {
    await device.session.command(CMD.keymap, SUB.keymap.setKeys, keymapSetKeysData(plan.layer, plan.code, plan.keyIds));
  } else {
    await device.session.writeObject('keymap', plan.offset, plan.bytes);
  }
  remember(device, 'keymap', encodeKeymap(after));
}
