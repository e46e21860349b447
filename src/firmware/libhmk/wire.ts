/**
 * The simulator's own reading of libhmk's command set (include/commands.h), written apart from the driver's on
 * purpose: a misreading in one shows up as a disagreement with the other.
 */

export const REPORT_SIZE = 64;
export const UNKNOWN_COMMAND = 0xff;

export const Command = {
  FIRMWARE_VERSION: 0x00,
  REBOOT: 0x01,
  BOOTLOADER: 0x02,
  FACTORY_RESET: 0x03,
  RECALIBRATE: 0x04,
  ANALOG_INFO: 0x05,
  GET_CALIBRATION: 0x06,
  SET_CALIBRATION: 0x07,
  GET_PROFILE: 0x08,
  GET_OPTIONS: 0x09,
  SET_OPTIONS: 0x0a,
  RESET_PROFILE: 0x0b,
  DUPLICATE_PROFILE: 0x0c,
  GET_METADATA: 0x0d,
  GET_SERIAL: 0x0e,
  SAVE_CALIBRATION_THRESHOLD: 0x0f,
  GET_KEYMAP: 0x80,
  SET_KEYMAP: 0x81,
  GET_ACTUATION_MAP: 0x82,
  SET_ACTUATION_MAP: 0x83,
  GET_ADVANCED_KEYS: 0x84,
  SET_ADVANCED_KEYS: 0x85,
  GET_TICK_RATE: 0x86,
  SET_TICK_RATE: 0x87,
  GET_GAMEPAD_BUTTONS: 0x88,
  SET_GAMEPAD_BUTTONS: 0x89,
  GET_GAMEPAD_OPTIONS: 0x8a,
  SET_GAMEPAD_OPTIONS: 0x8b,
} as const;

/** Array sizes of the command structures: what one request or reply can carry. */
export const Capacity = {
  keymapIn: 59,
  keymapOut: 63,
  actuation: 15,
  advancedKeys: 5,
  gamepadButtonsIn: 60,
  gamepadButtonsOut: 63,
  analogInfo: 21,
  metadata: 59,
  serial: 32,
} as const;

/** Sizes of the stored structures. */
export const Size = { actuation: 4, advancedKey: 12, gamepadOptions: 9 } as const;

export const SUPPORTED_VERSIONS = [0x0103, 0x0104, 0x0105, 0x0106, 0x0107] as const;
export type SimVersion = (typeof SUPPORTED_VERSIONS)[number];
