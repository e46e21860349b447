/**
 * VIA command and value numbers as a QMK keyboard knows them (quantum/via.h), written for the simulator on its own
 * so that it checks the driver rather than repeating it.
 */

export const REPORT = 32;
export const UNHANDLED = 0xff;

export const Cmd = {
  protocolVersion: 0x01,
  keyboardValueGet: 0x02,
  keyboardValueSet: 0x03,
  keycodeGet: 0x04,
  keycodeSet: 0x05,
  keymapReset: 0x06,
  customSet: 0x07,
  customGet: 0x08,
  customSave: 0x09,
  eepromReset: 0x0a,
  bootloaderJump: 0x0b,
  macroCount: 0x0c,
  macroBufferSize: 0x0d,
  macroBufferGet: 0x0e,
  macroBufferSet: 0x0f,
  macroReset: 0x10,
  layerCount: 0x11,
  keymapBufferGet: 0x12,
  keymapBufferSet: 0x13,
  encoderGet: 0x14,
  encoderSet: 0x15,
} as const;

export const KbValue = {
  uptime: 0x01,
  layoutOptions: 0x02,
  switchMatrixState: 0x03,
  firmwareVersion: 0x04,
  deviceIndication: 0x05,
  keycodesVersion: 0x06,
} as const;

export const Channel = { custom: 0, backlight: 1, rgblight: 2, rgbMatrix: 3, audio: 4, ledMatrix: 5 } as const;
export const RgbMatrixValue = { brightness: 1, effect: 2, speed: 3, color: 4 } as const;

/** send_string magic codes the macro player understands. */
export const SS = { prefix: 1, tap: 1, down: 2, up: 3, delay: 4 } as const;
