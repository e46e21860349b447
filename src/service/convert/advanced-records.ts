/**
 * Advanced-key items between the wire records (src/protocol/objects.ts) and the spec's item shapes (spec-1 §3,
 * src/core/advanced-keys.ts): records to items, set_func_info arguments to items, items to records. All pure.
 */
import type { ItemArgs } from '../../contract/areas/advanced.ts';
import type { SnaptapItemWithMode } from '../../contract/payloads/advanced.ts';
import {
  ADVANCED_TYPE,
  DKS_DEFAULTS,
  SHORTCUT_HOLD_TIME,
  SHORTCUT_TYPE,
  isKeyDescriptor,
  itemSummary,
  withLastDelayZero,
  type AdvancedItem,
  type AdvancedType,
  type DksItem,
  type DksRow,
  type DksStages,
  type HypertapItem,
  type MacroItem,
  type ShortcutItem,
  type ShortcutTypeId,
  type SnaptapItem,
} from '../../core/advanced-keys.ts';
import { KC_NONE } from '../../core/keycode-space.ts';
import { limitText } from '../../core/text-limit.ts';
import {
  DKS_ROWS,
  DksRecordLayout,
  HypertapRecordLayout,
  MACRO_EVENTS,
  MacroRecordLayout,
  SHORTCUT_KEYS,
  ShortcutRecordLayout,
  SnaptapRecordLayout,
  type DksRecord,
  type HypertapRecord,
  type MacroRecord,
  type ShortcutRecord,
  type SnaptapRecord,
} from '../../protocol/advanced-records.ts';
import { keyDescriptorOf, keyEntryOf } from './keymap.ts';
import { mmToUnits, unitsToMm } from './units.ts';

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

function snaptapFromWire(id: number, rec: SnaptapRecord, model: string): SnaptapItemWithMode {
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

function hypertapFromWire(id: number, rec: HypertapRecord, model: string): HypertapItem {
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
const storedName = (name: string): string => limitText(name, 2);

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

function snaptapToWire(item: SnaptapItem & { mode?: number }): SnaptapRecord {
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
