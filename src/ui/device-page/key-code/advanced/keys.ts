/**
 * Key codes and physical keys as the advanced editors hand them to the device: a picked key code becomes a key
 * descriptor, a physical key a display entry named after the legend printed on it, and an item its binding keyword.
 */
import {
  ADVANCED_TYPE_NAMES,
  BADGE_LETTERS,
  type AdvancedItem,
  type DisplayEntry,
  type KeyDescriptor,
} from '../../../../core/advanced-keys';
import { KEYCODE_KIND, keycodeKind, keycodeToKeyword, keycodeValue, makeKeycode } from '../../../../core/keycode-space';
import { keycodeEntry, keycodeLabel } from '../../../../core/keycodes';
import type { DeviceLayout } from '../../../../core/device-features';

/** The descriptor of a picked key code, in the form the device lists carry it. */
export function descriptorFor(code: number): KeyDescriptor {
  const name = keycodeLabel(code);
  return {
    keywords: keycodeToKeyword(code) ?? '',
    name,
    alias: keycodeEntry(code)?.alias ?? name,
    image: '',
    code,
    type: keycodeKind(code),
    stype: 0,
    sys_code: keycodeValue(code),
  };
}

/** The picker category of a key code ('' for codes outside the catalogue). */
export function categoryOf(code: number): string {
  return keycodeEntry(code)?.category ?? '';
}

export interface PhysicalKey {
  id: number;
  /** The legend printed on the key. */
  label: string;
  alias: string;
}

/** The device's keys in board order, each named by its printed legend (or its number where the layout has none). */
export function modelKeys(layout: DeviceLayout | null): PhysicalKey[] {
  if (!layout) return [];
  return [...layout.keys]
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((k) => {
      const label = k.code === undefined ? `#${k.id}` : keycodeLabel(k.code);
      return { id: k.id, label, alias: (k.code === undefined ? undefined : keycodeEntry(k.code)?.alias) ?? label };
    });
}

export const NO_KEY: Readonly<DisplayEntry> = { name: '', alias: '', key_id: -1 };

export function entryFor(keys: readonly PhysicalKey[], keyId: number): DisplayEntry {
  const key = keys.find((k) => k.id === keyId);
  return key ? { name: key.label, alias: key.alias, key_id: key.id } : { ...NO_KEY };
}

/** The `--keywords` value binding an item to keys: D, A, M, S or H followed by its id ("D3"). */
export function itemKeyword(item: AdvancedItem): string {
  const name = ADVANCED_TYPE_NAMES[item.type] ?? 'dks';
  return keycodeToKeyword(makeKeycode(KEYCODE_KIND[name], item.id_num)) ?? '';
}

/**
 * The item's short name, as its card's badge and the keys bound to it show it: the badge letter and its id ("T0" for
 * a hyper-tap, whose binding keyword is "H0"). Names an item whose own name is empty.
 */
export function itemShortName(item: AdvancedItem): string {
  return `${BADGE_LETTERS[ADVANCED_TYPE_NAMES[item.type] ?? 'dks']}${item.id_num}`;
}

/**
 * Drag-and-drop of a card onto the keyboard drawing: the card puts its keyword under this type, and a drop target
 * binds the dropped keyword to the key under the pointer with set_key_info --keywords.
 */
export const KEYWORD_DRAG_TYPE = 'application/x-keytune-keyword';

/** The keyword a drop carries, or undefined when the drop is not an advanced-key card. */
export function droppedKeyword(data: Pick<DataTransfer, 'getData'>): string | undefined {
  const value = data.getData(KEYWORD_DRAG_TYPE).trim();
  return /^[DAMSH]\d{1,4}$/.test(value) ? value : undefined;
}
