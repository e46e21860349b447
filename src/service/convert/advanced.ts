/**
 * Advanced-key items between the wire records (src/protocol/objects.ts) and the spec's item shapes (spec-1 §3,
 * src/core/advanced-keys.ts), the function-info payload, and which record ranges to read so that only used slots
 * cross the link. Everything is pure except `readAdvanced`, which reads the device.
 */
import type { ItemArgs } from '../../contract/areas/advanced.ts';
import type { AdvancedLists, FuncInfoPayload, SnaptapItemWithMode } from '../../contract/payloads/advanced.ts';
import { readCached, readFresh, writeAtomicThrough, writeThrough } from '../cache.ts';
import {
  ADVANCED_TYPE,
  DKS_DEFAULTS,
  SHORTCUT_HOLD_TIME,
  SHORTCUT_TYPE,
  isKeyDescriptor,
  itemSummary,
  withLastDelayZero,
  ADVANCED_TYPE_NAMES,
  type AdvancedItem,
  type AdvancedType,
  type AdvancedTypeId,
  type DksItem,
  type DksRow,
  type DksStages,
  type HypertapItem,
  type MacroItem,
  type ShortcutItem,
  type ShortcutTypeId,
  type SnaptapItem,
} from '../../core/advanced-keys.ts';
import type { Capabilities } from '../../core/capabilities.ts';
import { KC_NONE } from '../../core/keycode-space.ts';
import { offeredShortcutTypes } from '../../core/rules/shortcut.ts';
import { limitText } from '../../core/text-limit.ts';
import {
  ADVANCED_RECORD_LAYOUTS,
  advancedCapacity,
  advancedUsedBitmap,
  DKS_ROWS,
  DksRecordLayout,
  FuncInfoLayout,
  HypertapRecordLayout,
  MACRO_EVENTS,
  MacroRecordLayout,
  SHORTCUT_KEYS,
  ShortcutRecordLayout,
  SnaptapRecordLayout,
  type DksRecord,
  type FuncInfo,
  type HypertapRecord,
  type MacroRecord,
  type ShortcutRecord,
  type SnaptapRecord,
} from '../../protocol/objects.ts';
import { stateSlot, type DeviceEntry } from '../context.ts';
import type { AtomicOp } from '../session.ts';
import { keyDescriptorOf, keyEntryOf, keymapAfter, keymapOp, type KeymapWrite } from './keymap.ts';
import { mmToUnits, unitsToMm } from './units.ts';

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

// ------------------------------------------------------------------------------------------------ wire -> spec

const STAGE_VISIBLE = 0x80;
const STAGE_USE_ID = 0x07;

function withSummary<T extends AdvancedItem>(item: T): T {
  return { ...item, context: itemSummary(item).join(' ') };
}

export function dksFromWire(id: number, rec: DksRecord, slotCount: number): DksItem {
  const rows: DksRow[] = rec.rows.slice(0, slotCount).map((r) => ({
    ...keyDescriptorOf(r.code),
    data: [0, 1, 2, 3].map((i) => {
      const b = r.stages[i] ?? 0;
      return { useID: b & STAGE_USE_ID, vis: (b & STAGE_VISIBLE) !== 0 };
    }) as DksStages,
  }));
  // The editor starts from four rows and adds more on demand, so trailing empty rows beyond four are not shown.
  let shown = rows.length;
  while (
    shown > DKS_DEFAULTS.baseRows &&
    rows[shown - 1]!.code === KC_NONE &&
    !rows[shown - 1]!.data.some((s) => s.vis)
  )
    shown--;
  return withSummary({
    id_num: id,
    name: rec.name,
    context: '',
    type: ADVANCED_TYPE.dks,
    vis: true,
    display: rows.slice(0, shown),
    top_level: unitsToMm(rec.topLevel),
    bottom_level: unitsToMm(rec.bottomLevel),
    tick_type: rec.tickType === 1 ? 1 : 0,
    tick_min: rec.tickMin,
    tick_max: rec.tickMax,
  });
}

export function shortcutFromWire(id: number, rec: ShortcutRecord): ShortcutItem {
  return withSummary({
    id_num: id,
    name: rec.name,
    context: '',
    type: ADVANCED_TYPE.shortcut,
    vis: true,
    sc_type: rec.scType as ShortcutTypeId,
    display: rec.keys.slice(0, rec.keyCount).map(keyDescriptorOf),
    hold_time: rec.holdTime,
  });
}

export function macroFromWire(id: number, rec: MacroRecord, familyMaxId: number): MacroItem {
  const display = rec.events.slice(0, rec.count).map((e) => ({
    ...keyDescriptorOf(e.code),
    key_id: -1,
    delay: e.delay,
    is_down: (e.flags & 1) === 1,
  }));
  return withSummary({
    id_num: id,
    name: rec.name,
    context: '',
    type: ADVANCED_TYPE.macro,
    vis: true,
    display,
    family_max_id: familyMaxId,
    delay_type: rec.delayType === 1 ? 1 : 0,
    delay_min: rec.delayMin,
    delay_max: rec.delayMax,
    repeat_count: rec.repeat,
    count: display.length,
    trigger_action_type: rec.triggerType,
    trigger_delay: rec.triggerDelay,
  });
}

export type { AdvancedLists, FuncInfoPayload, SnaptapItemWithMode };

export function snaptapFromWire(id: number, rec: SnaptapRecord, model: string): SnaptapItemWithMode {
  return withSummary({
    id_num: id,
    name: '',
    context: '',
    type: ADVANCED_TYPE.snaptap,
    vis: true,
    display: [keyEntryOf(model, rec.keyA), keyEntryOf(model, rec.keyB)],
    mode: rec.mode,
  });
}

export function hypertapFromWire(id: number, rec: HypertapRecord, model: string): HypertapItem {
  return withSummary({
    id_num: id,
    name: '',
    context: '',
    type: ADVANCED_TYPE.hypertap,
    vis: true,
    display: [
      keyEntryOf(model, rec.keyA),
      rec.secondKind === 1 ? keyDescriptorOf(rec.second) : keyEntryOf(model, rec.second),
    ],
  });
}

// ------------------------------------------------------------------------------------------------ call argument -> spec

const common = (id: number, name: string) => ({ id_num: id, name, context: '', vis: true });

/** An item argument of set_func_info, tagged with its list. */
export type ItemArg = { [L in AdvancedType]: { list: L; arg: ItemArgs[L] } }[AdvancedType];

/** An item argument of set_func_info in the spec's item shape, key descriptors and key entries filled in. */
export function itemFromArg(item: ItemArg, model: string): AdvancedItem {
  switch (item.list) {
    case 'dks': {
      const d = item.arg;
      const display = d.display.map((r) => ({ ...keyDescriptorOf(r.code), data: r.data as DksStages }));
      return { ...d, ...common(d.id_num, d.name), type: ADVANCED_TYPE.dks, display } satisfies DksItem;
    }
    case 'shortcut': {
      const s = item.arg;
      const display = s.display.map((k) => keyDescriptorOf(k.code));
      const sc_type = s.sc_type as ShortcutTypeId;
      return {
        ...s,
        ...common(s.id_num, s.name),
        type: ADVANCED_TYPE.shortcut,
        sc_type,
        display,
      } satisfies ShortcutItem;
    }
    case 'macro': {
      const m = item.arg;
      const display = m.display.map((e) => ({
        ...keyDescriptorOf(e.code),
        key_id: -1,
        delay: e.delay,
        is_down: e.is_down,
      }));
      return {
        ...m,
        ...common(m.id_num, m.name),
        type: ADVANCED_TYPE.macro,
        display,
        family_max_id: 0,
        count: display.length,
      } satisfies MacroItem;
    }
    case 'snaptap': {
      const s = item.arg;
      const display = s.display.map((e) => keyEntryOf(model, e.key_id));
      const snaptap: SnaptapItemWithMode = {
        ...common(s.id_num, ''),
        type: ADVANCED_TYPE.snaptap,
        display,
        mode: s.mode,
      };
      return snaptap;
    }
    case 'hypertap': {
      const h = item.arg;
      const display = h.display.map((e) => ('code' in e ? keyDescriptorOf(e.code) : keyEntryOf(model, e.key_id)));
      return { ...common(h.id_num, ''), type: ADVANCED_TYPE.hypertap, display } satisfies HypertapItem;
    }
  }
}

// ------------------------------------------------------------------------------------------------ spec -> wire

/** Names are stored in 16 bytes: limit style 2 (tags stripped, trimmed, cut to 16 UTF-8 bytes). */
export const storedName = (name: string): string => limitText(name, 2);

export function dksToWire(item: DksItem): DksRecord {
  const rows = Array.from({ length: DKS_ROWS }, (_, i) => {
    const row = item.display[i];
    if (!row) return { code: KC_NONE, stages: [0, 0, 0, 0] };
    return { code: row.code, stages: row.data.map((s) => (s.vis ? STAGE_VISIBLE : 0) | (s.useID & STAGE_USE_ID)) };
  });
  return {
    used: 1,
    topLevel: mmToUnits(item.top_level),
    bottomLevel: mmToUnits(item.bottom_level),
    tickType: item.tick_type,
    tickMin: item.tick_min,
    tickMax: item.tick_max,
    name: storedName(item.name),
    rows,
  };
}

export function shortcutToWire(item: ShortcutItem): ShortcutRecord {
  const keys = item.display.map((k) => k.code);
  return {
    used: 1,
    scType: item.sc_type,
    keyCount: keys.length,
    holdTime: item.sc_type === SHORTCUT_TYPE.modTap ? item.hold_time : SHORTCUT_HOLD_TIME.default,
    name: storedName(item.name),
    keys: Array.from({ length: SHORTCUT_KEYS }, (_, i) => keys[i] ?? KC_NONE),
  };
}

export function macroToWire(item: MacroItem): MacroRecord {
  const events = withLastDelayZero(item.display).map((e) => ({
    code: e.code,
    flags: e.is_down ? 1 : 0,
    delay: e.delay,
  }));
  return {
    used: 1,
    name: storedName(item.name),
    delayType: item.delay_type,
    delayMin: item.delay_min,
    delayMax: item.delay_max,
    repeat: item.repeat_count,
    triggerType: item.trigger_action_type,
    triggerDelay: item.trigger_delay,
    count: events.length,
    events: Array.from({ length: MACRO_EVENTS }, (_, i) => events[i] ?? { code: KC_NONE, flags: 0, delay: 0 }),
  };
}

export function snaptapToWire(item: SnaptapItem & { mode?: number }): SnaptapRecord {
  return { used: 1, keyA: item.display[0]?.key_id ?? 0, keyB: item.display[1]?.key_id ?? 0, mode: item.mode ?? 0 };
}

export function hypertapToWire(item: HypertapItem): HypertapRecord {
  const first = item.display[0];
  const second = item.display[1];
  const keyA = first && !isKeyDescriptor(first) ? first.key_id : 0;
  if (second && isKeyDescriptor(second)) return { used: 1, keyA, secondKind: 1, second: second.code };
  return { used: 1, keyA, secondKind: 0, second: second?.key_id ?? 0 };
}

/** The wire bytes of one item's record. */
export function encodeItem(item: AdvancedItem): Uint8Array {
  switch (item.type) {
    case ADVANCED_TYPE.dks:
      return DksRecordLayout.encode(dksToWire(item));
    case ADVANCED_TYPE.shortcut:
      return ShortcutRecordLayout.encode(shortcutToWire(item));
    case ADVANCED_TYPE.macro:
      return MacroRecordLayout.encode(macroToWire(item));
    case ADVANCED_TYPE.snaptap:
      return SnaptapRecordLayout.encode(snaptapToWire(item));
    case ADVANCED_TYPE.hypertap:
      return HypertapRecordLayout.encode(hypertapToWire(item));
  }
}

/**
 * The device lets a key belong to one snap-tap pair only; the core rules do not cover this, so it is checked here
 * before the device would refuse the record.
 */
export function snaptapKeysTaken(item: SnaptapItem, existing: readonly SnaptapItem[]): boolean {
  const keys = new Set(item.display.map((e) => e.key_id));
  return existing.some((other) => other.id_num !== item.id_num && other.display.some((e) => keys.has(e.key_id)));
}

// ------------------------------------------------------------------------------------------------ lists

/** Decodes the used records of one list; `records` maps slot id to the record's bytes. */
export function decodeRecords(
  list: AdvancedType,
  records: ReadonlyMap<number, Uint8Array>,
  ctx: { model: string; dksSlotCount: number },
): AdvancedItem[] {
  const ids = [...records.keys()].sort((a, b) => a - b);
  const maxId = ids.length > 0 ? ids[ids.length - 1]! : -1;
  return ids.flatMap((id): AdvancedItem[] => {
    const bytes = records.get(id)!;
    switch (list) {
      case 'dks': {
        const rec = DksRecordLayout.decode(bytes);
        return rec.used ? [dksFromWire(id, rec, ctx.dksSlotCount)] : [];
      }
      case 'shortcut': {
        const rec = ShortcutRecordLayout.decode(bytes);
        return rec.used ? [shortcutFromWire(id, rec)] : [];
      }
      case 'macro': {
        const rec = MacroRecordLayout.decode(bytes);
        return rec.used ? [macroFromWire(id, rec, maxId)] : [];
      }
      case 'snaptap': {
        const rec = SnaptapRecordLayout.decode(bytes);
        return rec.used ? [snaptapFromWire(id, rec, ctx.model)] : [];
      }
      case 'hypertap': {
        const rec = HypertapRecordLayout.decode(bytes);
        return rec.used ? [hypertapFromWire(id, rec, ctx.model)] : [];
      }
    }
  });
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
export async function knownLists(device: DeviceEntry): Promise<AdvancedLists> {
  const known = device.slot(LISTS);
  const basis = await readCached(device, 'funcInfo');
  if (known.lists && known.basis === basis) return known.lists;
  return (await readAdvanced(device, basis)).lists;
}

/** Forgets the lists last read: a change of them is under way, and until it is answered they are not known. */
export function forgetLists(device: DeviceEntry): void {
  device.resetSlots(LISTS);
}

/**
 * Function info and every used item, read from the device (the device is the truth for advanced keys). `infoBytes`
 * is a copy of the function info just read or confirmed, when the caller has one.
 */
export async function readAdvanced(
  device: DeviceEntry,
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
export async function writeItemAndKeys(device: DeviceEntry, record: RecordWrite, keys: KeymapWrite | undefined) {
  if (!keys) return writeThrough(device, record.list, record.offset, record.bytes);
  const item: AtomicOp = { kind: 'object', name: record.list, offset: record.offset, bytes: record.bytes };
  // Staged in the order that never lets a key point at a free slot: a new item before its keys, keys before a freed one.
  const ops = record.frees ? [keymapOp(keys), item] : [item, keymapOp(keys)];
  await writeAtomicThrough(device, ops, await keymapAfter(device, keys));
}
