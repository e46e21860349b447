/** The reference firmware: virtual devices that speak the Keytune wire protocol. */
export {
  VirtualKeyboard,
  type KeyboardSnapshot,
  type RestoreOptions,
  type VirtualKeyboardOptions,
} from './keyboard.ts';
export { FLASH_WRITE_MS, type ReportListener, type Scheduler } from './device.ts';
export { FlashImageError, UnknownModelError, type FlashImageProblem } from './errors.ts';
/** The image format belongs to the protocol; re-exported for the firmware's own users (tests, tools). */
export {
  buildFirmwareImage,
  readFirmwareHeader,
  FIRMWARE_HEADER_SIZE,
  FIRMWARE_MAGIC,
  FIRMWARE_SLOT_SIZE,
  type FirmwareHeader,
} from '../protocol/firmware-image.ts';
export { THEME_NAMES } from './defaults.ts';
export { ADC_MAX, FULL_TRAVEL } from './traits.ts';
export type { FlashState, Profile } from './schema.ts';
