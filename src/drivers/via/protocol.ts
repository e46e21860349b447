/**
 * VIA raw-HID protocol as QMK's quantum/via.h and via.c define it (protocol versions 9 to 13), seen from the host.
 * Every report is 32 bytes without report id; multi-byte fields are big-endian. The keyboard answers a report by
 * sending the same report back with results written into it, or with the first byte replaced by 0xFF (id_unhandled)
 * when it does not handle the command or the value id.
 */

export const VIA_REPORT_BYTES = 32;
/** Bytes of data one buffer read or write moves (the size field is one byte, the data starts at byte 4). */
export const VIA_CHUNK_BYTES = 28;
export const VIA_USAGE_PAGE = 0xff60;
export const VIA_USAGE = 0x61;

export const VIA_CMD = {
  getProtocolVersion: 0x01,
  getKeyboardValue: 0x02,
  setKeyboardValue: 0x03,
  getKeycode: 0x04,
  setKeycode: 0x05,
  keymapReset: 0x06,
  customSetValue: 0x07,
  customGetValue: 0x08,
  customSave: 0x09,
  eepromReset: 0x0a,
  bootloaderJump: 0x0b,
  macroGetCount: 0x0c,
  macroGetBufferSize: 0x0d,
  macroGetBuffer: 0x0e,
  macroSetBuffer: 0x0f,
  macroReset: 0x10,
  getLayerCount: 0x11,
  getBuffer: 0x12,
  setBuffer: 0x13,
  getEncoder: 0x14,
  setEncoder: 0x15,
  unhandled: 0xff,
} as const;

export const VIA_VALUE = {
  uptime: 0x01,
  layoutOptions: 0x02,
  switchMatrixState: 0x03,
  firmwareVersion: 0x04,
  deviceIndication: 0x05,
  /** Protocol 13: QMK_KEYCODES_VERSION_BCD. */
  keycodesVersion: 0x06,
} as const;

/** Custom value channels (via_channel_id). LED matrix is channel 5 in QMK's newest via.h. */
export const VIA_CHANNEL = {
  custom: 0,
  backlight: 1,
  rgblight: 2,
  rgbMatrix: 3,
  audio: 4,
  ledMatrix: 5,
} as const;

/** Value ids of the lighting channels: the same numbers for RGB light, RGB matrix and LED matrix. */
export const VIA_LIGHT_VALUE = { brightness: 1, effect: 2, speed: 3, colour: 4 } as const;
/** The backlight channel numbers its two values the other way round. */
export const VIA_BACKLIGHT_VALUE = { brightness: 1, effect: 2 } as const;

/**
 * Protocol 9 (before channels): lighting values are addressed by a single id after command 0x07/0x08
 * (the-via/reader LightingValue): the backlight's 0x09/0x0A and RGB light's 0x80-0x83.
 */
export const VIA_LEGACY_LIGHT = {
  backlightBrightness: 0x09,
  backlightEffect: 0x0a,
  rgblightBrightness: 0x80,
  rgblightEffect: 0x81,
  rgblightSpeed: 0x82,
  rgblightColour: 0x83,
} as const;

/** The oldest protocol this driver speaks; older keyboards used other command ids. */
export const VIA_MIN_PROTOCOL = 9;
export const VIA_MAX_PROTOCOL = 13;

/** Macro actions (QMK send_string magic codes SS_TAP_CODE … SS_DELAY_CODE); from protocol 11 behind prefix 0x01. */
export const SS_QMK_PREFIX = 1;
export const SS_TAP = 1;
export const SS_DOWN = 2;
export const SS_UP = 3;
export const SS_DELAY = 4;
export const SS_DELAY_END = 0x7c; // '|'

export function u16be(value: number): [number, number] {
  return [(value >> 8) & 0xff, value & 0xff];
}

export function readU16be(bytes: ArrayLike<number>, at: number): number {
  return ((bytes[at]! << 8) | bytes[at + 1]!) >>> 0;
}

export function u32be(value: number): [number, number, number, number] {
  return [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

export function readU32be(bytes: ArrayLike<number>, at: number): number {
  return ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
}

/** A 32-byte request: command id then its arguments, zero padded. */
export function viaRequest(command: number, args: readonly number[] = []): Uint8Array {
  if (args.length > VIA_REPORT_BYTES - 1) throw new RangeError('a VIA request holds 31 argument bytes');
  const report = new Uint8Array(VIA_REPORT_BYTES);
  report[0] = command;
  report.set(args, 1);
  return report;
}

/** Bytes of one row of the switch matrix state (matrix_row_t sent high byte first, only the bytes the columns need). */
export function matrixRowBytes(cols: number): number {
  return Math.ceil(cols / 8);
}

/**
 * Whether the switch matrix request carries a row offset (protocol 12 on: [0x02, 0x03, offset] and the rows from
 * byte 3); before, the rows start at byte 2 and all rows must fit one report.
 */
export function matrixHasOffset(protocol: number): boolean {
  return protocol >= 12;
}

/** Macros carry the 0x01 prefix and delays from protocol 11 on. */
export function macrosHavePrefix(protocol: number): boolean {
  return protocol >= 11;
}
