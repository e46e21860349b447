/**
 * Fresh items for the add menu: id -1 (so saving adds them) and the spec's defaults (spec-1 §3, §9).
 */
import {
  ADVANCED_TYPE,
  MACRO_LIMITS,
  NEW_ITEM_ID,
  SHORTCUT_HOLD_TIME,
  SHORTCUT_TYPE,
  newDksItem,
  type AdvancedItem,
  type HypertapItem,
  type MacroItem,
  type ShortcutItem,
  type SnaptapItem,
} from '../../../../core/advanced-keys';
import type { AdvancedType } from '../../../../core/capabilities';
import type { KeycodeSpace } from '../../../../core/keycode-spaces/types';
import type { FuncInfo } from './func-info';
import { NO_KEY, descriptorFor } from './keys';

const common = { id_num: NEW_ITEM_ID, name: '', context: '', vis: true } as const;

export function newShortcutItem(info: FuncInfo): ShortcutItem {
  return {
    ...common,
    type: ADVANCED_TYPE.shortcut,
    sc_type: info.shortcutTypes[0] ?? SHORTCUT_TYPE.replace,
    display: [],
    hold_time: SHORTCUT_HOLD_TIME.default,
  };
}

export function newMacroItem(info: FuncInfo): MacroItem {
  const highest = info.lists.macro.reduce((max, m) => Math.max(max, m.id_num), -1);
  return {
    ...common,
    type: ADVANCED_TYPE.macro,
    display: [],
    family_max_id: Math.max(highest, 0),
    delay_type: 0,
    delay_min: MACRO_LIMITS.randomMin,
    delay_max: MACRO_LIMITS.randomMax,
    repeat_count: MACRO_LIMITS.repeatMin,
    count: 0,
    trigger_action_type: 0,
    trigger_delay: MACRO_LIMITS.triggerDelay,
  };
}

export function newSnaptapItem(): SnaptapItem {
  return { ...common, type: ADVANCED_TYPE.snaptap, display: [{ ...NO_KEY }, { ...NO_KEY }] };
}

export function newHypertapItem(info: FuncInfo, space: KeycodeSpace): HypertapItem {
  const second = info.hypertapSecondEntry === 'key-descriptor' ? descriptorFor(space.none, space) : { ...NO_KEY };
  return { ...common, type: ADVANCED_TYPE.hypertap, display: [{ ...NO_KEY }, second] };
}

/** A fresh item of this kind; key codes in it are of the device's space. */
export function newItem(type: AdvancedType, info: FuncInfo, space: KeycodeSpace): AdvancedItem {
  switch (type) {
    case 'dks':
      return newDksItem(info.dksMaxTrigger);
    case 'shortcut':
      return newShortcutItem(info);
    case 'macro':
      return newMacroItem(info);
    case 'snaptap':
      return newSnaptapItem();
    case 'hypertap':
      return newHypertapItem(info, space);
  }
}
