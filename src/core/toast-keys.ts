/**
 * Every toast and message key the product shows, in one place, with the toast type and duration each one uses.
 * Other files import these names instead of spelling the keys, so a typo is a compile error, not a missing text.
 */

export const TOAST_TYPE = { success: 0, error: 1, warning: 2 } as const;
export type ToastType = (typeof TOAST_TYPE)[keyof typeof TOAST_TYPE];

/** Toast duration in seconds when a key has no duration of its own (spec-2 §4). */
export const DEFAULT_TOAST_DELAY = 5;

export const TOAST_KEYS = {
  // spec-1 §8: lighting, mapping and advanced keys
  needReload: 'warn.need.reload',
  dksArgs: 'err.spkey.dks.args.cfg',
  snaptapArgs: 'err.spkey.snaptap.args.cfg',
  hypertapArgs: 'err.spkey.hypertap.args.cfg',
  keyIdNotFound: 'err.spkey.hypertap.notkeyid.cfg',
  notApply: 'warn.not.apply',
  advancedListFull: 'spkey.add.fill.warn',

  // spec-2 §8: performance, firmware, themes
  perfNoSelectKeys: 'perf.no.select.keys',
  perfRtSensitivityBlocked: 'perf.not.cfg.rt.sensitivity',
  perfRtTriggerOrDeadBlocked: 'perf.not.cfg.rt.trigger_or_dead',
  perfDeadZoneMixedSwitches: 'perf.warn.dead.switch',
  copyDone: 'copy.done',
  copyFailed: 'copy.failed',
  updateRequest: 'cfg.dev.update.request',
  updateTimeout: 'cfg.dev.update.interval.timeout',

  // Additions where the spec describes a refusal or warning but names no key.
  shortcutArgs: 'err.spkey.shortcut.args.cfg',
  macroArgs: 'err.spkey.macro.args.cfg',
  hypertapDuplicateFirstKey: 'err.spkey.hypertap.duplicate.cfg',
  perfDeadZoneWarning: 'perf.warn.dead.zero',
  perfRapidLowWarning: 'perf.warn.rapid.low',

  // Device and call errors raised by the device service.
  deviceDisconnected: 'err.dev.disconnected',
  deviceTimeout: 'err.dev.timeout',
  deviceBadReply: 'err.dev.reply',
  deviceBusy: 'err.dev.busy',
  deviceRefused: 'err.dev.refused',
  deviceNotFound: 'err.dev.not.found',
  invalidArgs: 'err.args.invalid',
  firmwareFileInvalid: 'err.fw.file.invalid',
  firmwareFlashFailed: 'err.fw.flash.failed',
  firmwareFileTooLarge: 'err.fw.file.too.large',
  firmwareFlashInterrupted: 'err.fw.flash.interrupted',
  firmwareNoAnswer: 'err.fw.flash.no.answer',
  deviceInBootloader: 'err.dev.bootloader',
  usbPower: 'err.usb.power',
  // Image checks before the bootloader (docs/protocol.md §9.1), one key per refusal; another model is
  // err.fw.file.invalid, the spec's "not applicable" text.
  firmwareFileMagic: 'err.fw.file.magic',
  firmwareFileFormat: 'err.fw.file.format',
  firmwareFileLength: 'err.fw.file.length',
  firmwareFileCrc: 'err.fw.file.crc',
  firmwareFileHardware: 'err.fw.file.hardware',
  firmwareFileSignature: 'err.fw.file.signature',
  // The configuration kept across an update (back up, restore, compare).
  firmwareBackupFailed: 'err.fw.backup.failed',
  firmwareRefindFailed: 'err.fw.refind.failed',
  firmwareRestoreFailed: 'err.fw.restore.failed',
  firmwareRestoreMismatch: 'err.fw.restore.mismatch',
} as const;

export type StaticToastKey = (typeof TOAST_KEYS)[keyof typeof TOAST_KEYS];

const THEME_REFUSED_PREFIX = 'warn.not.apply.theme.chosen.';

/** warn.not.apply.theme.chosen.{model}: theme change refused on this model (spec-2 §5). */
export function themeNotAppliedKey(model: string): string {
  return `${THEME_REFUSED_PREFIX}${model.trim().toLowerCase()}`;
}

export interface ToastStyle {
  type: ToastType;
  /** Seconds. */
  delay: number;
}

const ERROR_3S: ToastStyle = { type: TOAST_TYPE.error, delay: 3 };
const WARN_7S: ToastStyle = { type: TOAST_TYPE.warning, delay: 7 };
const DEVICE_ERROR: ToastStyle = { type: TOAST_TYPE.error, delay: DEFAULT_TOAST_DELAY };
/** Firmware-update failures tell the user what to do next: a longer toast (spec-2 §9: 3 or 6 s). */
const UPDATE_ERROR: ToastStyle = { type: TOAST_TYPE.error, delay: 6 };

/**
 * Type and duration per key. Spec-1 §8: type 1, 3 s unless noted. Spec-2 §7: performance toasts are type 2 with a
 * delay of 3 or 6; we give the short "select a key first" 3 s and the longer rapid-trigger explanations 6 s.
 */
const STYLES: Record<StaticToastKey, ToastStyle> = {
  'warn.need.reload': WARN_7S,
  'err.spkey.dks.args.cfg': ERROR_3S,
  'err.spkey.snaptap.args.cfg': ERROR_3S,
  'err.spkey.hypertap.args.cfg': ERROR_3S,
  'err.spkey.hypertap.notkeyid.cfg': ERROR_3S,
  'warn.not.apply': ERROR_3S,
  'spkey.add.fill.warn': WARN_7S,
  'perf.no.select.keys': { type: TOAST_TYPE.warning, delay: 3 },
  'perf.not.cfg.rt.sensitivity': { type: TOAST_TYPE.warning, delay: 6 },
  'perf.not.cfg.rt.trigger_or_dead': { type: TOAST_TYPE.warning, delay: 6 },
  'copy.done': { type: TOAST_TYPE.success, delay: 3 },
  'copy.failed': { type: TOAST_TYPE.error, delay: 3 },
  'cfg.dev.update.request': { type: TOAST_TYPE.warning, delay: 6 },
  'cfg.dev.update.interval.timeout': { type: TOAST_TYPE.error, delay: 6 },
  'err.spkey.shortcut.args.cfg': ERROR_3S,
  'err.spkey.macro.args.cfg': ERROR_3S,
  'err.spkey.hypertap.duplicate.cfg': ERROR_3S,
  'perf.warn.dead.zero': { type: TOAST_TYPE.warning, delay: 3 },
  'perf.warn.dead.switch': { type: TOAST_TYPE.warning, delay: 3 },
  'perf.warn.rapid.low': { type: TOAST_TYPE.warning, delay: 3 },
  'err.dev.disconnected': DEVICE_ERROR,
  'err.dev.timeout': DEVICE_ERROR,
  'err.dev.reply': DEVICE_ERROR,
  'err.dev.busy': DEVICE_ERROR,
  'err.dev.refused': DEVICE_ERROR,
  'err.dev.not.found': DEVICE_ERROR,
  'err.args.invalid': ERROR_3S,
  'err.fw.file.invalid': DEVICE_ERROR,
  'err.fw.flash.failed': UPDATE_ERROR,
  'err.fw.file.too.large': UPDATE_ERROR,
  'err.fw.flash.interrupted': UPDATE_ERROR,
  'err.fw.flash.no.answer': UPDATE_ERROR,
  'err.dev.bootloader': UPDATE_ERROR,
  'err.usb.power': UPDATE_ERROR,
  'err.fw.file.magic': UPDATE_ERROR,
  'err.fw.file.format': UPDATE_ERROR,
  'err.fw.file.length': UPDATE_ERROR,
  'err.fw.file.crc': UPDATE_ERROR,
  'err.fw.file.hardware': UPDATE_ERROR,
  'err.fw.file.signature': UPDATE_ERROR,
  'err.fw.backup.failed': UPDATE_ERROR,
  'err.fw.refind.failed': UPDATE_ERROR,
  'err.fw.restore.failed': UPDATE_ERROR,
  'err.fw.restore.mismatch': UPDATE_ERROR,
};

/** The type and duration a key is shown with; keys outside this table get an error toast of the default length. */
export function toastStyle(key: string): ToastStyle {
  if (key.startsWith(THEME_REFUSED_PREFIX)) return WARN_7S;
  return (STYLES as Record<string, ToastStyle | undefined>)[key] ?? DEVICE_ERROR;
}

/** Every static key, for catalogue completeness checks. */
export const ALL_STATIC_TOAST_KEYS: readonly StaticToastKey[] = Object.values(TOAST_KEYS);
