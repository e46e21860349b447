/**
 * The advanced-key lists of a device: which slots are used and free, which record ranges to read so that only used
 * slots cross the link, the function-info payload, and the reads and writes of the lists (the item codec is
 * advanced-records.ts).
 */
import type { AdvancedLists, FuncInfoPayload, SnaptapItemWithMode } from '../../contract/payloads/advanced.ts';
import { readCached, readFresh, writeAtomicThrough, writeThrough } from '../cache.ts';
import {
  ADVANCED_TYPE,
  ADVANCED_TYPE_NAMES,
  type AdvancedItem,
  type AdvancedType,
  type AdvancedTypeId,
  type DksItem,
  type HypertapItem,
  type MacroItem,
  type ShortcutItem,
  type SnaptapItem,
} from '../../core/advanced-keys.ts';
import type { Capabilities } from '../../core/capabilities.ts';
import { offeredShortcutTypes } from '../../core/rules/shortcut.ts';
import {
  ADVANCED_RECORD_LAYOUTS,
  advancedCapacity,
  advancedUsedBitmap,
  FuncInfoLayout,
  MACRO_EVENTS,
  type FuncInfo,
} from '../../protocol/advanced-records.ts';
import { stateSlot, type KeytuneDevice } from '../context.ts';
import type { AtomicOp } from '../session.ts';
import { decodeRecords } from './advanced-records.ts';
import { keymapAfter, keymapOp, type KeymapWrite } from './keymap.ts';
import { unitsToMm } from './units.ts';

export type { AdvancedLists, FuncInfoPayload, SnaptapItemWithMode };

/** Slot ids whose bit is set in a used bitmap, below the list's capacity. */
export function usedIds(bitmap: number, capacity: number): number[] {
  const out: number[] = [];
  for (let id = 0; id < Math.min(capacity, 32); id++) if ((bitmap >>> id) & 1) out.push(id);
  return out;
}

/** Free slot ids; a used bitmap has 32 bits, so slots beyond them cannot be told free and are never offered. */
export function unusedIds(bitmap: number, capacity: number): number[] {
  const used = new Set(usedIds(bitmap, capacity));
  return Array.from({ length: Math.min(capacity, 32) }, (_, id) => id).filter((id) => !used.has(id));
}

export interface RecordRun {
  first: number;
  count: number;
}

/**
 * Groups slot ids into read requests. A separate request costs a round trip (hundreds of ms on a wireless link) while
 * an extra frame inside a stream costs one report interval, so free slots between used ones are read through when
 * they add at most `maxGapBytes`.
 */
export function recordRuns(ids: readonly number[], recordSize: number, maxGapBytes = 8 * 56): RecordRun[] {
  const runs: RecordRun[] = [];
  for (const id of [...ids].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    const gap = last ? id - (last.first + last.count) : Infinity;
    if (last && gap >= 0 && gap * recordSize <= maxGapBytes) last.count = id - last.first + 1;
    else runs.push({ first: id, count: 1 });
  }
  return runs;
}

/**
 * The device lets a key belong to one snap-tap pair only; the core rules do not cover this, so it is checked here
 * before the device would refuse the record.
 */
export function snaptapKeysTaken(item: SnaptapItem, existing: readonly SnaptapItem[]): boolean {
  const keys = new Set(item.display.map((e) => e.key_id));
  return existing.some((other) => other.id_num !== item.id_num && other.display.some((e) => keys.has(e.key_id)));
}

/** Function info (spec-1 §3) of a device: lists, capacities, free slots, DKS limits and what this firmware offers. */
export function funcInfoPayload(
  path: string,
  info: FuncInfo,
  lists: AdvancedLists,
  caps: Capabilities,
): FuncInfoPayload {
  const per = <T>(f: (list: AdvancedType) => T): Record<AdvancedType, T> =>
    Object.fromEntries(ADVANCED_TYPE_NAMES.map((l) => [l, f(l)])) as Record<AdvancedType, T>;
  const size = per((l) => advancedCapacity(info, l));
  const unuse = per((l) => unusedIds(advancedUsedBitmap(info, l), advancedCapacity(info, l)));
  return {
    path,
    dks_list: lists.dks,
    shortcut_list: lists.shortcut,
    macro_list: lists.macro,
    snaptap_list: lists.snaptap,
    hypertap_list: lists.hypertap,
    dks_size: size.dks,
    shortcut_size: size.shortcut,
    macro_size: size.macro,
    snaptap_size: size.snaptap,
    hypertap_size: size.hypertap,
    dks_unuse_id: unuse.dks,
    shortcut_unuse_id: unuse.shortcut,
    macro_unuse_id: unuse.macro,
    snaptap_unuse_id: unuse.snaptap,
    hypertap_unuse_id: unuse.hypertap,
    dks_max_trigger: unitsToMm(info.dksMaxTrigger),
    dks_slot_count: caps.advanced.dksSlotCount,
    macro_max_events: Math.min(info.macroMaxEvents, MACRO_EVENTS),
    advanced_enabled: caps.advanced.enabled,
    advanced_types: ADVANCED_TYPE_NAMES.filter((l) => caps.advanced.types[l]).map((l) => ADVANCED_TYPE[l]),
    shortcut_types: offeredShortcutTypes(caps),
    macro_trigger_types: [...caps.advanced.macroTriggerActionTypes],
    hypertap_second_entry: caps.advanced.hypertapSecondEntry,
  };
}

// ------------------------------------------------------------------------------------------------ device reads

/**
 * The lists last read, with the function-info bytes they were read with: they hold while the service's copy of the
 * function info is still those very bytes, confirmed. A theme switch, a reset or a lost exchange drops or distrusts
 * that copy, and the lists are read again.
 */
const LISTS = stateSlot<{ lists?: AdvancedLists; basis?: Uint8Array }>('advanced.lists', () => ({}));

/**
 * The advanced-key lists without reading them again while nothing can have changed them (an edit of plain key codes
 * leaves them as they were); else read from the device.
 */
export async function knownLists(device: KeytuneDevice): Promise<AdvancedLists> {
  const known = device.slot(LISTS);
  const basis = await readCached(device, 'funcInfo');
  if (known.lists && known.basis === basis) return known.lists;
  return (await readAdvanced(device, basis)).lists;
}

/** Forgets the lists last read: a change of them is under way, and until it is answered they are not known. */
export function forgetLists(device: KeytuneDevice): void {
  device.resetSlots(LISTS);
}

/**
 * Function info and every used item, read from the device (the device is the truth for advanced keys). `infoBytes`
 * is a copy of the function info just read or confirmed, when the caller has one.
 */
export async function readAdvanced(
  device: KeytuneDevice,
  infoBytes?: Uint8Array,
): Promise<{ info: FuncInfo; lists: AdvancedLists }> {
  const basis = infoBytes ?? (await readFresh(device, 'funcInfo'));
  const info = FuncInfoLayout.decode(basis);
  const ctx = { model: device.record.display_name, dksSlotCount: device.caps.advanced.dksSlotCount };
  const items: AdvancedItem[] = [];
  for (const list of ADVANCED_TYPE_NAMES) {
    const size = ADVANCED_RECORD_LAYOUTS[list].size;
    const ids = usedIds(advancedUsedBitmap(info, list), advancedCapacity(info, list));
    const records = new Map<number, Uint8Array>();
    for (const run of recordRuns(ids, size)) {
      const bytes = await device.session.readObject(list, run.first * size, run.count * size);
      for (const id of ids) {
        const at = (id - run.first) * size;
        if (id >= run.first && id < run.first + run.count) records.set(id, bytes.slice(at, at + size));
      }
    }
    items.push(...decodeRecords(list, records, ctx));
  }
  const of = <T extends AdvancedItem>(type: AdvancedTypeId) => items.filter((i): i is T => i.type === type);
  const lists: AdvancedLists = {
    dks: of<DksItem>(ADVANCED_TYPE.dks),
    shortcut: of<ShortcutItem>(ADVANCED_TYPE.shortcut),
    macro: of<MacroItem>(ADVANCED_TYPE.macro),
    snaptap: of<SnaptapItemWithMode>(ADVANCED_TYPE.snaptap),
    hypertap: of<HypertapItem>(ADVANCED_TYPE.hypertap),
  };
  Object.assign(device.slot(LISTS), { lists, basis });
  return { info, lists };
}

// ------------------------------------------------------------------------------------------------ device writes

/** One item's record: the bytes at `offset` of the list's object; a zero record frees the slot. */
export interface RecordWrite {
  list: AdvancedType;
  offset: number;
  bytes: Uint8Array;
  frees: boolean;
}

/**
 * Writes an item's record and the key-map write that binds or unbinds its keys as one change: the device commits
 * both or neither, so a cable pulled at any report leaves the old lists and key map or the new ones.
 */
export async function writeItemAndKeys(device: KeytuneDevice, record: RecordWrite, keys: KeymapWrite | undefined) {
  if (!keys) return writeThrough(device, record.list, record.offset, record.bytes);
  const item: AtomicOp = { kind: 'object', name: record.list, offset: record.offset, bytes: record.bytes };
  // Staged in the order that never lets a key point at a free slot: a new item before its keys, keys before a freed one.
  const ops = record.frees ? [keymapOp(keys), item] : [item, keymapOp(keys)];
  await writeAtomicThrough(device, ops, await keymapAfter(device, keys));
}
