/**
 * Catalogue section: via texts. en_US is the source of ids; zh_CN must carry exactly the same ids.
 * The definition ids are the reasons src/drivers/via gives when it refuses a VIA keyboard definition.
 */

export const viaEn = {
  'via.definition.tooLarge': 'This definition file is too large to be a keyboard definition (over 1 MB).',
  'via.definition.notJson': 'This file is not a VIA keyboard definition: it is not JSON.',
  'via.definition.invalid': 'This VIA definition is not valid: {0}',
  'via.definition.tooManyKeys': 'This definition has more keys than a keyboard can have (at most {0}).',
  'via.definition.badLegend': 'A key of this definition has a legend VIA cannot read: "{0}" (expected "row,col").',
  'via.definition.noKeys': 'This definition has no keys.',
  'via.definition.outsideMatrix': "Key {0} lies outside the definition's own matrix of {1} rows and {2} columns.",
  'via.definition.badOption': 'A key names layout option {0}, which the definition does not list.',
  'via.definition.otherKeyboard': 'This definition is for keyboard {0}, not for the connected keyboard {1}.',
  'via.definition.matrixTooLarge': "This definition's matrix ({0} rows, {1} columns) is larger than the keyboard's.",
  'via.definition.needed': 'Give this keyboard its VIA definition (a JSON file) to edit its keys.',
  'via.definition.saved': 'The keyboard definition is saved.',
  'via.macros.overflow': 'The macros take {0} bytes; the keyboard keeps {1}.',
  'via.macros.halfWritten': "The keyboard's macros were left half-written; write them again.",
  'via.keymap.notTaken': 'The keyboard did not keep {0} of the keys written.',
  'via.device.notAnswered': 'The keyboard does not offer this command.',
} as const;

export const viaZh: Record<keyof typeof viaEn, string> = {
  'via.definition.tooLarge': '该定义文件过大（超过 1 MB），不是键盘定义文件。',
  'via.definition.notJson': '该文件不是 VIA 键盘定义：它不是 JSON。',
  'via.definition.invalid': '该 VIA 定义无效：{0}',
  'via.definition.tooManyKeys': '该定义的按键数超过键盘可有的数量（最多 {0} 个）。',
  'via.definition.badLegend': '该定义中有按键的标注 VIA 无法读取："{0}"（应为"行,列"）。',
  'via.definition.noKeys': '该定义没有任何按键。',
  'via.definition.outsideMatrix': '按键 {0} 超出了定义自身 {1} 行 {2} 列的矩阵。',
  'via.definition.badOption': '有按键引用了布局选项 {0}，但定义中没有列出该选项。',
  'via.definition.otherKeyboard': '该定义属于键盘 {0}，而不是已连接的键盘 {1}。',
  'via.definition.matrixTooLarge': '该定义的矩阵（{0} 行 {1} 列）大于键盘的矩阵。',
  'via.definition.needed': '请为该键盘提供 VIA 定义文件（JSON）以编辑按键。',
  'via.definition.saved': '键盘定义已保存。',
  'via.macros.overflow': '这些宏需要 {0} 字节，键盘只能保存 {1} 字节。',
  'via.macros.halfWritten': '键盘上的宏未写完整，请重新写入。',
  'via.keymap.notTaken': '键盘没有保存写入的 {0} 个按键。',
  'via.device.notAnswered': '该键盘不提供此命令。',
};
