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
import type { KeycodeSpace } from '../../../../core/keycode-spaces/types';
import type { DeviceLayout } from '../../../../core/device-features';

/** The descriptor of a picked key code, in the form the device lists carry it, named in the device's space. */
export function descriptorFor(code: number, space: KeycodeSpace): KeyDescriptor {
  const { name, alias } = space.describe(code);
  return {
    keywords: (space.advanced?.(code) && keycodeToKeyword(code)) || '',
    name,
    alias,
    image: '',
    code,
    type: keycodeKind(code),
    stype: 0,
    sys_code: keycodeValue(code),
  };
}

/** The picker category of a key code in the device's space ('' for codes outside its catalogue). */
export function categoryOf(code: number, space: KeycodeSpace): string {
  return space.describe(code).category;
}

export interface PhysicalKey {
  id: number;
  /** The legend printed on the key. */
  label: string;
  alias: string;
}

/**
 * The device's keys in board order, each named by its printed legend in the device's space (or its number where the
 * layout has none).
 */
export function modelKeys(layout: DeviceLayout | null, space: KeycodeSpace): PhysicalKey[] {
  if (!layout) return [];
  return [...layout.keys]
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((k) => {
      if (k.code === undefined) return { id: k.id, label: `#${k.id}`, alias: `#${k.id}` };
      const { name, alias } = space.describe(k.code);
      return { id: k.id, label: name, alias };
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
