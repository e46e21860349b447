/**
 * Our own protocol's key codes as a code space: the catalogue of keycodes.ts (kind in the top four bits, value in the
 * low twelve) and the advanced-key bindings (D3, M2, …) it does not list.
 */
import { KC_NONE, keycodeToKeyword } from '../keycode-space.ts';
import { KC_TRNS, KEYCODE_CATEGORIES, KEYCODES, keycodeEntry, type KeycodeEntry } from '../keycodes.ts';
import type { KeycodeSpace, SpaceCategory, SpaceKeycode } from './types.ts';

const CATEGORY_NAMES: Record<(typeof KEYCODE_CATEGORIES)[number], [string, string]> = {
  basic: ['Basic', '基础按键'],
  extended: ['Media and system', '多媒体与系统'],
  os: ['Operating system', '操作系统'],
  mouse: ['Mouse', '鼠标'],
  lighting: ['Lighting', '灯光'],
  special: ['Special', '特殊功能'],
};

const toSpace = (e: KeycodeEntry): SpaceKeycode => ({
  code: e.code,
  name: e.name,
  alias: e.alias,
  alias_zh: e.alias_zh ?? e.alias,
  category: e.category,
});

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
  catalogue: () => KEYCODES.map(toSpace),
  describe(code) {
    const entry = keycodeEntry(code);
    if (entry) return toSpace(entry);
    const keyword = keycodeToKeyword(code);
    if (keyword !== undefined)
      return { code, name: keyword, alias: `Advanced key ${keyword}`, alias_zh: `高级键 ${keyword}`, category: '' };
    const hex = `0x${(code & 0xffff).toString(16).toUpperCase().padStart(4, '0')}`;
    return { code, name: hex, alias: `Unknown code ${hex}`, alias_zh: `未知键码 ${hex}`, category: '' };
  },
};
