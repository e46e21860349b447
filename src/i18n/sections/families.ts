/**
 * Catalogue section of the device families (our own protocol, libhmk, VIA): refusals of calls a family does not
 * offer and writes that did not take. en_US is the source of ids; zh_CN must carry exactly the same ids.
 */

export const familiesEn = {
  'err.family.not.offered': 'This keyboard does not offer that.',
  'err.family.not.taken':
    'Part of the change did not take: the keyboard kept its old settings there. The screen shows what it holds.',
  'family.keytune': 'Keytune protocol',
  'family.libhmk': 'libhmk',
  'family.via': 'VIA / QMK',
  'virtual.group.families': 'Keyboards of other firmware (libhmk, VIA)',
  'page.tab.gamepad': 'Gamepad',
  'page.tab.via': 'VIA',
  'profiles.title': 'Profiles',
  'profiles.slot': 'Profile {0}',
  'profiles.slot.named': 'Profile {0}: {1}',
  'profiles.rename': 'Rename',
  'profiles.rename.title': 'Rename profile {0}',
  'profiles.rename.local': 'The name is kept on this computer: the keyboard keeps no profile names.',
  'profiles.switch.on.keyboard':
    'This keyboard switches profiles with its own keys (profile keys on the Key code tab).',
  'profiles.edit.note':
    'Keytune shows and edits the profile chosen here. The keyboard types with the profile its own profile keys chose last; when you switch there, Keytune moves to that profile.',
  'profiles.copy.to': 'Copy onto profile {0}',
  'profiles.reset': 'Reset to the firmware defaults',
  'profiles.copy.confirm.title': 'Copy profile {0} onto profile {1}?',
  'profiles.copy.confirm.body':
    'Everything in profile {1} (key map, actuation, advanced keys, gamepad, tick rate) is replaced by a copy of profile {0}. Profile {0} stays as it is.',
  'profiles.copy.ok': 'Copy',
  'profiles.reset.confirm.title': 'Reset profile {0}?',
  'profiles.reset.confirm.body':
    'Its key map, actuation, advanced keys, gamepad settings and tick rate go back to the firmware defaults. The other profiles stay as they are.',
  'profiles.reset.ok': 'Reset',
  'profiles.cancel': 'Cancel',
  'profiles.menu': 'Actions of profile {0}',
  'profiles.keyboard.uses': 'On the keyboard',
  'profiles.copied': 'Profile {0} copied onto profile {1}',
  'profiles.reset.done': 'Profile {0} reset to the firmware defaults',
  'libhmk.profile.err.invalid': 'The keyboard does not have that profile, or it is the same one; nothing was changed.',
  // Refusals the service sends for libhmk and VIA keyboards: shown before any of their screens has loaded.
  'libhmk.err.noPort': 'Only libhmk keyboards have this setting.',
  'via.macros.halfWritten': "The keyboard's macros were left half-written; write them again.",
  'via.err.notVia': 'Only VIA keyboards have this.',
  'via.err.noPort': 'This keyboard does not offer this, or needs its VIA definition first.',
} as const;

export const familiesZh: Record<keyof typeof familiesEn, string> = {
  'err.family.not.offered': '此键盘不支持该功能。',
  'err.family.not.taken': '部分更改未生效：键盘在这些位置保留了原来的设置。界面显示的是键盘实际保存的内容。',
  'family.keytune': 'Keytune 协议',
  'family.libhmk': 'libhmk',
  'family.via': 'VIA / QMK',
  'virtual.group.families': '其他固件的键盘（libhmk、VIA）',
  'page.tab.gamepad': '手柄',
  'page.tab.via': 'VIA',
  'profiles.title': '配置文件',
  'profiles.slot': '配置 {0}',
  'profiles.slot.named': '配置 {0}：{1}',
  'profiles.rename': '重命名',
  'profiles.rename.title': '重命名配置 {0}',
  'profiles.rename.local': '名称保存在这台电脑上：键盘本身不保存配置名称。',
  'profiles.switch.on.keyboard': '此键盘用自身按键切换配置（在按键设置页分配配置键）。',
  'profiles.edit.note':
    'Keytune 显示并编辑此处选中的配置。键盘使用其配置键最后选择的配置打字；在键盘上切换后，Keytune 会跟着切换到该配置。',
  'profiles.copy.to': '复制到配置 {0}',
  'profiles.reset': '恢复为固件默认值',
  'profiles.copy.confirm.title': '将配置 {0} 复制到配置 {1}？',
  'profiles.copy.confirm.body':
    '配置 {1} 的全部内容（键位、触发设置、高级按键、手柄、扫描间隔）将被配置 {0} 的副本替换。配置 {0} 保持不变。',
  'profiles.copy.ok': '复制',
  'profiles.reset.confirm.title': '重置配置 {0}？',
  'profiles.reset.confirm.body': '其键位、触发设置、高级按键、手柄设置和扫描间隔将恢复为固件默认值。其他配置保持不变。',
  'profiles.reset.ok': '重置',
  'profiles.cancel': '取消',
  'profiles.menu': '配置 {0} 的操作',
  'profiles.keyboard.uses': '键盘正在使用',
  'profiles.copied': '已将配置 {0} 复制到配置 {1}',
  'profiles.reset.done': '配置 {0} 已恢复为固件默认值',
  'libhmk.profile.err.invalid': '键盘没有该配置，或源与目标相同；未做任何更改。',
  'libhmk.err.noPort': '只有 libhmk 键盘有此设置。',
  'via.macros.halfWritten': '键盘上的宏未写完整，请重新写入。',
  'via.err.notVia': '只有 VIA 键盘有此功能。',
  'via.err.noPort': '该键盘不提供此功能，或需要先提供其 VIA 定义。',
};
