/**
 * Catalogue section of the device list, the device page and the advanced-key cards: removing a device, the update
 * dialog's notice, names read by screen readers, and the Chinese names of the advanced-key types. en_US is the source
 * of ids; zh_CN must carry exactly the same ids. Texts are ICU MessageFormat, as the other sections. Spread into the main catalogues by src/i18n/en_US.ts and zh_CN.ts,
 * after the other sections: a few ids here give existing ids their new text.
 */
export const devicesExtraEn = {
  // A label before its value, as screen readers hear it ("Shortcut: Esc LCtrl").
  'a11y.prefix': '{0}: ',

  // Device card menu and removal
  'devices.card.menu': 'More actions for {0}',
  // A card drawn before its device has answered (the page's first frame)
  'devices.card.connecting': 'Connecting…',
  'devices.remove': 'Remove',
  'devices.remove.title': 'Remove {0}?',
  'devices.remove.virtual':
    'This virtual device leaves the list and its saved settings are deleted. You can add a new one at any time.',
  'devices.remove.real':
    'The device leaves the list until you add it again. The settings stored on the device are kept.',
  'devices.remove.confirm': 'Remove',
  'devices.removed': '{0} was removed.',

  // Device page
  'page.nokeys.title': 'No keys',
  'page.nokeys.body': 'This device has no keys of its own, so there are no key codes or advanced keys to set here.',

  // Linux permission tip
  'linux.tip.files': 'The script and the rule are also here to download:',
  'linux.tip.script': 'Install script',
  'linux.tip.rule.file': 'udev rule',

  // Advanced-key cards
  'adv.card.sc.kind': 'Shortcut type',

  // Existing ids with new text (advanced types keep their English names in English).
  'adv.type.snaptap': 'Snap Tap',
  'adv.type.hypertap': 'Hyper Tap (DRT)',
  'adv.group.free.desc': 'Snap Tap and Hyper Tap name their keys themselves and need no binding.',
  'adv.snaptap.title.new': 'New Snap Tap',
  'adv.snaptap.title.edit': 'Edit Snap Tap',
  'adv.hypertap.title.new': 'New Hyper Tap (DRT)',
  'adv.hypertap.title.edit': 'Edit Hyper Tap (DRT)',
  'adv.hypertap.help': 'Choose the first key and the second key. A key can be the first key of one Hyper Tap only.',

  // A scene (.mgscene) saved from another model: refused by the service, nothing written.
  'theme.import.other.model': 'This theme file was saved from a {0}; this keyboard is a {1}. Nothing was imported.',
} as const;

export type DevicesExtraId = keyof typeof devicesExtraEn;

export const devicesExtraZh: Record<keyof typeof devicesExtraEn, string> = {
  'a11y.prefix': '{0}：',

  'devices.card.menu': '{0} 的更多操作',
  'devices.card.connecting': '正在连接…',
  'devices.remove': '移除',
  'devices.remove.title': '移除 {0}？',
  'devices.remove.virtual': '此虚拟设备将从列表中移除，其保存的设置也会被删除。你可以随时新建一个。',
  'devices.remove.real': '设备将从列表中移除，直到你再次添加它。设备中保存的设置不受影响。',
  'devices.remove.confirm': '移除',
  'devices.removed': '已移除 {0}。',

  'page.nokeys.title': '没有按键',
  'page.nokeys.body': '此设备本身没有按键，因此这里没有可设置的键码或高级键。',

  'linux.tip.files': '也可以在这里下载脚本和规则：',
  'linux.tip.script': '安装脚本',
  'linux.tip.rule.file': 'udev 规则',

  'adv.card.sc.kind': '快捷键类型',

  'adv.type.snaptap': '快速切换',
  'adv.type.hypertap': '双键触发 (DRT)',
  'adv.group.free.desc': '快速切换和双键触发自带按键，无需绑定。',
  'adv.snaptap.title.new': '新建快速切换',
  'adv.snaptap.title.edit': '编辑快速切换',
  'adv.hypertap.title.new': '新建双键触发 (DRT)',
  'adv.hypertap.title.edit': '编辑双键触发 (DRT)',
  'adv.hypertap.help': '选择第一个按键和第二个按键。一个按键只能作为一个双键触发的第一个按键。',

  'theme.import.other.model': '此主题文件来自 {0}，而当前键盘是 {1}，未导入任何内容。',
};
