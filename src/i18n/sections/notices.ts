/**
 * Catalogue section of device event notices (system notifications and in-app event info) and of their options on
 * the Settings tab. Small on purpose: the notice texts load with the toast layer, before any tab is opened. en_US is
 * the source of ids; zh_CN must carry exactly the same ids.
 */

export const noticesEn = {
  'notice.app': 'Keytune',
  'notice.connected': '{0} connected',
  'notice.disconnected': '{0} disconnected',
  'notice.update': 'Firmware {1} is available for {0}',
  'notice.update.any': 'A firmware update is available for {0}',

  'prefs.notice.system': 'System notifications',
  'prefs.notice.inapp': 'Event info in the app',
  'prefs.notice.events': 'Tell me when',
  'prefs.notice.event.connected': 'A keyboard connects',
  'prefs.notice.event.disconnected': 'A keyboard disconnects',
  'prefs.notice.event.update': 'A firmware update is available',
  'prefs.notice.permission.default': 'The browser asks for permission when you turn system notifications on.',
  'prefs.notice.permission.granted': 'The browser allows notifications from this page.',
  'prefs.notice.permission.denied':
    'The browser blocks notifications from this page. Allow them in the site settings (the icon left of the address), then turn system notifications on again.',
  'prefs.notice.permission.unsupported': 'This browser cannot show system notifications.',
};

export const noticesZh: Record<keyof typeof noticesEn, string> = {
  'notice.app': 'Keytune',
  'notice.connected': '{0} 已连接',
  'notice.disconnected': '{0} 已断开连接',
  'notice.update': '{0} 有可用的固件 {1}',
  'notice.update.any': '{0} 有可用的固件更新',

  'prefs.notice.system': '系统通知',
  'prefs.notice.inapp': '应用内事件提示',
  'prefs.notice.events': '提醒以下事件',
  'prefs.notice.event.connected': '键盘已连接',
  'prefs.notice.event.disconnected': '键盘已断开',
  'prefs.notice.event.update': '有可用的固件更新',
  'prefs.notice.permission.default': '开启系统通知时，浏览器会请求通知权限。',
  'prefs.notice.permission.granted': '浏览器已允许此页面发送通知。',
  'prefs.notice.permission.denied':
    '浏览器已阻止此页面的通知。请在网站设置（地址栏左侧的图标）中允许通知，然后重新开启系统通知。',
  'prefs.notice.permission.unsupported': '此浏览器无法显示系统通知。',
};

export type NoticesTextId = keyof typeof noticesEn;
