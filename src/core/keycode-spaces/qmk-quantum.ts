/**
 * QMK's named codes above the basic byte: lighting (RGB_*, BL_*, RM_*), boot and EEPROM keys, audio, space cadet,
 * auto shift, magic swaps and the tri-layer keys, at their numbers before and after QMK's 2022 renumbering (the-via
 * app's v10, v11 and v12 dictionaries; v12 adds the RGB matrix keys RM_* and moves the tri-layer keys).
 */
import type { QmkName } from './qmk-basic.ts';

type Row = readonly [name: string, en: string, zh: string];

const RGB: Row[] = [
  ['RGB Tog', 'RGB light on/off', 'RGB 灯光开关'],
  ['RGB Mod', 'RGB next effect', 'RGB 下一个效果'],
  ['RGB RMod', 'RGB previous effect', 'RGB 上一个效果'],
  ['Hue+', 'RGB hue up', 'RGB 色相加'],
  ['Hue-', 'RGB hue down', 'RGB 色相减'],
  ['Sat+', 'RGB saturation up', 'RGB 饱和度加'],
  ['Sat-', 'RGB saturation down', 'RGB 饱和度减'],
  ['Bri+', 'RGB brightness up', 'RGB 亮度加'],
  ['Bri-', 'RGB brightness down', 'RGB 亮度减'],
  ['Spd+', 'RGB effect speed up', 'RGB 效果速度加'],
  ['Spd-', 'RGB effect speed down', 'RGB 效果速度减'],
  ['Plain', 'RGB effect: plain', 'RGB 效果：常亮'],
  ['Breathe', 'RGB effect: breathing', 'RGB 效果：呼吸'],
  ['Rainbow', 'RGB effect: rainbow', 'RGB 效果：彩虹'],
  ['Swirl', 'RGB effect: swirl', 'RGB 效果：旋涡'],
  ['Snake', 'RGB effect: snake', 'RGB 效果：蛇形'],
  ['Knight', 'RGB effect: knight rider', 'RGB 效果：霹雳游侠'],
  ['Xmas', 'RGB effect: Christmas', 'RGB 效果：圣诞'],
  ['Gradient', 'RGB effect: gradient', 'RGB 效果：渐变'],
];

const BACKLIGHT: Row[] = [
  ['BL On', 'Backlight on', '背光开'],
  ['BL Off', 'Backlight off', '背光关'],
  ['BL Tog', 'Backlight on/off', '背光开关'],
  ['BL-', 'Backlight down', '背光减'],
  ['BL+', 'Backlight up', '背光加'],
  ['BL Step', 'Backlight next level', '背光下一档'],
  ['BL Breath', 'Backlight breathing on/off', '背光呼吸开关'],
];

const RGB_MATRIX: Row[] = [
  ['RM On', 'RGB matrix on', 'RGB 矩阵开'],
  ['RM Off', 'RGB matrix off', 'RGB 矩阵关'],
  ['RM Tog', 'RGB matrix on/off', 'RGB 矩阵开关'],
  ['RM Next', 'RGB matrix next effect', 'RGB 矩阵下一个效果'],
  ['RM Prev', 'RGB matrix previous effect', 'RGB 矩阵上一个效果'],
  ['RM Hue+', 'RGB matrix hue up', 'RGB 矩阵色相加'],
  ['RM Hue-', 'RGB matrix hue down', 'RGB 矩阵色相减'],
  ['RM Sat+', 'RGB matrix saturation up', 'RGB 矩阵饱和度加'],
  ['RM Sat-', 'RGB matrix saturation down', 'RGB 矩阵饱和度减'],
  ['RM Bri+', 'RGB matrix brightness up', 'RGB 矩阵亮度加'],
  ['RM Bri-', 'RGB matrix brightness down', 'RGB 矩阵亮度减'],
  ['RM Spd+', 'RGB matrix speed up', 'RGB 矩阵速度加'],
  ['RM Spd-', 'RGB matrix speed down', 'RGB 矩阵速度减'],
];

const BOOT: Row = ['Boot', 'Bootloader (flash mode)', '进入刷机模式'];
const DEBUG: Row = ['Debug', 'Debug mode on/off', '调试模式开关'];
const CLEAR_EEPROM: Row = ['ClrEE', 'Clear the keyboard memory', '清除键盘存储'];
const GESC: Row = ['GEsc', 'Escape, or ` with Shift or GUI', 'Esc（配合 Shift/GUI 时为 `）'];
const NKRO: Row = ['NKRO', 'N-key rollover on/off', '全键无冲开关'];
const AUDIO: Row[] = [
  ['Au On', 'Audio on', '声音开'],
  ['Au Off', 'Audio off', '声音关'],
  ['Au Tog', 'Audio on/off', '声音开关'],
];
const CLICKY: Row[] = [
  ['Clk Tog', 'Clicky sound on/off', '按键音开关'],
  ['Clk On', 'Clicky sound on', '按键音开'],
  ['Clk Off', 'Clicky sound off', '按键音关'],
  ['Clk+', 'Clicky frequency up', '按键音调高'],
  ['Clk-', 'Clicky frequency down', '按键音调低'],
  ['Clk Rst', 'Clicky frequency reset', '按键音复位'],
];
const MUSIC: Row[] = [
  ['Mu On', 'Music mode on', '音乐模式开'],
  ['Mu Off', 'Music mode off', '音乐模式关'],
  ['Mu Tog', 'Music mode on/off', '音乐模式开关'],
  ['Mu Mod', 'Music mode next', '下一个音乐模式'],
];
const SPACE_CADET_OLD: [number, Row][] = [
  [0x5cd7, ['LSft(', 'Left Shift, ( when tapped', '左 Shift，单击为 (']],
  [0x5cd8, ['RSft)', 'Right Shift, ) when tapped', '右 Shift，单击为 )']],
  [0x5cd9, ['SftEnt', 'Right Shift, Enter when tapped', '右 Shift，单击为回车']],
  [0x5cf3, ['LCtl(', 'Left Control, ( when tapped', '左 Ctrl，单击为 (']],
  [0x5cf4, ['RCtl)', 'Right Control, ) when tapped', '右 Ctrl，单击为 )']],
  [0x5cf5, ['LAlt(', 'Left Alt, ( when tapped', '左 Alt，单击为 (']],
  [0x5cf6, ['RAlt)', 'Right Alt, ) when tapped', '右 Alt，单击为 )']],
];
const QUANTUM_NEW: [number, Row][] = [
  [0x7c00, BOOT],
  [0x7c02, DEBUG],
  [0x7c03, CLEAR_EEPROM],
  [0x7c10, ['AS-', 'Auto shift delay down', '自动 Shift 延时减']],
  [0x7c11, ['AS+', 'Auto shift delay up', '自动 Shift 延时加']],
  [0x7c12, ['AS?', 'Auto shift: report the delay', '自动 Shift：报告延时']],
  [0x7c13, ['AS On', 'Auto shift on', '自动 Shift 开']],
  [0x7c14, ['AS Off', 'Auto shift off', '自动 Shift 关']],
  [0x7c15, ['AS Tog', 'Auto shift on/off', '自动 Shift 开关']],
  [0x7c16, GESC],
  [0x7c17, ['VLK', 'Velocikey on/off', 'Velocikey 开关']],
  [0x7c18, ['LCtl(', 'Left Control, ( when tapped', '左 Ctrl，单击为 (']],
  [0x7c19, ['RCtl)', 'Right Control, ) when tapped', '右 Ctrl，单击为 )']],
  [0x7c1a, ['LSft(', 'Left Shift, ( when tapped', '左 Shift，单击为 (']],
  [0x7c1b, ['RSft)', 'Right Shift, ) when tapped', '右 Shift，单击为 )']],
  [0x7c1c, ['LAlt(', 'Left Alt, ( when tapped', '左 Alt，单击为 (']],
  [0x7c1d, ['RAlt)', 'Right Alt, ) when tapped', '右 Alt，单击为 )']],
  [0x7c1e, ['SftEnt', 'Right Shift, Enter when tapped', '右 Shift，单击为回车']],
  [0x7c20, ['Out Auto', 'Output: automatic', '输出：自动']],
  [0x7c21, ['Out USB', 'Output: USB', '输出：USB']],
  [0x7c50, ['Cmb On', 'Combos on', '组合键开']],
  [0x7c51, ['Cmb Off', 'Combos off', '组合键关']],
  [0x7c52, ['Cmb Tog', 'Combos on/off', '组合键开关']],
  [0x7c53, ['DM Rec1', 'Dynamic macro 1: record', '动态宏 1：录制']],
  [0x7c54, ['DM Rec2', 'Dynamic macro 2: record', '动态宏 2：录制']],
  [0x7c55, ['DM Stop', 'Dynamic macro: stop recording', '动态宏：停止录制']],
  [0x7c56, ['DM Play1', 'Dynamic macro 1: play', '动态宏 1：播放']],
  [0x7c57, ['DM Play2', 'Dynamic macro 2: play', '动态宏 2：播放']],
  [0x7013, NKRO],
  [0x7005, ['Swap LAlt/LWin', 'Swap left Alt and GUI', '交换左 Alt 与 Win']],
  [0x7006, ['Unswap LAlt/LWin', 'Unswap left Alt and GUI', '取消交换左 Alt 与 Win']],
  [0x7009, ['GUI On', 'GUI keys on', 'Win 键开']],
  [0x700a, ['GUI Off', 'GUI keys off', 'Win 键关']],
  [0x700b, ['GUI Tog', 'GUI keys on/off', 'Win 键开关']],
  [0x7017, ['Swap LCtl/LWin', 'Swap left Control and GUI', '交换左 Ctrl 与 Win']],
  [0x7018, ['Unswap LCtl/LWin', 'Unswap left Control and GUI', '取消交换左 Ctrl 与 Win']],
];

function seq(start: number, rows: readonly Row[]): [number, Row][] {
  return rows.map((row, i) => [start + i, row]);
}

function toMap(entries: [number, Row][], category: (code: number) => string): Map<number, QmkName> {
  const map = new Map<number, QmkName>();
  for (const [code, [name, en, zh]] of entries) map.set(code, { name, en, zh, category: category(code) });
  return map;
}

/** Named codes above 0xFF for the old numbering (protocol 9 and 10). */
export function quantumOld(): Map<number, QmkName> {
  const lighting = [...seq(0x5cbb, BACKLIGHT.slice(0, 2)), [0x5cbd, BACKLIGHT[3]!], [0x5cbe, BACKLIGHT[4]!]] as [
    number,
    Row,
  ][];
  lighting.push([0x5cbf, BACKLIGHT[2]!], [0x5cc0, BACKLIGHT[5]!], [0x5cc1, BACKLIGHT[6]!], ...seq(0x5cc2, RGB));
  const entries: [number, Row][] = [
    [0x5c00, BOOT],
    [0x5c01, DEBUG],
    [0x5c14, NKRO],
    [0x5c16, GESC],
    ...seq(0x5c1d, AUDIO),
    ...seq(0x5c20, CLICKY),
    ...seq(0x5c26, MUSIC),
    ...SPACE_CADET_OLD,
    ...lighting,
    [0x5f10, ['Fn1/3', 'Layer 1, and layer 3 with layer 2 (tri-layer lower)', '层 1（与层 2 同按时为层 3）']],
    [0x5f11, ['Fn2/3', 'Layer 2, and layer 3 with layer 1 (tri-layer upper)', '层 2（与层 1 同按时为层 3）']],
  ];
  return toMap(entries, (code) => (code >= 0x5cbb && code <= 0x5cd4 ? 'lighting' : 'quantum'));
}

/** Named codes above 0xFF after the renumbering: 'v11' keeps the tri-layer keys at 0x7700, 'v12' adds RM_*. */
export function quantumNew(version: 'v11' | 'v12'): Map<number, QmkName> {
  const backlight: [number, Row][] = [
    [0x7800, BACKLIGHT[0]!],
    [0x7801, BACKLIGHT[1]!],
    [0x7802, BACKLIGHT[2]!],
    [0x7803, BACKLIGHT[3]!],
    [0x7804, BACKLIGHT[4]!],
    [0x7805, BACKLIGHT[5]!],
    [0x7806, BACKLIGHT[6]!],
  ];
  const triLayer = version === 'v11' ? 0x7700 : 0x7c77;
  const entries: [number, Row][] = [
    ...QUANTUM_NEW,
    ...seq(0x7480, AUDIO),
    [0x748a, CLICKY[0]!],
    ...seq(0x748b, CLICKY.slice(1)),
    ...seq(0x7490, MUSIC),
    ...backlight,
    ...seq(0x7820, RGB),
    [0x7833, ['RGB Test', 'RGB effect: test', 'RGB 效果：测试']],
    ...(version === 'v12' ? seq(0x7840, RGB_MATRIX) : []),
    [triLayer, ['Fn1/3', 'Layer 1, and layer 3 with layer 2 (tri-layer lower)', '层 1（与层 2 同按时为层 3）']],
    [triLayer + 1, ['Fn2/3', 'Layer 2, and layer 3 with layer 1 (tri-layer upper)', '层 2（与层 1 同按时为层 3）']],
  ];
  return toMap(entries, (code) => (code >= 0x7800 && code <= 0x785f ? 'lighting' : 'quantum'));
}
