/** Error codes carried in an 0xEE error reply, and the typed error every decoder throws. */
export const DEVICE_ERROR = {
  badCrc: 0x01,
  badLength: 0x02,
  unknownCommand: 0x03,
  outOfRange: 0x04,
  invalidValue: 0x05,
  busy: 0x06,
  notSupported: 0x07,
  sequence: 0x08,
  verifyFailed: 0x09,
} as const;
export type DeviceErrorCode = (typeof DEVICE_ERROR)[keyof typeof DEVICE_ERROR];

export const DEVICE_ERROR_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(DEVICE_ERROR).map(([k, v]) => [v, k]),
);

/** Why a frame or payload could not be decoded. */
export type ProtocolErrorKind =
  | 'frame-size'
  | 'frame-length'
  | 'frame-crc'
  | 'payload-size'
  | 'payload-value'
  | 'unknown-command'
  | 'device-error'
  | 'stream';

export class ProtocolError extends Error {
  readonly kind: ProtocolErrorKind;
  /** For 'device-error': the code the device answered. */
  readonly deviceCode: number | undefined;
  constructor(kind: ProtocolErrorKind, message: string, deviceCode?: number) {
    super(message);
    this.name = 'ProtocolError';
    this.kind = kind;
    this.deviceCode = deviceCode;
  }
}
