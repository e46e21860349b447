/**
 * The function info of `get_key_func_info` (spec-1 §3, typed by the contract) as the advanced-key area reads it: the
 * five lists, their capacities and free slots, the DKS limits and what this firmware offers.
 */
import {
  ADVANCED_TYPE,
  ADVANCED_TYPE_NAMES,
  type AdvancedItem,
  type ShortcutTypeId,
} from '../../../../core/advanced-keys';
import type { AdvancedType } from '../../../../core/capabilities';
import type { AdvancedLists } from '../../../../contract/areas/advanced';
import type { EventPayloads } from '../../../../contract/contract';
import { checkCanAddAdvanced, type AdvancedListState } from '../../../../core/rules/advanced-list';
import type { RuleResult } from '../../../../core/rules/result';
import { isShortcutType } from '../../../../core/rules/shortcut';

export type FuncInfoPayload = EventPayloads['get_key_func_info'];

export type { AdvancedLists };

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

/** The function info of get_key_func_info (its answer or its event) as the area uses it. */
export function funcInfoOf(payload: FuncInfoPayload): FuncInfo {
  const per = <T>(f: (name: AdvancedType) => T): Record<AdvancedType, T> =>
    Object.fromEntries(ADVANCED_TYPE_NAMES.map((name) => [name, f(name)])) as Record<AdvancedType, T>;
  const enabled = payload.advanced_enabled;
  const offered: readonly number[] = payload.advanced_types;
  return {
    lists: {
      dks: payload.dks_list,
      shortcut: payload.shortcut_list,
      macro: payload.macro_list,
      snaptap: payload.snaptap_list,
      hypertap: payload.hypertap_list,
    },
    size: per((name) => payload[`${name}_size`]),
    unuse: per((name) => payload[`${name}_unuse_id`]),
    dksMaxTrigger: payload.dks_max_trigger,
    dksSlotCount: payload.dks_slot_count,
    enabled,
    types: enabled ? ADVANCED_TYPE_NAMES.filter((name) => offered.includes(ADVANCED_TYPE[name])) : [],
    shortcutTypes: payload.shortcut_types.filter(isShortcutType),
    macroTriggerTypes: payload.macro_trigger_types,
    hypertapSecondEntry: payload.hypertap_second_entry,
  };
}

/** One list as the capacity rule sees it. */
export function listState(info: FuncInfo, type: AdvancedType): AdvancedListState {
  return { size: info.size[type], unuseIds: info.unuse[type], count: info.lists[type].length };
}

/**
 * Whether a list takes another item: a free slot and room below its capacity (spec-1 §5). A refusal carries
 * spkey.add.fill.warn.
 */
export function roomFor(info: FuncInfo, type: AdvancedType): RuleResult {
  return checkCanAddAdvanced(listState(info, type));
}

/** A list that takes no more items: the add menu marks it "full". */
export function isFull(info: FuncInfo, type: AdvancedType): boolean {
  return !roomFor(info, type).ok;
}

export function itemsOfType(info: FuncInfo, type: AdvancedType): AdvancedItem[] {
  return info.lists[type];
}
