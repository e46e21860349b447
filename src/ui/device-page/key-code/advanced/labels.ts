/** Catalogue ids shared by the area and its editors. */
import './texts';
import {
  ADVANCED_TYPE_NAMES,
  SHORTCUT_TYPE,
  type AdvancedItem,
  type ShortcutTypeId,
} from '../../../../core/advanced-keys';
import type { AdvancedType } from '../../../../core/capabilities';

export const TYPE_LABEL: Readonly<Record<AdvancedType, string>> = {
  dks: 'adv.type.dks',
  shortcut: 'adv.type.shortcut',
  macro: 'adv.type.macro',
  snaptap: 'adv.type.snaptap',
  hypertap: 'adv.type.hypertap',
};

export const TYPE_DESCRIPTION: Readonly<Record<AdvancedType, string>> = {
  dks: 'adv.type.dks.desc',
  shortcut: 'adv.type.shortcut.desc',
  macro: 'adv.type.macro.desc',
  snaptap: 'adv.type.snaptap.desc',
  hypertap: 'adv.type.hypertap.desc',
};

export function typeNameOf(item: AdvancedItem): AdvancedType {
  return ADVANCED_TYPE_NAMES[item.type] ?? 'dks';
}

const SHORTCUT_TYPE_KEY: Readonly<Record<ShortcutTypeId, string>> = {
  [SHORTCUT_TYPE.replace]: 'replace',
  [SHORTCUT_TYPE.action]: 'action',
  [SHORTCUT_TYPE.lock]: 'lock',
  [SHORTCUT_TYPE.modTap]: 'modtap',
  [SHORTCUT_TYPE.toggle]: 'toggle',
};

/** The catalogue id naming a shortcut's type (replace, action, lock, mod-tap, toggle). */
export const shortcutTypeLabel = (type: ShortcutTypeId): string => `adv.sc.type.${SHORTCUT_TYPE_KEY[type]}`;
