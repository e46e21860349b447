/**
 * Our own protocol's key codes as a code space: the catalogue of keycodes.ts (kind in the top four bits, value in the
 * low twelve) and the advanced-key bindings it does not list (D3, M2, T0: the badge letter of the item's card and its
 * id, as the advanced-key area names them).
 */
import { BADGE_LETTERS } from '../advanced-keys.ts';
import { KC_NONE, KEYCODE_KIND, keycodeKind, keycodeValue } from '../keycode-space.ts';
import { KC_TRNS, KEYCODE_CATEGORIES, KEYCODES, keycodeEntry, type KeycodeEntry } from '../keycodes.ts';
import type { KeycodeSpace, SpaceAdvancedCode, SpaceAdvancedType, SpaceCategory, SpaceKeycode } from './types.ts';

/** The picker's tab names. */
const CATEGORY_NAMES: Record<(typeof KEYCODE_CATEGORIES)[number], [string, string]> = {
  basic: ['Basic', '基础'],
  extended: ['Media', '媒体'],
  os: ['System', '系统'],
  mouse: ['Mouse', '鼠标'],
  lighting: ['Lighting', '灯光'],
  special: ['Special', '特殊'],
};

/** Advanced-key kinds by the code kind that binds them, with the card's badge letter and the kind's names. */
const KINDS: [number, SpaceAdvancedType, string, string][] = [
  [KEYCODE_KIND.dks, 'dks', 'Dynamic keystroke', '动态键程'],
  [KEYCODE_KIND.shortcut, 'shortcut', 'Shortcut', '快捷键'],
  [KEYCODE_KIND.macro, 'macro', 'Macro', '宏'],
  [KEYCODE_KIND.snaptap, 'snaptap', 'Snap Tap', 'Snap Tap'],
  [KEYCODE_KIND.hypertap, 'hypertap', 'Hyper Tap', 'Hyper Tap'],
];
const ADVANCED = new Map(
  KINDS.map(([kind, type, en, zh]) => [kind, { type, badge: BADGE_LETTERS[type], en, zh }] as const),
);

/** Mouse codes only a pointing device has (buttons 6-8, the DPI keys): a keyboard's picker leaves them out. */
const pointerDeviceOnly = (e: KeycodeEntry): boolean => {
  if (e.category !== 'mouse') return false;
  if (keycodeKind(e.code) !== KEYCODE_KIND.mouse) return true;
  const value = keycodeValue(e.code);
  return value >= 0x06 && value <= 0x08;
};

const toSpace = (e: KeycodeEntry): SpaceKeycode => ({
  code: e.code,
  name: e.name,
  alias: e.alias,
  alias_zh: e.alias_zh ?? e.alias,
  category: e.category,
  ...(e.width !== 1 ? { width: e.width } : {}),
  ...(e.tip ? { tip: e.tip } : {}),
});

const OFFERED = KEYCODES.filter((e) => !pointerDeviceOnly(e)).map(toSpace);

function advanced(code: number): SpaceAdvancedCode | undefined {
  const kind = ADVANCED.get(keycodeKind(code));
  return kind ? { type: kind.type, id: keycodeValue(code) } : undefined;
}

export const keytuneSpace: KeycodeSpace = {
  id: 'keytune',
  size: 0x10000,
  none: KC_NONE,
  transparent: KC_TRNS,
  categories: KEYCODE_CATEGORIES.map((id): SpaceCategory => ({
    id,
    en: CATEGORY_NAMES[id][0],
    zh: CATEGORY_NAMES[id][1],
  })),
  catalogue: () => OFFERED,
  describe(code) {
    const entry = keycodeEntry(code);
    if (entry) return toSpace(entry);
    const kind = ADVANCED.get(keycodeKind(code));
    if (kind) {
      const name = `${kind.badge}${keycodeValue(code)}`;
      return { code, name, alias: `${kind.en} ${name}`, alias_zh: `${kind.zh} ${name}`, category: '' };
    }
    const hex = `0x${(code & 0xffff).toString(16).toUpperCase().padStart(4, '0')}`;
    return { code, name: hex, alias: `Unknown code ${hex}`, alias_zh: `未知键码 ${hex}`, category: '' };
  },
  advanced,
};
