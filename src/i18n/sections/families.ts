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
  'profiles.switch.on.keyboard':
    'This keyboard switches profiles with its own keys (profile keys on the Key code tab).',
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
  'profiles.switch.on.keyboard': '此键盘用自身按键切换配置（在按键设置页分配配置键）。',
  'libhmk.err.noPort': '只有 libhmk 键盘有此设置。',
  'via.macros.halfWritten': '键盘上的宏未写完整，请重新写入。',
  'via.err.notVia': '只有 VIA 键盘有此功能。',
  'via.err.noPort': '该键盘不提供此功能，或需要先提供其 VIA 定义。',
};
