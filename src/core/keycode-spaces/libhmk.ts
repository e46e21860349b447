/**
 * libhmk's key-code space: one byte per key (include/keycodes.h of the firmware). 0x02-0x7A are keyboard keys in the
 * firmware's own order (not HID usages), 0x7B-0x82 modifiers, 0x83-0x85 system, 0x86-0x9A consumer, 0x9B-0x9F mouse
 * buttons, 0xC0 | n momentary layer n, 0xC8 | n profile n (n from 0: the screens' Layer 1 and Profile 1), 0xD0-0xD4
 * key lock, layer lock, profile swap, next profile and bootloader. Everything else has no meaning in the firmware and
 * is described as unassigned.
 */
import type { CatalogueOptions, KeycodeSpace, SpaceCategory, SpaceKeycode } from './types.ts';

export const LIBHMK_KC = {
  none: 0x00,
  transparent: 0x01,
  a: 0x02,
  one: 0x1c,
  f1: 0x38,
  f13: 0x64,
  leftCtrl: 0x7b,
  mouse1: 0x9b,
  momentaryFirst: 0xc0,
  profileFirst: 0xc8,
  keyLock: 0xd0,
  layerLock: 0xd1,
  profileSwap: 0xd2,
  profileNext: 0xd3,
  bootloader: 0xd4,
} as const;

/** Layers and profiles a MO(n) or PF(n) code can name: the low three bits. */
const PARAM_MAX = 8;

const CATEGORIES: SpaceCategory[] = [
  { id: 'basic', en: 'Basic', zh: '基础' },
  { id: 'modifiers', en: 'Modifiers', zh: '修饰键' },
  { id: 'function', en: 'Function keys', zh: '功能键' },
  { id: 'navigation', en: 'Editing and navigation', zh: '编辑与导航' },
  { id: 'numpad', en: 'Numeric keypad', zh: '数字小键盘' },
  { id: 'international', en: 'International and language', zh: '国际与语言' },
  { id: 'media', en: 'Media and applications', zh: '媒体与应用' },
  { id: 'system', en: 'System', zh: '系统' },
  { id: 'mouse', en: 'Mouse', zh: '鼠标' },
  { id: 'layers', en: 'Layers', zh: '层' },
  { id: 'profiles', en: 'Profiles', zh: '配置文件' },
  { id: 'special', en: 'Special', zh: '特殊' },
];

type Row = readonly [code: number, name: string, en: string, zh: string, category: string];

const letters: Row[] = Array.from({ length: 26 }, (_, i) => {
  const ch = String.fromCharCode(65 + i);
  return [LIBHMK_KC.a + i, ch, `Letter ${ch}`, `字母 ${ch}`, 'basic'] as const;
});

const digits: Row[] = Array.from({ length: 10 }, (_, i) => {
  const d = String((i + 1) % 10);
  return [LIBHMK_KC.one + i, d, `Digit ${d}`, `数字 ${d}`, 'basic'] as const;
});

const fKeys: Row[] = [
  ...Array.from({ length: 12 }, (_, i) => LIBHMK_KC.f1 + i),
  ...Array.from({ length: 12 }, (_, i) => LIBHMK_KC.f13 + i),
].map((code, i) => [code, `F${i + 1}`, `Function key F${i + 1}`, `功能键 F${i + 1}`, 'function'] as const);

const keypadDigits: Row[] = Array.from({ length: 10 }, (_, i) => {
  const d = String((i + 1) % 10);
  return [0x57 + i, `P${d}`, `Keypad ${d}`, `小键盘 ${d}`, 'numpad'] as const;
});

const international: Row[] = [
  ...Array.from(
    { length: 6 },
    (_, i) => [0x70 + i, `Int${i + 1}`, `International ${i + 1}`, `国际键 ${i + 1}`] as const,
  ),
  ...Array.from({ length: 5 }, (_, i) => [0x76 + i, `Lang${i + 1}`, `Language ${i + 1}`, `语言键 ${i + 1}`] as const),
].map(([code, name, en, zh]) => [code, name, en, zh, 'international'] as const);

const FIXED: Row[] = [
  [0x00, '', 'No action', '无动作', 'special'],
  [0x01, '▽', 'Transparent (the layer below decides)', '透明（由下层决定）', 'special'],
  ...letters,
  ...digits,
  [0x26, 'Enter', 'Enter', '回车', 'basic'],
  [0x27, 'Esc', 'Escape', 'Esc 退出', 'basic'],
  [0x28, 'Bksp', 'Backspace', '退格', 'basic'],
  [0x29, 'Tab', 'Tab', '制表键', 'basic'],
  [0x2a, 'Space', 'Space', '空格', 'basic'],
  [0x2b, '-', 'Minus', '减号', 'basic'],
  [0x2c, '=', 'Equal', '等号', 'basic'],
  [0x2d, '[', 'Left bracket', '左方括号', 'basic'],
  [0x2e, ']', 'Right bracket', '右方括号', 'basic'],
  [0x2f, '\\', 'Backslash', '反斜杠', 'basic'],
  [0x30, '#', 'Non-US hash', '非美式 #', 'international'],
  [0x31, ';', 'Semicolon', '分号', 'basic'],
  [0x32, "'", 'Quote', '引号', 'basic'],
  [0x33, '`', 'Grave accent', '反引号', 'basic'],
  [0x34, ',', 'Comma', '逗号', 'basic'],
  [0x35, '.', 'Period', '句号', 'basic'],
  [0x36, '/', 'Slash', '斜杠', 'basic'],
  [0x37, 'Caps', 'Caps Lock', '大写锁定', 'basic'],
  ...fKeys,
  [0x44, 'PrtSc', 'Print Screen', '截屏', 'navigation'],
  [0x45, 'ScrLk', 'Scroll Lock', '滚动锁定', 'navigation'],
  [0x46, 'Pause', 'Pause', '暂停', 'navigation'],
  [0x47, 'Ins', 'Insert', '插入', 'navigation'],
  [0x48, 'Home', 'Home', '行首', 'navigation'],
  [0x49, 'PgUp', 'Page Up', '上翻页', 'navigation'],
  [0x4a, 'Del', 'Delete', '删除', 'navigation'],
  [0x4b, 'End', 'End', '行尾', 'navigation'],
  [0x4c, 'PgDn', 'Page Down', '下翻页', 'navigation'],
  [0x4d, '→', 'Right arrow', '右方向键', 'navigation'],
  [0x4e, '←', 'Left arrow', '左方向键', 'navigation'],
  [0x4f, '↓', 'Down arrow', '下方向键', 'navigation'],
  [0x50, '↑', 'Up arrow', '上方向键', 'navigation'],
  [0x51, 'Num', 'Num Lock', '数字锁定', 'numpad'],
  [0x52, 'P/', 'Keypad slash', '小键盘 /', 'numpad'],
  [0x53, 'P*', 'Keypad asterisk', '小键盘 *', 'numpad'],
  [0x54, 'P-', 'Keypad minus', '小键盘 -', 'numpad'],
  [0x55, 'P+', 'Keypad plus', '小键盘 +', 'numpad'],
  [0x56, 'PEnt', 'Keypad Enter', '小键盘回车', 'numpad'],
  ...keypadDigits,
  [0x61, 'P.', 'Keypad period', '小键盘 .', 'numpad'],
  [0x62, '\\|', 'Non-US backslash', '非美式反斜杠', 'international'],
  [0x63, 'Menu', 'Application (menu)', '应用（菜单）键', 'navigation'],
  ...international,
  [0x7b, 'LCtrl', 'Left Control', '左 Ctrl', 'modifiers'],
  [0x7c, 'LShift', 'Left Shift', '左 Shift', 'modifiers'],
  [0x7d, 'LAlt', 'Left Alt (Option)', '左 Alt（Option）', 'modifiers'],
  [0x7e, 'LGui', 'Left GUI (Windows, Command)', '左 GUI（Win、Command）', 'modifiers'],
  [0x7f, 'RCtrl', 'Right Control', '右 Ctrl', 'modifiers'],
  [0x80, 'RShift', 'Right Shift', '右 Shift', 'modifiers'],
  [0x81, 'RAlt', 'Right Alt (AltGr)', '右 Alt（AltGr）', 'modifiers'],
  [0x82, 'RGui', 'Right GUI (Windows, Command)', '右 GUI（Win、Command）', 'modifiers'],
  [0x83, 'Power', 'System power', '系统电源', 'system'],
  [0x84, 'Sleep', 'System sleep', '系统睡眠', 'system'],
  [0x85, 'Wake', 'System wake', '系统唤醒', 'system'],
  [0x86, 'Mute', 'Mute', '静音', 'media'],
  [0x87, 'Vol+', 'Volume up', '音量加', 'media'],
  [0x88, 'Vol-', 'Volume down', '音量减', 'media'],
  [0x89, 'Next', 'Next track', '下一曲', 'media'],
  [0x8a, 'Prev', 'Previous track', '上一曲', 'media'],
  [0x8b, 'Stop', 'Stop', '停止', 'media'],
  [0x8c, 'Play', 'Play / pause', '播放/暂停', 'media'],
  [0x8d, 'Media', 'Media player', '媒体播放器', 'media'],
  [0x8e, 'Mail', 'Mail', '邮件', 'media'],
  [0x8f, 'Calc', 'Calculator', '计算器', 'media'],
  [0x90, 'MyPC', 'My computer', '我的电脑', 'media'],
  [0x91, 'Search', 'Browser search', '浏览器搜索', 'media'],
  [0x92, 'WHome', 'Browser home', '浏览器主页', 'media'],
  [0x93, 'WBack', 'Browser back', '浏览器后退', 'media'],
  [0x94, 'WFwd', 'Browser forward', '浏览器前进', 'media'],
  [0x95, 'WRef', 'Browser refresh', '浏览器刷新', 'media'],
  [0x96, 'WFav', 'Browser favourites', '浏览器收藏夹', 'media'],
  [0x97, 'Bri+', 'Screen brightness up', '屏幕亮度加', 'media'],
  [0x98, 'Bri-', 'Screen brightness down', '屏幕亮度减', 'media'],
  [0x99, 'MCtl', 'Mission Control', '调度中心', 'media'],
  [0x9a, 'LPad', 'Launchpad', '启动台', 'media'],
  [0x9b, 'M1', 'Mouse button 1 (left)', '鼠标按键 1（左键）', 'mouse'],
  [0x9c, 'M2', 'Mouse button 2 (right)', '鼠标按键 2（右键）', 'mouse'],
  [0x9d, 'M3', 'Mouse button 3 (middle)', '鼠标按键 3（中键）', 'mouse'],
  [0x9e, 'M4', 'Mouse button 4 (back)', '鼠标按键 4（后退）', 'mouse'],
  [0x9f, 'M5', 'Mouse button 5 (forward)', '鼠标按键 5（前进）', 'mouse'],
  [0xd0, 'KLock', 'Key lock (toggles this key off and on)', '按键锁（关闭或恢复本键）', 'special'],
  [0xd1, 'LLock', 'Layer lock (keeps the current layer on)', '层锁定（保持当前层）', 'layers'],
  [0xd2, 'PSwap', 'Profile swap (default and last used)', '配置切换（默认与上次使用）', 'profiles'],
  [0xd3, 'PNext', 'Next profile', '下一个配置', 'profiles'],
  [0xd4, 'Boot', 'Bootloader (firmware update mode)', '进入引导程序（固件更新模式）', 'special'],
];

const byCode = new Map<number, SpaceKeycode>(
  FIXED.map(([code, name, alias, alias_zh, category]) => [code, { code, name, alias, alias_zh, category }]),
);

// MO(n) and PF(n) carry the firmware's 0-based number in the code; legends and names count from 1, as the layer list
// ("Layer 1-4") and the profile list ("Profile 1-4") do, so MO(1) opens Layer 1. The tip keeps the firmware's name.
const firmwareTip = (name: string, code: number) =>
  `Firmware code ${name} (0x${code.toString(16).toUpperCase()})`;

function momentary(layer: number): SpaceKeycode {
  const code = LIBHMK_KC.momentaryFirst | layer;
  const shown = layer + 1;
  return {
    code,
    name: `MO(${shown})`,
    alias: `Layer ${shown} while held`,
    alias_zh: `按住时切到第 ${shown} 层`,
    category: 'layers',
    tip: firmwareTip(`MO(${layer})`, code),
  };
}

function profileKey(profile: number): SpaceKeycode {
  const code = LIBHMK_KC.profileFirst | profile;
  const shown = profile + 1;
  return {
    code,
    name: `PF(${shown})`,
    alias: `Switch to profile ${shown}`,
    alias_zh: `切换到配置 ${shown}`,
    category: 'profiles',
    tip: firmwareTip(`PF(${profile})`, code),
  };
}

function unassigned(code: number): SpaceKeycode {
  const hex = `0x${code.toString(16).toUpperCase().padStart(2, '0')}`;
  return {
    code,
    name: hex,
    alias: `Unassigned code ${hex} (does nothing)`,
    alias_zh: `未分配的键码 ${hex}（无动作）`,
    category: 'special',
  };
}

function describe(code: number, options?: CatalogueOptions): SpaceKeycode {
  if (!Number.isInteger(code) || code < 0 || code > 0xff) return unassigned(code & 0xff);
  const fixed = byCode.get(code);
  if (fixed) return fixed;
  if (code >= LIBHMK_KC.momentaryFirst && code < LIBHMK_KC.momentaryFirst + PARAM_MAX) {
    const key = momentary(code & 0x07);
    if (options && (code & 0x07) >= options.layers) {
      return {
        ...key,
        alias: `${key.alias} (this keyboard has no such layer)`,
        alias_zh: `${key.alias_zh}（本键盘无此层）`,
      };
    }
    return key;
  }
  if (code >= LIBHMK_KC.profileFirst && code < LIBHMK_KC.profileFirst + PARAM_MAX) {
    const key = profileKey(code & 0x07);
    if (options?.profiles !== undefined && (code & 0x07) >= options.profiles) {
      return {
        ...key,
        alias: `${key.alias} (this keyboard has no such profile)`,
        alias_zh: `${key.alias_zh}（本键盘无此配置）`,
      };
    }
    return key;
  }
  return unassigned(code);
}

function catalogue(options: CatalogueOptions): SpaceKeycode[] {
  const layers = Math.min(Math.max(options.layers, 0), PARAM_MAX);
  const profiles = Math.min(Math.max(options.profiles ?? 0, 0), PARAM_MAX);
  const fixed = [...byCode.values()].filter(
    (k) => profiles > 1 || (k.code !== LIBHMK_KC.profileSwap && k.code !== LIBHMK_KC.profileNext),
  );
  const params = [
    ...Array.from({ length: layers > 1 ? layers : 0 }, (_, n) => momentary(n)),
    ...Array.from({ length: profiles > 1 ? profiles : 0 }, (_, n) => profileKey(n)),
  ];
  const order = new Map(CATEGORIES.map((c, i) => [c.id, i]));
  return [...fixed, ...params].sort((a, b) => order.get(a.category)! - order.get(b.category)! || a.code - b.code);
}

export const libhmkSpace: KeycodeSpace = {
  id: 'libhmk',
  size: 256,
  none: LIBHMK_KC.none,
  transparent: LIBHMK_KC.transparent,
  categories: CATEGORIES,
  catalogue,
  describe,
};
