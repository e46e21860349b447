/**
 * QMK basic key codes (0x0000-0x00FF) with names in both languages. The keyboard usages 0x04-0xA4 and 0xE0-0xE7 are
 * HID usages and take their legends from the product's own catalogue; QMK puts system, media and mouse keys in the
 * rest of the byte, and the mouse keys moved in QMK's 2022 renumbering (protocol 11): 0xF0-0xFF before, 0xCD-0xDF
 * after.
 */
import { KEYCODE_KIND, makeKeycode } from '../keycode-space.ts';
import { keycodeEntry } from '../keycodes.ts';

export interface QmkName {
  name: string;
  en: string;
  zh: string;
  category: string;
}

type Row = readonly [code: number, name: string, en: string, zh: string];

const SYSTEM_AND_MEDIA: Row[] = [
  [0xa5, 'Power', 'System Power', '系统电源'],
  [0xa6, 'Sleep', 'System Sleep', '系统睡眠'],
  [0xa7, 'Wake', 'System Wake', '系统唤醒'],
  [0xa8, 'Mute', 'Mute', '静音'],
  [0xa9, 'Vol+', 'Volume Up', '音量加'],
  [0xaa, 'Vol-', 'Volume Down', '音量减'],
  [0xab, 'Next', 'Next Track', '下一曲'],
  [0xac, 'Prev', 'Previous Track', '上一曲'],
  [0xad, 'Stop', 'Stop', '停止'],
  [0xae, 'Play', 'Play / Pause', '播放/暂停'],
  [0xaf, 'Media', 'Media Select', '媒体选择'],
  [0xb0, 'Eject', 'Eject', '弹出'],
  [0xb1, 'Mail', 'Mail', '邮件'],
  [0xb2, 'Calc', 'Calculator', '计算器'],
  [0xb3, 'MyPC', 'My Computer', '我的电脑'],
  [0xb4, 'WSearch', 'Browser Search', '浏览器搜索'],
  [0xb5, 'WHome', 'Browser Home', '浏览器主页'],
  [0xb6, 'WBack', 'Browser Back', '浏览器后退'],
  [0xb7, 'WFwd', 'Browser Forward', '浏览器前进'],
  [0xb8, 'WStop', 'Browser Stop', '浏览器停止'],
  [0xb9, 'WRefresh', 'Browser Refresh', '浏览器刷新'],
  [0xba, 'WFav', 'Browser Favourites', '浏览器收藏夹'],
  [0xbb, 'FFwd', 'Fast Forward', '快进'],
  [0xbc, 'Rew', 'Rewind', '快退'],
  [0xbd, 'Bri+', 'Screen Brightness Up', '屏幕亮度加'],
  [0xbe, 'Bri-', 'Screen Brightness Down', '屏幕亮度减'],
];

/** Mission Control and Launchpad, added to QMK's basic range after the renumbering. */
const MAC_KEYS: Row[] = [
  [0xc1, 'MCtl', 'Mission Control', '调度中心'],
  [0xc2, 'LPad', 'Launchpad', '启动台'],
];

const MOUSE_NAMES: readonly (readonly [string, string, string])[] = [
  ['Ms↑', 'Mouse Up', '鼠标上移'],
  ['Ms↓', 'Mouse Down', '鼠标下移'],
  ['Ms←', 'Mouse Left', '鼠标左移'],
  ['Ms→', 'Mouse Right', '鼠标右移'],
  ['Btn1', 'Mouse Button 1', '鼠标按键 1'],
  ['Btn2', 'Mouse Button 2', '鼠标按键 2'],
  ['Btn3', 'Mouse Button 3', '鼠标按键 3'],
  ['Btn4', 'Mouse Button 4', '鼠标按键 4'],
  ['Btn5', 'Mouse Button 5', '鼠标按键 5'],
  ['Btn6', 'Mouse Button 6', '鼠标按键 6'],
  ['Btn7', 'Mouse Button 7', '鼠标按键 7'],
  ['Btn8', 'Mouse Button 8', '鼠标按键 8'],
  ['Wh↑', 'Mouse Wheel Up', '滚轮上'],
  ['Wh↓', 'Mouse Wheel Down', '滚轮下'],
  ['Wh←', 'Mouse Wheel Left', '滚轮左'],
  ['Wh→', 'Mouse Wheel Right', '滚轮右'],
  ['Acc0', 'Mouse Speed 0', '鼠标速度 0'],
  ['Acc1', 'Mouse Speed 1', '鼠标速度 1'],
  ['Acc2', 'Mouse Speed 2', '鼠标速度 2'],
];

/** Old mouse block 0xF0-0xFF: up, down, left, right, buttons 1-5, wheel ×4, speed ×3 (no buttons 6-8). */
function oldMouse(): Row[] {
  const picks = [0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 14, 15, 16, 17, 18];
  return picks.map((p, i) => [0xf0 + i, ...MOUSE_NAMES[p]!] as Row);
}

function newMouse(): Row[] {
  return MOUSE_NAMES.map((n, i) => [0xcd + i, ...n] as Row);
}

/** Chinese names for the catalogue entries that carry only an English one. */
function zhOf(en: string, name: string): string {
  const rules: [RegExp, (m: RegExpMatchArray) => string][] = [
    [/^Letter (.)$/, (m) => `字母 ${m[1]}`],
    [/^Function (\d+)$/, (m) => `功能键 F${m[1]}`],
    [/^International (\d+)$/, (m) => `国际键 ${m[1]}`],
    [/^Language (\d+)$/, (m) => `语言键 ${m[1]}`],
    [/^Keypad (.+)$/, (m) => `小键盘 ${m[1]}`],
    [/^Keyboard (.+)$/, (m) => `键盘${m[1]}`],
    [/^Locking (.+)$/, (m) => `锁定式 ${m[1]}`],
  ];
  for (const [re, make] of rules) {
    const m = en.match(re);
    if (m) return make(m);
  }
  const symbols: Record<string, string> = {
    '-': '减号 - _',
    '=': '等号 = +',
    '[': '左方括号 [ {',
    ']': '右方括号 ] }',
    '\\': '反斜杠 \\ |',
    ';': '分号 ; :',
    "'": '引号 \' "',
    '`': '反引号 ` ~',
    ',': '逗号 , <',
    '.': '句号 . >',
    '/': '斜杠 / ?',
    'ISO#': 'ISO 井号键 # ~',
    'ISO\\': 'ISO 反斜杠键 \\ |',
  };
  if (symbols[name]) return symbols[name];
  if (/^\d$/.test(name)) return `数字 ${en}`;
  return `${en}（${name}）`;
}

function fromCatalogue(code: number): QmkName | undefined {
  const entry = keycodeEntry(makeKeycode(KEYCODE_KIND.hid, code));
  if (!entry) return undefined;
  return { name: entry.name, en: entry.alias, zh: entry.alias_zh ?? zhOf(entry.alias, entry.name), category: 'basic' };
}

function rowsToMap(rows: Row[], category: string, into: Map<number, QmkName>): void {
  for (const [code, name, en, zh] of rows) into.set(code, { name, en, zh, category });
}

/** Names of every basic code a QMK keyboard of this numbering knows ('old' before protocol 11). */
export function basicNames(numbering: 'old' | 'new'): Map<number, QmkName> {
  const names = new Map<number, QmkName>();
  names.set(0x00, { name: '', en: 'None', zh: '无', category: 'basic' });
  names.set(0x01, {
    name: '▽',
    en: 'Transparent (the key of the layer below)',
    zh: '透明（沿用下层按键）',
    category: 'basic',
  });
  for (let code = 0x04; code <= 0xa4; code++) {
    const name = fromCatalogue(code);
    if (name) names.set(code, name);
  }
  for (let code = 0xe0; code <= 0xe7; code++) {
    const name = fromCatalogue(code);
    if (name) names.set(code, { ...name, category: 'modifiers' });
  }
  rowsToMap(SYSTEM_AND_MEDIA, 'media', names);
  if (numbering === 'new') rowsToMap(MAC_KEYS, 'media', names);
  rowsToMap(numbering === 'old' ? oldMouse() : newMouse(), 'mouse', names);
  return names;
}
