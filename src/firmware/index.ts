/** The reference firmware: virtual devices that speak the Keytune wire protocol. */
export {
  VirtualKeyboard,
  type KeyboardSnapshot,
  type RestoreOptions,
  type VirtualKeyboardOptions,
} from './keyboard.ts';
export { FLASH_WRITE_MS, type ReportListener, type Scheduler } from './device.ts';
export { FlashImageError, UnknownModelError, type FlashImageProblem } from './errors.ts';
export {
  buildFirmwareImage,
  readFirmwareHeader,
  FIRMWARE_HEADER_SIZE,
  FIRMWARE_MAGIC,
  FIRMWARE_SLOT_SIZE,
  type FirmwareHeader,
} from './update.ts';
export { THEME_NAMES } from './defaults.ts';
export { ADC_MAX, FULL_TRAVEL } from './traits.ts';
export type { FlashState, Profile } from './schema.ts';
