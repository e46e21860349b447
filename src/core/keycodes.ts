/**
 * The catalogue of key codes a user can put on a key: legend, description and picker category for every code the
 * product offers. The numbering itself is defined in keycode-space.ts; docs/keycodes.md explains the choices.
 */
import { KC_NONE, KEYCODE_KIND, type KeycodeKind, keycodeToKeyword, makeKeycode } from './keycode-space';

export const KEYCODE_CATEGORIES = ['basic', 'extended', 'os', 'mouse', 'lighting', 'special'] as const;
export type KeycodeCategory = (typeof KEYCODE_CATEGORIES)[number];

export interface KeycodeEntry {
  readonly code: number;
  /** Short legend drawn on the key ("A", "Esc", "Vol+"); unique across the catalogue. */
  readonly name: string;
  /** Descriptive name ("Volume Up"). */
  readonly alias: string;
  /** Simplified Chinese alias where the English one is not self-evident to Chinese users. */
  readonly alias_zh?: string;
  readonly category: KeycodeCategory;
  /** Size in the picker grid, in key units. */
  readonly width: number;
  readonly height: number;
  readonly tip?: string;
}

/** Transparent: the key does what the same key does on the next lower active layer (VIA's KC_TRNS). */
export const KC_TRNS = makeKeycode(KEYCODE_KIND.special, 0x001);
/**
 * The Fn key: momentary wire layer 1 (the person's Layer 2), and the key firmware-fixed Fn combinations are defined
 * against.
 */
export const KC_FN = makeKeycode(KEYCODE_KIND.special, 0x002);

export const LAYER_ACTION = { momentary: 0, toggle: 1, switchTo: 2 } as const;
export type LayerAction = keyof typeof LAYER_ACTION;
export const LAYER_COUNT = 4;

export function layerKeycode(action: LayerAction, layer: number): number {
  return makeKeycode(KEYCODE_KIND.layer, (LAYER_ACTION[action] << 4) | (layer & 0xf));
}

type Row = readonly [value: number, name: string, alias: string, zh?: string, tip?: string];

function build(kind: KeycodeKind, category: KeycodeCategory, rows: readonly Row[]): KeycodeEntry[] {
  return rows.map(([value, name, alias, zh, tip]) => ({
    code: makeKeycode(kind, value),
    name,
    alias,
    ...(zh ? { alias_zh: zh } : {}),
    category,
    width: name === 'Space' ? 2 : 1,
    height: 1,
    ...(tip ? { tip } : {}),
  }));
}

const LETTERS: Row[] = Array.from({ length: 26 }, (_, i) => {
  const letter = String.fromCharCode(65 + i);
  return [0x04 + i, letter, `Letter ${letter}`];
});
const DIGITS: Row[] = ['1!', '2@', '3#', '4$', '5%', '6^', '7&', '8*', '9(', '0)'].map((pair, i): Row => [
  0x1e + i,
  pair[0]!,
  `${pair[0]!} ${pair[1]!}`,
]);
const FKEYS: Row[] = Array.from({ length: 24 }, (_, i): Row => [
  i < 12 ? 0x3a + i : 0x68 + i - 12,
  `F${i + 1}`,
  `Function ${i + 1}`,
]);
const KEYPAD_DIGITS: Row[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'].map((d, i): Row => [
  0x59 + i,
  `KP${d}`,
  `Keypad ${d}`,
  `小键盘 ${d}`,
]);
const INTERNATIONAL: Row[] = Array.from({ length: 9 }, (_, i): Row => [
  0x87 + i,
  `Intl${i + 1}`,
  `International ${i + 1}`,
]);
const LANGUAGE: Row[] = Array.from({ length: 9 }, (_, i): Row => [0x90 + i, `Lang${i + 1}`, `Language ${i + 1}`]);
/** Keypad usages 0xB0-0xDD in order; none of them contains a comma. */
const KEYPAD_EXTRA: Row[] = (
  '00,000,Thousands Separator,Decimal Separator,Currency Unit,Currency Sub-unit,(,),{,},Tab,Backspace,' +
  'A,B,C,D,E,F,XOR,^,%,<,>,&,&&,|,||,:,#,Space,@,!,Memory Store,Memory Recall,Memory Clear,Memory Add,' +
  'Memory Subtract,Memory Multiply,Memory Divide,+/-,Clear,Clear Entry,Binary,Octal,Decimal,' +
  'Hexadecimal'
)
  .split(',')
  .map((label, i): Row => [0xb0 + i, `KP${label.replace(/ /g, '')}`, `Keypad ${label}`]);

const BASIC_ROWS: Row[] = [
  ...LETTERS,
  ...DIGITS,
  [0x28, 'Enter', 'Enter / Return', '回车'],
  [0x29, 'Esc', 'Escape', '退出'],
  [0x2a, 'Bksp', 'Backspace', '退格'],
  [0x2b, 'Tab', 'Tab', '制表'],
  [0x2c, 'Space', 'Space bar', '空格'],
  [0x2d, '-', 'Minus - _'],
  [0x2e, '=', 'Equal = +'],
  [0x2f, '[', 'Left Bracket [ {'],
  [0x30, ']', 'Right Bracket ] }'],
  [0x31, '\\', 'Backslash \\ |'],
  [0x32, 'ISO#', 'Non-US # ~', undefined, 'The key left of Enter on ISO keyboards'],
  [0x33, ';', 'Semicolon ; :'],
  [0x34, "'", 'Quote \' "'],
  [0x35, '`', 'Grave ` ~'],
  [0x36, ',', 'Comma , <'],
  [0x37, '.', 'Period . >'],
  [0x38, '/', 'Slash / ?'],
  [0x39, 'Caps', 'Caps Lock', '大写锁定'],
  ...FKEYS,
  [0x46, 'PrtSc', 'Print Screen', '截屏'],
  [0x47, 'ScrLk', 'Scroll Lock', '滚动锁定'],
  [0x48, 'Pause', 'Pause / Break', '暂停'],
  [0x49, 'Ins', 'Insert', '插入'],
  [0x4a, 'Home', 'Home', '行首'],
  [0x4b, 'PgUp', 'Page Up', '上翻页'],
  [0x4c, 'Del', 'Delete', '删除'],
  [0x4d, 'End', 'End', '行尾'],
  [0x4e, 'PgDn', 'Page Down', '下翻页'],
  [0x4f, 'Right', 'Right Arrow', '右方向键'],
  [0x50, 'Left', 'Left Arrow', '左方向键'],
  [0x51, 'Down', 'Down Arrow', '下方向键'],
  [0x52, 'Up', 'Up Arrow', '上方向键'],
  [0x53, 'NumLk', 'Num Lock', '数字锁定'],
  [0x54, 'KP/', 'Keypad /', '小键盘 /'],
  [0x55, 'KP*', 'Keypad *', '小键盘 *'],
  [0x56, 'KP-', 'Keypad -', '小键盘 -'],
  [0x57, 'KP+', 'Keypad +', '小键盘 +'],
  [0x58, 'KPEnter', 'Keypad Enter', '小键盘回车'],
  ...KEYPAD_DIGITS,
  [0x63, 'KP.', 'Keypad .', '小键盘 .'],
  [0x64, 'ISO\\', 'Non-US \\ |', undefined, 'The key right of left Shift on ISO keyboards'],
  [0x65, 'Menu', 'Application / Menu', '菜单'],
  [0x66, 'KbPower', 'Keyboard Power', undefined, 'Power usage of the keyboard page; most hosts prefer system Power'],
  [0x67, 'KP=', 'Keypad ='],
  [0x74, 'Exec', 'Execute'],
  [0x75, 'Help', 'Help', '帮助'],
  [0x76, 'KbMenu', 'Keyboard Menu'],
  [0x77, 'Select', 'Select'],
  [0x78, 'KbStop', 'Keyboard Stop'],
  [0x79, 'Again', 'Again'],
  [0x7a, 'KbUndo', 'Keyboard Undo'],
  [0x7b, 'KbCut', 'Keyboard Cut'],
  [0x7c, 'KbCopy', 'Keyboard Copy'],
  [0x7d, 'KbPaste', 'Keyboard Paste'],
  [0x7e, 'KbFind', 'Keyboard Find'],
  [0x7f, 'KbMute', 'Keyboard Mute', undefined, 'Keyboard-page mute; prefer the media Mute key'],
  [0x80, 'KbVol+', 'Keyboard Volume Up', undefined, 'Keyboard-page volume; prefer the media Vol+ key'],
  [0x81, 'KbVol-', 'Keyboard Volume Down', undefined, 'Keyboard-page volume; prefer the media Vol- key'],
  [0x82, 'LCaps', 'Locking Caps Lock'],
  [0x83, 'LNum', 'Locking Num Lock'],
  [0x84, 'LScroll', 'Locking Scroll Lock'],
  [0x85, 'KP,', 'Keypad Comma'],
  [0x86, 'KP=AS400', 'Keypad Equal Sign (AS/400)'],
  ...INTERNATIONAL,
  ...LANGUAGE,
  [0x99, 'AltErase', 'Alternate Erase'],
  [0x9a, 'SysReq', 'SysReq / Attention'],
  [0x9b, 'Cancel', 'Cancel'],
  [0x9c, 'Clear', 'Clear'],
  [0x9d, 'Prior', 'Prior'],
  [0x9e, 'Return', 'Return'],
  [0x9f, 'Separator', 'Separator'],
  [0xa0, 'Out', 'Out'],
  [0xa1, 'Oper', 'Oper'],
  [0xa2, 'ClrAgain', 'Clear / Again'],
  [0xa3, 'CrSel', 'CrSel / Props'],
  [0xa4, 'ExSel', 'ExSel'],
  ...KEYPAD_EXTRA,
  [0xe0, 'LCtrl', 'Left Control', '左 Ctrl'],
  [0xe1, 'LShift', 'Left Shift', '左 Shift'],
  [0xe2, 'LAlt', 'Left Alt / Option', '左 Alt'],
  [0xe3, 'LWin', 'Left GUI / Windows / Command', '左 Win'],
  [0xe4, 'RCtrl', 'Right Control', '右 Ctrl'],
  [0xe5, 'RShift', 'Right Shift', '右 Shift'],
  [0xe6, 'RAlt', 'Right Alt / Option', '右 Alt'],
  [0xe7, 'RWin', 'Right GUI / Windows / Command', '右 Win'],
];

const CONSUMER_ROWS: Row[] = [
  [0x0cd, 'Play', 'Play / Pause', '播放/暂停'],
  [0x0b5, 'Next', 'Next Track', '下一曲'],
  [0x0b6, 'Prev', 'Previous Track', '上一曲'],
  [0x0b7, 'Stop', 'Stop', '停止'],
  [0x0b3, 'FFwd', 'Fast Forward', '快进'],
  [0x0b4, 'Rew', 'Rewind', '快退'],
  [0x0b8, 'Eject', 'Eject', '弹出'],
  [0x0e2, 'Mute', 'Mute', '静音'],
  [0x0e9, 'Vol+', 'Volume Up', '音量加'],
  [0x0ea, 'Vol-', 'Volume Down', '音量减'],
  [0x06f, 'Bri+', 'Screen Brightness Up', '屏幕亮度加'],
  [0x070, 'Bri-', 'Screen Brightness Down', '屏幕亮度减'],
  [0x183, 'Player', 'Media Player', '媒体播放器'],
  [0x18a, 'Mail', 'Mail', '邮件'],
  [0x192, 'Calc', 'Calculator', '计算器'],
  [0x194, 'MyPC', 'My Computer', '我的电脑'],
  [0x196, 'Browser', 'Web Browser', '浏览器'],
  [0x221, 'WSearch', 'Browser Search', '浏览器搜索'],
  [0x223, 'WHome', 'Browser Home', '浏览器主页'],
  [0x224, 'WBack', 'Browser Back', '浏览器后退'],
  [0x225, 'WFwd', 'Browser Forward', '浏览器前进'],
  [0x226, 'WStop', 'Browser Stop', '浏览器停止'],
  [0x227, 'WRefresh', 'Browser Refresh', '浏览器刷新'],
  [0x22a, 'WFav', 'Browser Favourites', '浏览器收藏夹'],
];

const SYSTEM_ROWS: Row[] = [
  [0x81, 'Power', 'System Power', '关机'],
  [0x82, 'Sleep', 'System Sleep', '睡眠'],
  [0x83, 'Wake', 'System Wake', '唤醒'],
];

/** OS shortcuts that have a consumer usage the OS honours. */
const OS_CONSUMER_ROWS: Row[] = [
  [0x29f, 'MCtrl', 'Mission Control', '调度中心', 'macOS Mission Control (consumer usage Desktop Show All Windows)'],
  [0x2a2, 'LPad', 'Launchpad', '启动台', 'macOS Launchpad (consumer usage Desktop Show All Applications)'],
];

/**
 * OS shortcuts without a usable consumer usage: special codes 0x100-0x1FF. The firmware expands each into the key
 * chord of the host OS mode (the Windows chord is shown in the tip; macOS mode uses Command instead of Ctrl).
 */
const OS_CHORD_ROWS: Row[] = [
  [0x100, 'TaskView', 'Task View', '任务视图', 'Win+Tab'],
  [0x101, 'Desktop', 'Show Desktop', '显示桌面', 'Win+D'],
  [0x102, 'Lock', 'Screen Lock', '锁屏', 'Win+L; Ctrl+Command+Q on macOS'],
  [0x103, 'Shot', 'Screenshot', '截图', 'Win+Shift+S; Command+Shift+4 on macOS'],
  [0x104, 'Copy', 'Copy', '复制', 'Ctrl+C'],
  [0x105, 'Paste', 'Paste', '粘贴', 'Ctrl+V'],
  [0x106, 'Cut', 'Cut', '剪切', 'Ctrl+X'],
  [0x107, 'Undo', 'Undo', '撤销', 'Ctrl+Z'],
  [0x108, 'Redo', 'Redo', '重做', 'Ctrl+Y; Command+Shift+Z on macOS'],
  [0x109, 'SelAll', 'Select All', '全选', 'Ctrl+A'],
  [0x10a, 'Save', 'Save', '保存', 'Ctrl+S'],
  [0x10b, 'Find', 'Find', '查找', 'Ctrl+F'],
  [0x10c, 'Files', 'File Explorer / Finder', '文件管理器', 'Win+E; Command+Option+Space on macOS'],
  [0x10d, 'Search', 'OS Search / Spotlight', '系统搜索', 'Win+S; Command+Space on macOS'],
  [0x10e, 'Emoji', 'Emoji Picker', '表情面板', 'Win+.; Ctrl+Command+Space on macOS'],
];

const MOUSE_ROWS: Row[] = [
  [0x01, 'LClick', 'Mouse Left Button', '鼠标左键'],
  [0x02, 'RClick', 'Mouse Right Button', '鼠标右键'],
  [0x03, 'MClick', 'Mouse Middle Button', '鼠标中键'],
  [0x04, 'MBack', 'Mouse Back Button', '鼠标后退键'],
  [0x05, 'MFwd', 'Mouse Forward Button', '鼠标前进键'],
  [0x06, 'MBtn6', 'Mouse Button 6', '鼠标按键 6'],
  [0x07, 'MBtn7', 'Mouse Button 7', '鼠标按键 7'],
  [0x08, 'MBtn8', 'Mouse Button 8', '鼠标按键 8'],
  [0x10, 'MUp', 'Mouse Move Up', '鼠标上移'],
  [0x11, 'MDown', 'Mouse Move Down', '鼠标下移'],
  [0x12, 'MLeft', 'Mouse Move Left', '鼠标左移'],
  [0x13, 'MRight', 'Mouse Move Right', '鼠标右移'],
  [0x20, 'WhUp', 'Mouse Wheel Up', '滚轮上滚'],
  [0x21, 'WhDown', 'Mouse Wheel Down', '滚轮下滚'],
  [0x22, 'WhLeft', 'Mouse Wheel Left', '滚轮左滚'],
  [0x23, 'WhRight', 'Mouse Wheel Right', '滚轮右滚'],
];

/** Mouse-device functions, kept in the special kind because they are not HID mouse reports. */
const MOUSE_DEVICE_ROWS: Row[] = [
  [0x030, 'DPI', 'DPI Cycle', 'DPI 切换', 'Steps through the mouse DPI presets'],
  [0x031, 'DPI+', 'DPI Up', 'DPI 加'],
  [0x032, 'DPI-', 'DPI Down', 'DPI 减'],
];

const LIGHTING_ROWS: Row[] = [
  [0x001, 'LED', 'Lighting On/Off', '灯光开关'],
  [0x002, 'Mode+', 'Next Lighting Mode', '下一灯效'],
  [0x003, 'Mode-', 'Previous Lighting Mode', '上一灯效'],
  [0x004, 'LED+', 'Lighting Brightness Up', '灯光亮度加'],
  [0x005, 'LED-', 'Lighting Brightness Down', '灯光亮度减'],
  [0x006, 'Spd+', 'Lighting Speed Up', '灯效速度加'],
  [0x007, 'Spd-', 'Lighting Speed Down', '灯效速度减'],
  [0x008, 'Hue+', 'Lighting Hue Up', '色相加'],
  [0x009, 'Hue-', 'Lighting Hue Down', '色相减'],
  [0x00a, 'Sat+', 'Lighting Saturation Up', '饱和度加'],
  [0x00b, 'Sat-', 'Lighting Saturation Down', '饱和度减'],
  [0x00c, 'Color', 'Next Lighting Colour', '切换颜色'],
  [0x010, 'Frame', 'Outer-frame Light On/Off', '边框灯开关', 'Only on models with an outer-frame light'],
  [0x011, 'FrMode', 'Next Outer-frame Mode', '边框灯效切换', 'Only on models with an outer-frame light'],
  [0x012, 'Frame+', 'Outer-frame Brightness Up', '边框灯亮度加', 'Only on models with an outer-frame light'],
  [0x013, 'Frame-', 'Outer-frame Brightness Down', '边框灯亮度减', 'Only on models with an outer-frame light'],
];

const SPECIAL_ROWS: Row[] = [
  [0x001, 'Trns', 'Transparent', '透明', 'Does what the key does on the next lower active layer'],
  [
    0x002,
    'Fn',
    'Fn (momentary Layer 2)',
    'Fn 功能键（按住切换到第 2 层）',
    'Layer 2 while held; firmware Fn combinations use it',
  ],
  [0x010, 'Theme1', 'Switch to Theme 1', '切换主题 1', 'Loads on-device profile 1'],
  [0x011, 'Theme2', 'Switch to Theme 2', '切换主题 2', 'Loads on-device profile 2'],
  [0x012, 'Theme3', 'Switch to Theme 3', '切换主题 3', 'Loads on-device profile 3'],
  [0x013, 'Theme4', 'Switch to Theme 4', '切换主题 4', 'Loads on-device profile 4'],
  [0x020, 'WinLock', 'Windows Key Lock', '锁 Win 键', 'Disables both GUI keys until pressed again'],
  [0x021, 'NKRO', 'N-key Rollover Toggle', '全键无冲切换', 'Switches between N-key and 6-key rollover'],
  [0x022, 'Game', 'Game Mode', '游戏模式', 'Locks the GUI keys and shortcuts that leave a game'],
];

const LAYER_NAMES: Record<LayerAction, readonly [prefix: string, alias: string, zh: (n: number) => string]> = {
  momentary: ['MO', 'Momentary Layer', (n) => `按住切换到第 ${n} 层`],
  toggle: ['TG', 'Toggle Layer', (n) => `开关第 ${n} 层`],
  switchTo: ['TO', 'Switch to Layer', (n) => `切换到第 ${n} 层`],
};

// Legends and names count layers as people do, from 1, as the layer list does ("Layer 1" is wire layer 0); only the
// code itself carries the 0-based wire number.
const LAYER_ENTRIES: KeycodeEntry[] = (Object.keys(LAYER_NAMES) as LayerAction[]).flatMap((action) =>
  Array.from({ length: LAYER_COUNT }, (_, layer): KeycodeEntry => {
    const [prefix, alias, zh] = LAYER_NAMES[action];
    const shown = layer + 1;
    return {
      code: layerKeycode(action, layer),
      name: `${prefix}(${shown})`,
      alias: `${alias} ${shown}`,
      alias_zh: zh(shown),
      category: 'special',
      width: 1,
      height: 1,
    };
  }),
);

const NONE_ENTRY: KeycodeEntry = {
  code: KC_NONE,
  name: 'None',
  alias: 'No action',
  alias_zh: '无',
  category: 'special',
  width: 1,
  height: 1,
  tip: 'The key sends nothing',
};

export const KEYCODES: readonly KeycodeEntry[] = Object.freeze([
  ...build(KEYCODE_KIND.hid, 'basic', BASIC_ROWS),
  ...build(KEYCODE_KIND.consumer, 'extended', CONSUMER_ROWS),
  ...build(KEYCODE_KIND.system, 'extended', SYSTEM_ROWS),
  ...build(KEYCODE_KIND.consumer, 'os', OS_CONSUMER_ROWS),
  ...build(KEYCODE_KIND.special, 'os', OS_CHORD_ROWS),
  ...build(KEYCODE_KIND.mouse, 'mouse', MOUSE_ROWS),
  ...build(KEYCODE_KIND.special, 'mouse', MOUSE_DEVICE_ROWS),
  ...build(KEYCODE_KIND.lighting, 'lighting', LIGHTING_ROWS),
  NONE_ENTRY,
  ...build(KEYCODE_KIND.special, 'special', SPECIAL_ROWS),
  ...LAYER_ENTRIES,
]);

const byCode = new Map(KEYCODES.map((e) => [e.code, e]));
const byName = new Map(KEYCODES.map((e) => [e.name, e]));

export function keycodeEntry(code: number): KeycodeEntry | undefined {
  return byCode.get(code);
}

/** Looks an entry up by its legend ("Esc", "Vol+"); names are unique, so this is exact. */
export function keycodeByName(name: string): KeycodeEntry | undefined {
  return byName.get(name);
}

/** Legend for any code: the entry name, the advanced-key keyword ("D3"), or hex ("0x1234") when unknown. */
export function keycodeLabel(code: number): string {
  const entry = byCode.get(code);
  if (entry) return entry.name;
  const keyword = keycodeToKeyword(code);
  if (keyword !== undefined) return keyword;
  return `0x${(code & 0xffff).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Picker search (spec-1 §5): case-insensitive substring match on the name or an alias (the Chinese alias counts as an
 * alias, so zh_CN users can type Chinese). Only entries whose name and alias are both text take part. An empty
 * query returns the whole list.
 */
export function searchKeycodes(query: string, entries: readonly KeycodeEntry[] = KEYCODES): KeycodeEntry[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...entries];
  return entries.filter((e) => {
    if (typeof e.name !== 'string' || typeof e.alias !== 'string' || e.name === '' || e.alias === '') return false;
    return [e.name, e.alias, e.alias_zh ?? ''].some((text) => text.toLowerCase().includes(needle));
  });
}

export function keycodesByCategory(category: KeycodeCategory): KeycodeEntry[] {
  return KEYCODES.filter((e) => e.category === category);
}
