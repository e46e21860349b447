/**
 * English catalogue: the source of message ids. Texts are ICU MessageFormat (docs/i18n.md): `{0}`, `{1}` take the values
 * passed to `t(id, …)` in order, `{1, plural, one {# key} other {# keys}}` picks the form for a count.
 * zh_CN.ts must carry exactly the same ids (the type system and a test both check it).
 */
import type { advancedEn } from './sections/advanced';
import { specTextsEn } from './sections/spec-texts';
import { keymapEn } from './sections/keymap';
import { keycodeExtraEn } from './sections/keycode-extra';
import { devicesExtraEn } from './sections/devices-extra';
import { familiesEn } from './sections/families';
import type { libhmkEn } from './sections/libhmk';
import type { viaEn } from './sections/via';
import type { layoutEn } from './sections/layout';
import { recoveryEn } from './sections/recovery';
import { offlineEn } from './sections/offline';
import type { reportEn } from './sections/report';
import type { historyEn } from './sections/history';
import type { backupEn } from './sections/backup';
import type { backupUiEn } from './sections/backup-ui';
import type { viaSavedEn } from './sections/via-saved';

export const en_US = {
  ...specTextsEn,
  ...keymapEn,
  ...keycodeExtraEn,
  ...familiesEn,
  ...recoveryEn,
  ...offlineEn,
  // Last: it rewords some ids of the sections above.
  ...devicesExtraEn,
  'app.name': 'Keytune',

  // Start-up
  'startup.resource.failed': 'Failed to load resource, please refresh the page',
  'startup.failed': 'Keytune could not start: {0}',
  'startup.reload': 'Reload',

  // Shell
  'nav.label': 'Main navigation',
  'nav.device': 'Device',
  'nav.tool': 'Tool',
  'nav.help': 'Help',
  'nav.settings': 'Settings',
  'titlebar.label': 'Window controls',
  'titlebar.minimize': 'Minimize',
  'titlebar.maximize': 'Maximize',
  'titlebar.restore': 'Restore',
  'titlebar.close': 'Close',
  'theme.label': 'Theme',
  'theme.light': 'Light',
  'theme.dark': 'Dark',
  'theme.auto': 'Auto',
  'theme.current': 'Theme: {0}',
  'lang.label': 'Language',
  'lang.current': 'Language: {0}',
  'lang.en_US': 'English (United States)',
  'lang.zh_CN': 'Simplified Chinese',
  /** A language in its own script, then in the page's language: 简体中文 — Simplified Chinese. */
  'lang.option': '{0} — {1}',
  'lang.short': 'EN',
  'tool.title': 'Tools',
  'help.title': 'Help',
  'settings.title': 'Settings',
  'common.ok': 'OK',
  'common.cancel': 'Cancel',
  'common.close': 'Close',
  'common.copy': 'Copy',
  'copy.done': 'Content copied to clipboard',
  'copy.failed': 'Failed to copy',
  'loading.label': 'Loading',
  'toasts.label': 'Notifications',
  'toast.dismiss': 'Dismiss',
  'err.unexpected': 'Something went wrong: {0}',

  // Device list
  'devices.title': 'My Devices',
  'devices.count': '{0} connected',
  'devices.add': 'Add device',
  'devices.add.title': 'Add a device',
  'devices.add.desc': 'Connect a keyboard, mouse or receiver, or try a virtual keyboard.',
  'devices.add.hid': 'Choose a connected device',
  'devices.add.hid.desc': 'Your browser lists the devices Keytune may use. Pick yours and confirm.',
  'devices.add.hid.unavailable': 'This browser cannot reach USB devices. Use Chrome or Edge, or the desktop app.',
  'welcome.title': 'Welcome to Keytune',
  'welcome.subtitle': 'Tune every key of your magnetic-switch keyboard.',
  'welcome.tip':
    'Plug in your keyboard with a USB cable or its 2.4G receiver, then click Add device and choose it in the list.',
  'virtual.title': 'No keyboard at hand?',
  'virtual.desc': 'Add a virtual one. It behaves like the real device and keeps its settings in this browser.',
  'virtual.model': 'Model',
  'virtual.firmware': 'Firmware version',
  'virtual.firmware.invalid': 'Enter a version such as 1.3.7',
  'virtual.connection': 'Connection',
  'virtual.add': 'Add virtual device',
  'virtual.group.keyboards': 'Keyboards',
  'virtual.group.redirect': 'Configured in another app',
  'virtual.group.other': 'Mouse and receiver',

  // Device card
  'device.type.keyboard': 'Keyboard',
  'device.type.mouse': 'Mouse',
  'device.type.dongle': 'Receiver',
  'device.state.online': 'Connected',
  'device.state.offline': 'Not connected',
  'device.access.usb': 'USB',
  'device.access.24g': '2.4G',
  'device.access.bluetooth': 'Bluetooth',
  'device.virtual': 'Virtual',
  'device.firmware': 'Firmware {0}',
  'device.update.badge': 'Firmware update',
  'device.update.available': 'Firmware update available for {0}',
  'device.manual': 'Manual',
  'device.manual.label': 'Open the {0} manual (PDF)',

  // Dialogs of the device tab
  'update.dialog.title': 'Firmware update available',
  'update.dialog.body': 'Firmware {0} is available for {1}, which runs {2}.',
  'update.dialog.hint': 'Updates are installed from the Device settings tab. Keep the USB cable plugged in.',
  'update.dialog.later': 'Later',
  'update.dialog.open': 'Open device settings',
  'redirect.title': '{0} is set up in the desktop app',
  'redirect.body':
    'This keyboard uses a different configuration flow that the web version cannot run. Open it with the Keytune desktop app.',
  'redirect.link': 'Get the desktop app',
  'device.not.support.title': 'Device not supported',
  'device.not.support.context':
    'Keytune does not recognise this device yet. Check that it is one of the supported models, or update Keytune.',
  'device.not.support.ok': 'OK',
  'device.not.support.link': 'See supported devices',
  'linux.tip.title': 'Allow Keytune to reach your keyboard',
  'linux.tip.body':
    'Linux only lets programs open keyboards after a device rule is installed. Run one of these commands in a terminal, then unplug and reconnect the keyboard.',
  'linux.tip.curl': 'With curl',
  'linux.tip.wget': 'With wget',
  'linux.tip.rules': 'The rule it installs',
  'linux.tip.again': 'Show this every time',
  'firefox.tip.title': 'Firefox cannot reach keyboards',
  'firefox.tip.body':
    'Firefox has no WebHID support. Install a WebHID extension, open Keytune in Chrome or Edge, or start the Keytune desktop bridge (npm run desktop) and open the address it prints: through it, any browser reaches your keyboards.',
  'firefox.tip.extension': 'Get a WebHID extension',
  'firefox.tip.desktop': 'Download the desktop app',

  // Device page
  'page.back': 'Back to devices',
  'page.tabs.label': 'Device sections',
  'page.tab.keycode': 'Key code',
  'page.tab.led': 'Key LED',
  'page.tab.perf': 'Key performance',
  'page.tab.settings': 'Device settings',
  'page.tab.update.pending': 'update pending',
  'page.placeholder': 'This section is on its way.',
  'sync.changing': 'Syncing…',
  'sync.changed': 'Synced',
  'settings.info.title': 'About this device',
  'settings.info.name': 'Name',
  'settings.info.firmware': 'Firmware',
  'settings.info.hardware': 'Hardware',
  'settings.info.release': 'Release date',
  'settings.info.serial': 'Serial number',
  'settings.info.connection': 'Connection',
  'settings.info.battery': 'Battery',
  'settings.info.unknown': '--',
  'settings.update.pending': 'Firmware {0} is available.',

  // Toasts raised by the device service (src/core/toast-keys.ts)
  'warn.need.reload': 'The keyboard drawing could not be loaded. Please reload the page.',
  'err.spkey.dks.args.cfg':
    'Each DKS row with a key needs at least one stage marked, each marked row needs a key, and at least one row needs a key.',
  'err.spkey.snaptap.args.cfg': 'Snap Tap needs two different keys.',
  'err.spkey.hypertap.args.cfg': 'DRT needs both keys.',
  'err.spkey.hypertap.notkeyid.cfg': 'Unable to find the ID for this key code in the current layer.',
  'warn.not.apply': 'No apply',
  'spkey.add.fill.warn': 'No free slot left for this kind of advanced key. Delete one first.',
  'perf.no.select.keys': 'Please select the key first!',
  'perf.not.cfg.rt.sensitivity': 'Sensitivity cannot be changed while these keys use rapid trigger this way.',
  'perf.not.cfg.rt.trigger_or_dead': 'Trigger and dead zone are set by rapid trigger auto mode on these keys.',
  'cfg.dev.update.request': 'This update needs the desktop app. Please update from Keytune for desktop.',
  'cfg.dev.update.interval.timeout': 'Failed to enter upgrade mode, please try again',
  'err.spkey.shortcut.args.cfg': 'Error in keystroke setting',
  'err.spkey.macro.args.cfg': 'The macro is not valid: it needs 1 to 80 events.',
  'err.spkey.hypertap.duplicate.cfg': 'This key is already used as the first key of a DRT.',
  'perf.warn.dead.zero': 'A dead zone of 0 may cause accidental presses.',
  'perf.warn.rapid.low': 'A rapid trigger sensitivity below 0.04mm is not recommended.',
  'err.dev.disconnected': 'The device was disconnected.',
  'err.dev.timeout': 'The device did not answer in time.',
  'err.dev.reply': 'The device sent an answer Keytune could not read.',
  'err.dev.busy': 'The device is busy, please try again.',
  'err.dev.not.found': 'The device could not be found.',
  'theme.import.failure': 'Import Failure',
  'theme.export.failure': 'Export Failure',
  'theme.import.success': 'Import Successful',
  'theme.export.success': 'Export Successful',
  'err.dev.refused': 'The device refused the request.',
  'err.args.invalid': 'Parameter setting error, please understand the function setting method before resetting',
  'err.fw.file.invalid':
    'The upgrade file you selected is not applicable to the current device, please choose the correct file accordingly!',
  'err.fw.flash.failed':
    'The keyboard rejected the firmware update and keeps its previous firmware. Check that the file is made for this keyboard, then try again.',
  'err.dev.bootloader': 'The keyboard is waiting in firmware update mode. Run the firmware update again to finish it.',
  'err.fw.flash.no.answer':
    'The new firmware was written, but the keyboard did not answer afterwards. Unplug it and plug it in again.',
  'err.fw.flash.interrupted':
    'The firmware update was interrupted. The keyboard keeps its previous firmware. Reconnect it and run the same update again to finish.',
  'err.fw.file.too.large':
    'This firmware file is too large for the keyboard. Please choose the file made for this keyboard.',
  'err.fw.file.magic': 'This file is not a firmware image. Please choose the firmware file made for this keyboard.',
  'err.fw.file.format':
    'This firmware file uses image format {0}, which this version of Keytune does not install. Please download the current firmware for this keyboard.',
  'err.fw.file.length':
    'This firmware file is incomplete or has extra bytes. Download it again; nothing was sent to the keyboard.',
  'err.fw.file.crc':
    'This firmware file is damaged (its checksum does not match). Download it again; nothing was sent to the keyboard.',
  'err.fw.file.hardware':
    'The upgrade file you selected is not applicable to the current device: it is made for hardware version {0}, and this keyboard is hardware version {1}.',
  'err.fw.file.signature':
    'This firmware file is not signed by the maker of this keyboard, so it was not installed. Download the firmware from the maker only.',
  'err.fw.backup.failed':
    'The keyboard settings could not be backed up, so the update did not start. The keyboard is unchanged. Reconnect it and try again.',
  'err.fw.refind.failed':
    'The new firmware is installed, but the same keyboard did not come back. Reconnect it and run the same update again to restore its settings.',
  'err.fw.restore.failed':
    'The new firmware is installed, but the keyboard settings could not all be put back. Keytune keeps the backup: run the same update again to finish restoring them.',
  'err.fw.restore.mismatch':
    'The new firmware is installed, but the settings read back from the keyboard differ from the backup. Keytune keeps the backup: run the same update again to restore them.',
  'warn.not.apply.theme.chosen.mojo68rt': 'Mojo68RT switches profiles with the switch button on the keyboard.',
  'warn.not.apply.theme.chosen.made68air': 'Made68Air switches profiles with the switch button on the keyboard.',
} as const;

/** The ids of the catalogue loaded with the first screen. */
export type CatalogueId = keyof typeof en_US;
/**
 * Every id `t` accepts: the catalogue's, and those of sections registered when their screen loads (registerTexts) but
 * still checked by the type system here. The advanced-key texts load with the advanced-key area.
 */
export type MessageId =
  | CatalogueId
  | keyof typeof advancedEn
  | keyof typeof libhmkEn
  | keyof typeof viaEn
  | keyof typeof reportEn
  | keyof typeof historyEn
  | keyof typeof backupEn
  | keyof typeof backupUiEn
  | keyof typeof viaSavedEn
  | keyof typeof layoutEn;
