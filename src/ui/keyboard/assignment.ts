/**
 * What a key's code means to a person: the legend drawn on the key, the words a screen reader says, the context-menu
 * facts (id_num, name, tip, img_name) and, for advanced keys, the summary of the bound item from the function lists.
 */
import { BADGE_LETTERS, isKeyDescriptor, itemSummary, type AdvancedItem } from '../../core/advanced-keys';
import type { AdvancedType } from '../../core/capabilities';
import type { EventPayloads } from '../../contract/contract';
import { KEYCODE_KIND, keycodeKind, keycodeValue } from '../../core/keycode-space';
import { keycodeEntry, keycodeLabel } from '../../core/keycodes';
import type { DeviceLayout } from '../../core/device-features';
import type { KeycodeSpace } from '../../core/keycode-spaces/types';
import type { Language, Translate } from '../../i18n/translate';

/** The advanced-key lists as both get_key_value_info and get_key_func_info carry them. */
export type FuncLists = Partial<
  Pick<
    EventPayloads['get_key_value_info'],
    'dks_list' | 'shortcut_list' | 'macro_list' | 'snaptap_list' | 'hypertap_list'
  >
>;

const TYPE_OF_KIND: ReadonlyMap<number, AdvancedType> = new Map([
  [KEYCODE_KIND.dks, 'dks'],
  [KEYCODE_KIND.shortcut, 'shortcut'],
  [KEYCODE_KIND.macro, 'macro'],
  [KEYCODE_KIND.snaptap, 'snaptap'],
  [KEYCODE_KIND.hypertap, 'hypertap'],
]);

export function advancedTypeOf(code: number): AdvancedType | undefined {
  return TYPE_OF_KIND.get(keycodeKind(code));
}

/** A code space other than our own protocol's, whose names come from the space itself. */
const foreign = (space: KeycodeSpace | undefined): space is KeycodeSpace =>
  space !== undefined && space.id !== 'keytune';

/**
 * The legend drawn on a key: the catalogue name, or for an advanced key its card badge letter and item id ("M2").
 * Codes of another family's space (`space`) are named by that space.
 */
export function codeLegend(code: number, space?: KeycodeSpace): string {
  if (foreign(space)) return space.describe(code).name;
  const type = advancedTypeOf(code);
  return type ? `${BADGE_LETTERS[type]}${keycodeValue(code)}` : keycodeLabel(code);
}

export function advancedItemOf(code: number, lists: FuncLists | undefined): AdvancedItem | undefined {
  const type = advancedTypeOf(code);
  if (!type || !lists) return undefined;
  return lists[`${type}_list`]?.find((item) => item.id_num === keycodeValue(code));
}

/** The catalogue alias in the user's language, else the legend. */
export function codeAlias(code: number, language: Language, space?: KeycodeSpace): string {
  if (foreign(space)) {
    const named = space.describe(code);
    return language === 'zh_CN' ? named.alias_zh : named.alias;
  }
  const entry = keycodeEntry(code);
  if (!entry) return keycodeLabel(code);
  return (language === 'zh_CN' ? entry.alias_zh : undefined) ?? entry.alias;
}

/** What the key does, in words: "Volume Up", "Macro M2". */
export function codeDescription(code: number, language: Language, t: Translate, space?: KeycodeSpace): string {
  if (foreign(space)) return codeAlias(code, language, space);
  const type = advancedTypeOf(code);
  return type ? `${t(`keymap.adv.type.${type}`)} ${codeLegend(code)}` : codeAlias(code, language);
}

/**
 * The tooltip of a key with an advanced assignment ("Macro M2 “Login”: Ctrl, A, B, …"), or undefined for any other
 * code. Summaries come from the device's lists; an id the lists do not hold says so rather than inventing content.
 */
export function advancedSummary(code: number, lists: FuncLists | undefined, t: Translate): string | undefined {
  const type = advancedTypeOf(code);
  if (!type) return undefined;
  return itemSummaryText(type, keycodeValue(code), advancedItemOf(code, lists), t);
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

/** An item of a list that names physical keys (snap-tap, hyper-tap) rather than being put on a key's code. */
export interface KeyUse {
  type: 'snaptap' | 'hypertap';
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
  space?: KeycodeSpace,
): AssignmentInfo {
  if (foreign(space)) {
    const named = space.describe(code);
    const alias = language === 'zh_CN' ? named.alias_zh : named.alias;
    const hex = `0x${code.toString(16).toUpperCase().padStart(4, '0')}`;
    return {
      id_num: code,
      id_hex: hex,
      name: alias === named.name ? alias : `${named.name} (${alias})`,
      tip: '',
      img_name: '',
    };
  }
  const type = advancedTypeOf(code);
  if (type) {
    const item = advancedItemOf(code, lists);
    return {
      id_num: keycodeValue(code),
      name: item?.name || codeDescription(code, language, t),
      tip: advancedSummary(code, lists, t) ?? '',
      img_name: '',
    };
  }
  const entry = keycodeEntry(code);
  const alias = codeAlias(code, language);
  return {
    id_num: code,
    id_hex: `0x${code.toString(16).toUpperCase().padStart(4, '0')}`,
    name: entry && alias !== entry.name ? `${entry.name} (${alias})` : keycodeLabel(code),
    tip: entry?.tip ?? '',
    img_name: '',
  };
}

/** The legend printed on a physical key: its layer-0 factory code, where the layout tells it. */
export function printedLegends(layout: DeviceLayout | null, space?: KeycodeSpace): ReadonlyMap<number, string> {
  const legend = (code: number) => (foreign(space) ? space.describe(code).name : keycodeLabel(code));
  return new Map(layout?.keys.flatMap((k) => (k.code === undefined ? [] : [[k.id, legend(k.code)] as const])));
}
