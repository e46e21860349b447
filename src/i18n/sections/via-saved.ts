/**
 * Catalogue section: VIA saved-layout files imported and exported on a VIA keyboard. en_US is the source of ids; zh_CN must carry exactly the same ids.
 * Registered with the device page (src/ui/device-page/family-texts.ts). The refusals are the reasons
 * src/core/backup/via-saved-layout.ts gives for a file it does not take; each says that nothing was changed.
 */

export const viaSavedEn = {
  'viaSaved.title': 'VIA saved layout',
  'viaSaved.intro':
    'The file VIA’s Save + Load pane saves and loads: layers and macros. Keytune adds the layout options in a field VIA ignores, so the same file works in both.',
  'viaSaved.export': 'Export VIA layout…',
  'viaSaved.import': 'Import VIA layout…',
  'viaSaved.busy': 'Reading the keyboard…',
  'viaSaved.exported': 'Saved {0}.',
  'viaSaved.source': 'VIA saved layout {0}',
  'viaSaved.refused': '{0} Nothing was changed.',
  'viaSaved.readFailed': 'The keyboard could not be read: {0}',
  'viaSaved.file.tooLarge': '{0} is too large to be a VIA saved layout.',
  'viaSaved.file.unreadable': '{0} could not be read.',
  'viaSaved.leftOut.encoders':
    'The file’s encoder settings are left out: Keytune does not change the encoders of VIA keyboards yet.',
  'viaSaved.leftOut.layoutOptions': 'The file’s layout options are left out: this keyboard has none.',
  'viaSaved.err.notJson': 'This file is not a VIA saved layout: it is not JSON.',
  'viaSaved.err.notLayout':
    'This file is not a VIA saved layout (it needs name, vendorProductId and layers; {0} is wrong).',
  'viaSaved.err.keytuneBackup':
    'This is a Keytune backup, not a VIA saved layout: restore it with “Restore from file…”.',
  'viaSaved.err.definition': 'This is a VIA keyboard definition, not a saved layout.',
  'viaSaved.err.notVia': 'Only a VIA keyboard has a VIA saved layout.',
  'viaSaved.err.noKeymap': 'This keyboard has no key map yet: give it its VIA definition first.',
  'viaSaved.err.otherKeyboard': 'This layout was saved from another keyboard: {0} ({1}). This keyboard is {2}.',
  'viaSaved.err.layers':
    'The file has {0} layers; this keyboard holds {1}, so the file’s {3, plural, one {layer} other {layers}} {2} would be lost. VIA does not load such a file either.',
  'viaSaved.err.keys': 'Layer {0} of the file has {1} keys; this keyboard’s layers have {2}.',
  'viaSaved.err.code': 'Layer {1}, key {2}: "{0}" is not a key code this keyboard’s VIA protocol knows.',
  'viaSaved.err.macros': 'The file has {0} macros; this keyboard holds {1}.',
  'viaSaved.err.macroKey': 'Macro M{0}: "{1}" is not a key a macro can press.',
  'viaSaved.err.macroText': 'Macro M{0} types something other than ASCII text, which a VIA macro cannot type.',
  'viaSaved.err.macroBraces': 'Macro M{0} has an empty or unclosed key group.',
  'viaSaved.err.macroWait': 'Macro M{0} waits, which needs VIA protocol 11 or later on the keyboard.',
  'viaSaved.err.macroWaitLong': 'Macro M{0} waits {1} ms; a VIA macro waits at most 9999 ms.',
} as const;

export const viaSavedZh: Record<keyof typeof viaSavedEn, string> = {
  'viaSaved.title': 'VIA 布局存档',
  'viaSaved.intro':
    '即 VIA“保存 + 加载”面板保存和加载的文件：各层按键与宏。Keytune 另在 VIA 会忽略的字段中存入布局选项，同一文件两边都能用。',
  'viaSaved.export': '导出 VIA 布局…',
  'viaSaved.import': '导入 VIA 布局…',
  'viaSaved.busy': '正在读取键盘…',
  'viaSaved.exported': '已保存 {0}。',
  'viaSaved.source': 'VIA 布局存档 {0}',
  'viaSaved.refused': '{0} 未做任何更改。',
  'viaSaved.readFailed': '无法读取键盘：{0}',
  'viaSaved.file.tooLarge': '{0} 太大，不是 VIA 布局存档。',
  'viaSaved.file.unreadable': '无法读取 {0}。',
  'viaSaved.leftOut.encoders': '文件中的旋钮设置未导入：Keytune 暂不更改 VIA 键盘的旋钮。',
  'viaSaved.leftOut.layoutOptions': '文件中的布局选项未导入：此键盘没有布局选项。',
  'viaSaved.err.notJson': '此文件不是 VIA 布局存档：它不是 JSON。',
  'viaSaved.err.notLayout': '此文件不是 VIA 布局存档（需要 name、vendorProductId 和 layers；{0} 不正确）。',
  'viaSaved.err.keytuneBackup': '这是 Keytune 备份，不是 VIA 布局存档：请用“从文件恢复…”恢复它。',
  'viaSaved.err.definition': '这是 VIA 键盘定义文件，不是布局存档。',
  'viaSaved.err.notVia': '只有 VIA 键盘才有 VIA 布局存档。',
  'viaSaved.err.noKeymap': '此键盘还没有键位表：请先提供它的 VIA 定义文件。',
  'viaSaved.err.otherKeyboard': '此布局保存自另一把键盘：{0}（{1}）。此键盘为 {2}。',
  'viaSaved.err.layers': '文件有 {0} 层；此键盘只有 {1} 层，文件的第 {2} 层会丢失。VIA 也无法加载这样的文件。',
  'viaSaved.err.keys': '文件的第 {0} 层有 {1} 个键；此键盘每层有 {2} 个键。',
  'viaSaved.err.code': '第 {1} 层第 {2} 个键：“{0}”不是此键盘 VIA 协议认识的键码。',
  'viaSaved.err.macros': '文件有 {0} 个宏；此键盘只能存 {1} 个。',
  'viaSaved.err.macroKey': '宏 M{0}：“{1}”不是宏可以按下的键。',
  'viaSaved.err.macroText': '宏 M{0} 含有 ASCII 以外的文字，VIA 宏无法输入。',
  'viaSaved.err.macroBraces': '宏 M{0} 中有空的或未闭合的按键组。',
  'viaSaved.err.macroWait': '宏 M{0} 含有等待，需要键盘支持 VIA 协议 11 或更高版本。',
  'viaSaved.err.macroWaitLong': '宏 M{0} 等待 {1} 毫秒；VIA 宏最多等待 9999 毫秒。',
};
