/**
 * What a key's code means to a person: the legend drawn on the key, the words a screen reader says, the context-menu
 * facts (id_num, name, tip, img_name) and, for advanced keys, the summary of the bound item from the function lists.
 */
import {
  ADVANCED_TYPE,
  BADGE_LETTERS,
  isKeyDescriptor,
  itemSummary,
  type AdvancedItem,
} from '../../core/advanced-keys';
import type { AdvancedType } from '../../core/capabilities';
import type { EventPayloads } from '../../contract/contract';
import type { DeviceLayout } from '../../core/device-features';
import { spaceOf } from '../../core/keycode-spaces/index';
import type { KeycodeSpace, SpaceAdvancedCode } from '../../core/keycode-spaces/types';
import type { Language, Translate } from '../../i18n/translate';

/** The advanced-key lists as both get_key_value_info and get_key_func_info carry them. */
export type FuncLists = Partial<
  Pick<
    EventPayloads['get_key_value_info'],
    'dks_list' | 'shortcut_list' | 'macro_list' | 'snaptap_list' | 'hypertap_list' | 'kcm_index'
  >
>;

/** The advanced-key item a code binds its key to, in the device's space (ours puts them on codes: D3, M2, …). */
export function advancedOf(code: number, space: KeycodeSpace): SpaceAdvancedCode | undefined {
  return space.advanced?.(code);
}

/** The legend drawn on a key: its code's short name in the device's space ("A", "MO(1)", an item's "M2"). */
export function codeLegend(code: number, space: KeycodeSpace): string {
  return space.describe(code).name;
}

export function advancedItemOf(
  code: number,
  lists: FuncLists | undefined,
  space: KeycodeSpace,
): AdvancedItem | undefined {
  const bound = advancedOf(code, space);
  if (!bound || !lists) return undefined;
  return lists[`${bound.type}_list`]?.find((item) => item.id_num === bound.id);
}

/** The code's descriptive name in the user's language ("Volume Up", "Layer 1 while held"). */
export function codeAlias(code: number, language: Language, space: KeycodeSpace): string {
  const named = space.describe(code);
  return language === 'zh_CN' ? named.alias_zh : named.alias;
}

/** What the key does, in words: "Volume Up", "Macro M2". */
export function codeDescription(code: number, language: Language, t: Translate, space: KeycodeSpace): string {
  const bound = advancedOf(code, space);
  return bound ? `${t(`keymap.adv.type.${bound.type}`)} ${codeLegend(code, space)}` : codeAlias(code, language, space);
}

/**
 * The tooltip of a key with an advanced assignment ("Macro M2 “Login”: Ctrl, A, B, …"), or undefined for any other
 * code. Summaries come from the device's lists; an id the lists do not hold says so rather than inventing content.
 */
export function advancedSummary(
  code: number,
  lists: FuncLists | undefined,
  t: Translate,
  space: KeycodeSpace,
): string | undefined {
  const bound = advancedOf(code, space);
  if (!bound) return undefined;
  return itemSummaryText(bound.type, bound.id, advancedItemOf(code, lists, space), t);
}

/** "Snap Tap S1 “Move”: A, D" for one item of a list; an item the lists do not hold says so. */
export function itemSummaryText(type: AdvancedType, id: number, item: AdvancedItem | undefined, t: Translate): string {
  const typeName = t(`keymap.adv.type.${type}`);
  const legend = `${BADGE_LETTERS[type]}${id}`;
  if (!item) return t('keymap.adv.summary', typeName, legend, t('keymap.adv.missing'));
  const keys = itemSummary(item);
  const text = keys.length > 0 ? keys.join(', ') : t('keymap.adv.summary.empty');
  return item.name
    ? t('keymap.adv.summary.named', typeName, legend, item.name, text)
    : t('keymap.adv.summary', typeName, legend, text);
}

/**
 * An item of a list that names physical keys (snap-tap, hyper-tap, and on devices whose items sit on a key of their
 * own, such as libhmk, any item with a key_id) rather than being put on a key's code.
 */
export interface KeyUse {
  type: AdvancedType;
  item: AdvancedItem;
}

/**
 * The snap-tap and hyper-tap items each key takes part in: these items name keys by key_id, so the keys carry no
 * code of theirs and the drawing marks them from the lists.
 */
export function keyUses(lists: FuncLists | undefined): ReadonlyMap<number, readonly KeyUse[]> {
  const uses = new Map<number, KeyUse[]>();
  const add = (keyId: number, use: KeyUse) => {
    const list = uses.get(keyId) ?? [];
    if (!list.some((u) => u.type === use.type && u.item.id_num === use.item.id_num)) list.push(use);
    uses.set(keyId, list);
  };
  // Items that say where they sit (layer, key_id) mark that key on their own layer, when the lists name the one shown.
  const shown = lists?.kcm_index;
  const placed = [...(lists?.dks_list ?? []), ...(lists?.shortcut_list ?? [])] as (AdvancedItem & {
    layer?: number;
    key_id?: number;
  })[];
  for (const item of placed)
    if (typeof item.key_id === 'number' && (shown === undefined || item.layer === undefined || item.layer === shown))
      add(item.key_id, { type: item.type === ADVANCED_TYPE.dks ? 'dks' : 'shortcut', item });
  for (const item of lists?.snaptap_list ?? [])
    for (const entry of item.display) if (entry.key_id >= 0) add(entry.key_id, { type: 'snaptap', item });
  for (const item of lists?.hypertap_list ?? [])
    for (const entry of item.display)
      if (!isKeyDescriptor(entry) && entry.key_id >= 0) add(entry.key_id, { type: 'hypertap', item });
  return uses;
}

/** The tooltip lines of a key's snap-tap and hyper-tap uses. */
export function keyUseSummary(uses: readonly KeyUse[] | undefined, t: Translate): string | undefined {
  if (!uses || uses.length === 0) return undefined;
  return uses.map((u) => itemSummaryText(u.type, u.item.id_num, u.item, t)).join(' · ');
}

/** The short mark drawn on a key used by snap-tap or hyper-tap items ("S1", "S1 T2"). */
export function keyUseMark(uses: readonly KeyUse[] | undefined): string | undefined {
  if (!uses || uses.length === 0) return undefined;
  return uses.map((u) => `${BADGE_LETTERS[u.type]}${u.item.id_num}`).join(' ');
}

/** The context-menu facts of a key's assignment (spec-1 §2: id_num, name, tip, img_name). */
export interface AssignmentInfo {
  id_num: number;
  /** The 16-bit code in hex for plain key codes, which is how codes are written in docs and firmware. */
  id_hex?: string;
  name: string;
  tip: string;
  img_name: string;
}

export function assignmentInfo(
  code: number,
  lists: FuncLists | undefined,
  language: Language,
  t: Translate,
  space: KeycodeSpace,
): AssignmentInfo {
  const bound = advancedOf(code, space);
  if (bound) {
    const item = advancedItemOf(code, lists, space);
    return {
      id_num: bound.id,
      name: item?.name || codeDescription(code, language, t, space),
      tip: advancedSummary(code, lists, t, space) ?? '',
      img_name: '',
    };
  }
  const named = space.describe(code);
  const alias = codeAlias(code, language, space);
  return {
    id_num: code,
    id_hex: `0x${code.toString(16).toUpperCase().padStart(4, '0')}`,
    name: alias === named.name ? alias : `${named.name} (${alias})`,
    tip: named.tip ?? '',
    img_name: '',
  };
}

/**
 * The legend printed on a physical key: its layer-0 factory code, where the layout tells it, named in the device's
 * space (our own protocol's where a caller has no device).
 */
export function printedLegends(
  layout: DeviceLayout | null,
  space: KeycodeSpace = spaceOf('keytune'),
): ReadonlyMap<number, string> {
  return new Map(
    layout?.keys.flatMap((k) => (k.code === undefined ? [] : [[k.id, space.describe(k.code).name] as const])),
  );
}
