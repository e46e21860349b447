/**
 * The libhmk configuration protocol as the firmware defines it (include/commands.h, src/commands.c): one 64-byte
 * report each way on the raw HID collection (usage page 0xFFAB, usage 0xAB), no report id, little-endian. A request is
 * the command id then its arguments; the reply starts with the same id, or 0xFF when the command is unknown, an
 * argument is out of range or the flash write failed. The firmware answers from one static buffer: bytes a reply does
 * not write hold whatever an earlier reply left there, so a decoder reads only the bytes its command writes.
 */

export const LIBHMK_USAGE_PAGE = 0xffab;
export const LIBHMK_USAGE = 0xab;
export const LIBHMK_REPORT_BYTES = 64;
/** Reply id of a refusal (COMMAND_UNKNOWN). */
export const LIBHMK_REFUSED = 0xff;

export const CMD = {
  firmwareVersion: 0,
  reboot: 1,
  bootloader: 2,
  factoryReset: 3,
  recalibrate: 4,
  analogInfo: 5,
  getCalibration: 6,
  setCalibration: 7,
  getProfile: 8,
  getOptions: 9,
  setOptions: 10,
  resetProfile: 11,
  duplicateProfile: 12,
  getMetadata: 13,
  getSerial: 14,
  saveCalibrationThreshold: 15,
  getKeymap: 128,
  setKeymap: 129,
  getActuationMap: 130,
  setActuationMap: 131,
  getAdvancedKeys: 132,
  setAdvancedKeys: 133,
  getTickRate: 134,
  setTickRate: 135,
  getGamepadButtons: 136,
  setGamepadButtons: 137,
  getGamepadOptions: 138,
  setGamepadOptions: 139,
} as const;

export type CommandId = (typeof CMD)[keyof typeof CMD];

/** Entries one report carries, from the sizes of the command structures. */
export const PER_REPORT = {
  /** Reply: 63 key codes after the id. */
  keymapRead: 63,
  /** Request: id, profile, layer, offset, length, then 59 codes. */
  keymapWrite: 59,
  /** 4 bytes per key both ways (15 × 4 = 60). */
  actuation: 15,
  /** 12 bytes per slot both ways (5 × 12 = 60). */
  advancedKeys: 5,
  gamepadRead: 63,
  /** Request: id, profile, offset, length, then 60 buttons. */
  gamepadWrite: 60,
  /** 3 bytes per key (ADC u16, distance u8): 21 × 3 = 63. */
  analogInfo: 21,
  /** Reply: id, remaining length u32, then 59 bytes of the compressed metadata. */
  metadata: 59,
  serialBytes: 32,
} as const;

export const ACTUATION_BYTES = 4;
export const ADVANCED_KEY_BYTES = 12;
export const GAMEPAD_OPTIONS_BYTES = 9;

/** Firmware versions are u16: major in the high byte, minor in the low byte (0x0107 is 1.7). */
export const MIN_FIRMWARE = 0x0104;

/** What each firmware version adds that a driver must gate on (libhmk history, v1.4-v1.7). */
export const VERSION_GATES = {
  /** 1.4-1.6: options bit 1 makes the keyboard save bottom-out thresholds itself after inactivity. */
  saveThresholdOption: { from: 0x0104, through: 0x0106 },
  /** 1.5: options bit 2 switches 8 kHz polling on high-speed USB boards (metadata usbHighSpeed). */
  highPollingRate: { from: 0x0105 },
  /** 1.6: metadata carries defaultKeymaps per profile instead of one defaultKeymap. */
  perProfileDefaults: { from: 0x0106 },
  /** 1.7: SAVE_CALIBRATION_THRESHOLD stores the current bottom-out thresholds on command. */
  saveThresholdCommand: { from: 0x0107 },
} as const;

export const OPTION_BITS = { xinput: 0, saveBottomOutThreshold: 1, highPollingRate: 2 } as const;
export type LibhmkOptionName = keyof typeof OPTION_BITS;

export const GAMEPAD_FLAG_BITS = {
  keyboardEnabled: 0,
  gamepadOverride: 1,
  squareJoystick: 2,
  snappyJoystick: 3,
} as const;

/** The keyboard blocks while it recalibrates (MATRIX_CALIBRATION_DURATION, 500 ms) before it answers. */
export const RECALIBRATE_BLOCK_MS = 500;

export function formatFirmwareVersion(version: number): string {
  return `${version >> 8}.${version & 0xff}`;
}

const COMMAND_NAMES = new Map<number, string>(
  Object.entries(CMD).map(([name, id]) => [id, name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()]),
);

/** "GET_KEYMAP (128)" for messages a person may read in a bug report. */
export function formatCommand(command: number): string {
  return `${COMMAND_NAMES.get(command) ?? 'UNKNOWN'} (${command})`;
}
