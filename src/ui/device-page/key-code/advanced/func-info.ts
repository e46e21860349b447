/**
 * The function-info payload of `get_key_func_info` (spec-1 §3) as the advanced-key area reads it: the five lists,
 * their capacities and free slots, the DKS limits and what this firmware offers. Fields the payload lacks fall back
 * to the capability table, so an older service answer still gives a usable screen.
 */
import {
  ADVANCED_TYPE,
  ADVANCED_TYPE_NAMES,
  type AdvancedItem,
  type DksItem,
  type HypertapItem,
  type MacroItem,
  type ShortcutItem,
  type ShortcutTypeId,
  type SnaptapItem,
} from '../../../../core/advanced-keys';
import type { AdvancedType, Capabilities } from '../../../../core/capabilities';
import type { AdvancedListState } from '../../../../core/rules/advanced-list';
import { isShortcutType, offeredShortcutTypes } from '../../../../core/rules/shortcut';

export interface AdvancedLists {
  dks: DksItem[];
  shortcut: ShortcutItem[];
  macro: MacroItem[];
  snaptap: SnaptapItem[];
  hypertap: HypertapItem[];
}

export interface FuncInfo {
  lists: AdvancedLists;
  size: Record<AdvancedType, number>;
  unuse: Record<AdvancedType, number[]>;
  /** mm. */
  dksMaxTrigger: number;
  dksSlotCount: number;
  /** False when this firmware predates advanced keys. */
  enabled: boolean;
  /** The types the add menus offer, in tab order. */
  types: AdvancedType[];
  shortcutTypes: ShortcutTypeId[];
  macroTriggerTypes: number[];
  hypertapSecondEntry: 'key-id' | 'key-descriptor';
}

type Raw = Record<string, unknown>;

const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const numberOr = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const numbers = (v: unknown): number[] | undefined =>
  Array.isArray(v) ? v.filter((n): n is number => typeof n === 'number' && Number.isInteger(n)) : undefined;

/** Items of one list: records of the right type with an id and a display list; anything else is dropped. */
function itemsOf<T extends AdvancedItem>(v: unknown, type: AdvancedItem['type']): T[] {
  if (!Array.isArray(v)) return [];
  return v.filter(
    (item): item is T =>
      isRecord(item) && typeof item.id_num === 'number' && item.type === type && Array.isArray(item.display),
  );
}

/** The payload of `get_key_func_info` (the call's answer or its event), or undefined when it is not one. */
export function parseFuncInfo(payload: unknown, caps: Capabilities): FuncInfo | undefined {
  if (!isRecord(payload)) return undefined;
  if (!ADVANCED_TYPE_NAMES.some((name) => Array.isArray(payload[`${name}_list`]))) return undefined;

  const per = <T>(f: (name: AdvancedType) => T): Record<AdvancedType, T> =>
    Object.fromEntries(ADVANCED_TYPE_NAMES.map((name) => [name, f(name)])) as Record<AdvancedType, T>;
  const offeredIds = numbers(payload.advanced_types);
  const enabled = typeof payload.advanced_enabled === 'boolean' ? payload.advanced_enabled : caps.advanced.enabled;
  const types = ADVANCED_TYPE_NAMES.filter((name) =>
    offeredIds ? offeredIds.includes(ADVANCED_TYPE[name]) : caps.advanced.types[name],
  );
  const second = payload.hypertap_second_entry;

  return {
    lists: {
      dks: itemsOf<DksItem>(payload.dks_list, ADVANCED_TYPE.dks),
      shortcut: itemsOf<ShortcutItem>(payload.shortcut_list, ADVANCED_TYPE.shortcut),
      macro: itemsOf<MacroItem>(payload.macro_list, ADVANCED_TYPE.macro),
      snaptap: itemsOf<SnaptapItem>(payload.snaptap_list, ADVANCED_TYPE.snaptap),
      hypertap: itemsOf<HypertapItem>(payload.hypertap_list, ADVANCED_TYPE.hypertap),
    },
    size: per((name) => numberOr(payload[`${name}_size`], 0)),
    unuse: per((name) => numbers(payload[`${name}_unuse_id`]) ?? []),
    dksMaxTrigger: numberOr(payload.dks_max_trigger, caps.advanced.dksMaxTrigger),
    dksSlotCount: numberOr(payload.dks_slot_count, caps.advanced.dksSlotCount),
    enabled,
    types: enabled ? types : [],
    shortcutTypes: (numbers(payload.shortcut_types) ?? offeredShortcutTypes(caps)).filter(isShortcutType),
    macroTriggerTypes: numbers(payload.macro_trigger_types) ?? [...caps.advanced.macroTriggerActionTypes],
    hypertapSecondEntry:
      second === 'key-id' || second === 'key-descriptor' ? second : caps.advanced.hypertapSecondEntry,
  };
}

/** One list as the capacity rule sees it. */
export function listState(info: FuncInfo, type: AdvancedType): AdvancedListState {
  return { size: info.size[type], unuseIds: info.unuse[type], count: info.lists[type].length };
}

/** The add button of a list hides once the list holds as many items as it has slots. */
export function atCapacity(info: FuncInfo, type: AdvancedType): boolean {
  return info.lists[type].length >= info.size[type];
}

export function itemsOfType(info: FuncInfo, type: AdvancedType): AdvancedItem[] {
  return info.lists[type];
}
