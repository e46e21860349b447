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
import type { ObjectName } from '../../protocol/registry.ts';
import { readCached, readFresh, remember, writeThrough } from '../cache.ts';
import type { AtomicOp } from '../session.ts';
import { stateSlot, type KeytuneDevice } from '../context.ts';

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
function keymapOffset(layer: number, keyId: number, keyCount: number): number {
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
function cellsWithCode(layers: Keymap, code: number): KeyCell[] {
  return layers.flatMap((codes, layer) => codes.flatMap((c, keyId) => (c === code ? [{ layer, keyId }] : [])));
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

const CURRENT_LAYER = stateSlot('keymap.layer', () => ({ layer: 0 }));

/** The layer the user is looking at (set by set_key_info --index alone); bindings of advanced keys go there. */
export function currentLayer(device: KeytuneDevice): number {
  const { layer } = device.slot(CURRENT_LAYER);
  return layer < device.descriptor.layerCount ? layer : 0;
}

export function setCurrentLayer(device: KeytuneDevice, layer: number): void {
  device.slot(CURRENT_LAYER).layer = layer;
}

/**
 * The key map as the service's copy holds it while the device confirmed it, else read again (cache.ts): a copy not
 * confirmed since a failed, unanswered or damaged exchange is never used, so a write built from it never puts old
 * codes back on keys it does not mean to change.
 */
export async function readKeymap(device: KeytuneDevice): Promise<Keymap> {
  const { layerCount, keyCount } = device.descriptor;
  return decodeKeymap(await readCached(device, 'keymap'), layerCount, keyCount);
}

/** `code` on `keyIds` of `layer`: always one masked frame, whatever the key map holds elsewhere. */
export function keymapBindPlan(layer: number, keyIds: readonly number[], code: number): KeymapWrite | undefined {
  return keyIds.length === 0 ? undefined : { kind: 'masked', layer, code, keyIds: [...new Set(keyIds)] };
}

/**
 * The write giving `cells` their codes: one masked frame when they share a layer and a code, else one range write
 * whose keys in between come from `base` (by default the confirmed copy, see readKeymap).
 */
async function keymapCellsPlan(
  device: KeytuneDevice,
  cells: readonly KeyCell[],
  codeAt: (cell: KeyCell) => number,
  base?: Keymap,
): Promise<KeymapWrite | undefined> {
  const first = cells[0];
  if (!first) return undefined;
  const code = codeAt(first);
  if (cells.every((c) => c.layer === first.layer && codeAt(c) === code))
    return keymapBindPlan(
      first.layer,
      cells.map((c) => c.keyId),
      code,
    );
  const after = (base ?? (await readKeymap(device))).map((codes) => [...codes]);
  for (const cell of cells) {
    const row = after[cell.layer];
    if (row && cell.keyId < row.length) row[cell.keyId] = codeAt(cell);
  }
  return planKeymapWrite(after, cells, device.descriptor.keyCount);
}

/**
 * Every key bound to `code`, on every layer, back to its factory code. The key map is read from the device even when
 * the service's copy is confirmed: a key left pointing at a freed slot would do nothing, so nothing is taken on trust.
 */
export async function keymapUnbindPlan(device: KeytuneDevice, code: number): Promise<KeymapWrite | undefined> {
  const { layerCount, keyCount } = device.descriptor;
  const layers = decodeKeymap(await readFresh(device, 'keymap'), layerCount, keyCount);
  const defaults = defaultLayers(device.record.display_name, layerCount, keyCount);
  return keymapCellsPlan(device, cellsWithCode(layers, code), (c) => defaults[c.layer]?.[c.keyId] ?? KC_NONE, layers);
}

/** The device operation of a key-map write, for a change the device commits whole with other writes. */
export function keymapOp(plan: KeymapWrite): AtomicOp {
  return plan.kind === 'masked'
    ? {
        kind: 'command',
        cmd: CMD.keymap,
        sub: SUB.keymap.setKeys,
        data: keymapSetKeysData(plan.layer, plan.code, plan.keyIds),
      }
    : { kind: 'object', name: 'keymap', offset: plan.offset, bytes: plan.bytes };
}

/**
 * The service's copy of the key map once `plan` is acknowledged, for a masked frame (which changes keys the copy
 * knows by key id); a range write updates the copy by itself. Derived from the copy readKeymap gives, so it is as
 * trusted as that copy (cache.ts `remember`).
 */
export async function keymapAfter(
  device: KeytuneDevice,
  plan: KeymapWrite,
): Promise<Partial<Record<ObjectName, Uint8Array>>> {
  if (plan.kind !== 'masked') return {};
  return { keymap: encodeKeymap(withCode(await readKeymap(device), plan.layer, plan.keyIds, plan.code)) };
}

/** Sends one key-map write and keeps the service's copy equal to what the device acknowledged. */
async function writeKeymapPlan(device: KeytuneDevice, plan: KeymapWrite | undefined): Promise<void> {
  if (!plan) return;
  if (plan.kind === 'range') return writeThrough(device, 'keymap', plan.offset, plan.bytes);
  const { keymap } = await keymapAfter(device, plan);
  await device.session.command(CMD.keymap, SUB.keymap.setKeys, keymapSetKeysData(plan.layer, plan.code, plan.keyIds));
  remember(device, 'keymap', keymap!);
}

/** `code` on `keyIds` of `layer`, one masked frame. */
export async function writeKeyCode(device: KeytuneDevice, layer: number, keyIds: readonly number[], code: number) {
  await writeKeymapPlan(device, keymapBindPlan(layer, keyIds, code));
}

/** `cells` back to their codes in `defaults` (the factory map), with the fewest reports. */
export async function writeKeyDefaults(device: KeytuneDevice, cells: readonly KeyCell[], defaults: Keymap) {
  await writeKeymapPlan(device, await keymapCellsPlan(device, cells, (c) => defaults[c.layer]?.[c.keyId] ?? KC_NONE));
}
