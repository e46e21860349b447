/**
 * The persistent configuration of the simulated keyboard, laid out byte for byte as the firmware's eeconfig_t
 * (magic, version, calibration, saved bottom-out thresholds, options, current and last non-default profile, then each
 * profile: keymaps, actuation map, advanced keys, gamepad buttons, gamepad options, tick rate; magic). Writes go to
 * a field's offset as the firmware's EECONFIG_WRITE does, and a write can be made to fail like a flash write can.
 */
import { HE60_CALIBRATION, HE60_DEFAULT_NAMES, HE60_SHAPE } from './he60.ts';
import { simCode } from './names.ts';
import { Size, type SimVersion } from './wire.ts';

const MAGIC_START = 0x0a42494c;
const MAGIC_END = 0x0a4b4d48;
const { profiles: P, layers: L, keys: N, advancedKeys: A } = HE60_SHAPE;

export const PROFILE_BYTES = L * N + Size.actuation * N + Size.advancedKey * A + N + Size.gamepadOptions + 1;
const PROFILES_AT = 14 + 2 * N;
export const EEPROM_BYTES = PROFILES_AT + P * PROFILE_BYTES + 4;

export const At = {
  magicStart: 0,
  version: 4,
  calibration: 6,
  bottomOutThreshold: 10,
  options: 10 + 2 * N,
  currentProfile: 12 + 2 * N,
  lastNonDefaultProfile: 13 + 2 * N,
  profile: (p: number) => PROFILES_AT + p * PROFILE_BYTES,
  keymap: (p: number, layer: number) => PROFILES_AT + p * PROFILE_BYTES + layer * N,
  actuation: (p: number) => PROFILES_AT + p * PROFILE_BYTES + L * N,
  advancedKeys: (p: number) => PROFILES_AT + p * PROFILE_BYTES + L * N + Size.actuation * N,
  gamepadButtons: (p: number) => PROFILES_AT + p * PROFILE_BYTES + L * N + Size.actuation * N + Size.advancedKey * A,
  gamepadOptions: (p: number) => At.gamepadButtons(p) + N,
  tickRate: (p: number) => At.gamepadOptions(p) + Size.gamepadOptions,
  magicEnd: PROFILES_AT + P * PROFILE_BYTES,
} as const;

/** eeconfig version of each firmware (EECONFIG_VERSION): 1.5 added the polling-rate bit. */
const EECONFIG_VERSION = (v: SimVersion): number => (v >= 0x0105 ? 0x0104 : v === 0x0104 ? 0x0103 : 0x0102);

/** DEFAULT_OPTIONS of each firmware: bit 1 saved thresholds (1.5-1.6 on), bit 2 8 kHz polling (on from 1.5). */
export function defaultOptions(v: SimVersion): number {
  if (v >= 0x0107) return 0b100;
  if (v >= 0x0105) return 0b110;
  return 0;
}

/** The default curve (4,20) (85,95) (165,170) (255,255) with keyboard output and the snappy stick on. */
const DEFAULT_GAMEPAD_OPTIONS = [4, 20, 85, 95, 165, 170, 255, 255, 0b1001];
const DEFAULT_ACTUATION_POINT = 128;
const DEFAULT_TICK_RATE = 30;

export class Eeprom {
  readonly bytes: Uint8Array;
  private failures = 0;

  constructor(
    readonly firmware: SimVersion,
    image?: Uint8Array,
  ) {
    this.bytes = new Uint8Array(EEPROM_BYTES);
    if (image && image.length === EEPROM_BYTES && this.valid(image)) this.bytes.set(image);
    else this.reset();
  }

  /** The next `count` flash writes fail (the firmware then answers 0xFF). */
  failWrites(count: number): void {
    this.failures = count;
  }

  /** EECONFIG_WRITE: all of it or nothing. */
  write(at: number, data: ArrayLike<number>): boolean {
    if (this.failures > 0) {
      this.failures--;
      return false;
    }
    this.bytes.set(Array.from(data), at);
    return true;
  }

  read(at: number, length: number): Uint8Array {
    return this.bytes.slice(at, at + length);
  }

  u8(at: number): number {
    return this.bytes[at]!;
  }

  u16(at: number): number {
    return this.bytes[at]! | (this.bytes[at + 1]! << 8);
  }

  /** eeconfig_reset: every global default, every profile from its default keymap. */
  reset(): boolean {
    let ok = true;
    ok &&= this.write(At.magicStart, le(MAGIC_START, 4));
    ok &&= this.write(At.version, le(EECONFIG_VERSION(this.firmware), 2));
    ok &&= this.write(At.calibration, [
      ...le(HE60_CALIBRATION.initialRest, 2),
      ...le(HE60_CALIBRATION.initialBottomOutThreshold, 2),
    ]);
    ok &&= this.write(At.bottomOutThreshold, new Array(2 * N).fill(0));
    ok &&= this.write(At.options, le(defaultOptions(this.firmware), 2));
    ok &&= this.write(At.currentProfile, [0, Math.min(1, P - 1)]);
    for (let p = 0; p < P; p++) ok &&= this.resetProfile(p);
    ok &&= this.write(At.magicEnd, le(MAGIC_END, 4));
    return ok;
  }

  resetProfile(p: number): boolean {
    const profile = new Uint8Array(PROFILE_BYTES);
    HE60_DEFAULT_NAMES.forEach((layer, l) => profile.set(layer.map(simCode), l * N));
    for (let k = 0; k < N; k++) profile[L * N + k * Size.actuation] = DEFAULT_ACTUATION_POINT;
    const gamepadAt = At.gamepadOptions(p) - At.profile(p);
    profile.set(DEFAULT_GAMEPAD_OPTIONS, gamepadAt);
    profile[gamepadAt + Size.gamepadOptions] = DEFAULT_TICK_RATE;
    return this.write(At.profile(p), profile);
  }

  private valid(image: Uint8Array): boolean {
    const view = new DataView(image.buffer, image.byteOffset, image.byteLength);
    return (
      view.getUint32(At.magicStart, true) === MAGIC_START &&
      view.getUint32(At.magicEnd, true) === MAGIC_END &&
      view.getUint16(At.version, true) === EECONFIG_VERSION(this.firmware)
    );
  }
}

export function le(value: number, bytes: number): number[] {
  return Array.from({ length: bytes }, (_, i) => (value >>> (8 * i)) & 0xff);
}
