/**
 * The RGB matrix state a VIA keyboard exposes on channel 3, with QMK's scaling: brightness is stored as
 * scale8(value, RGB_MATRIX_MAXIMUM_BRIGHTNESS) and read back as val × 255 / maximum, the effect reads 0 while the
 * matrix is off, and settings live until saved (the live copy is lost on power loss, the saved one is not).
 */
import { RgbMatrixValue } from './constants.ts';

export interface RgbMatrixConfig {
  enabled: boolean;
  mode: number;
  hue: number;
  sat: number;
  val: number;
  speed: number;
}

export const DEFAULT_RGB: RgbMatrixConfig = { enabled: true, mode: 12, hue: 0, sat: 255, val: 200, speed: 127 };

/** lib8tion's scale8 (the "fixed" variant QMK builds). */
const scale8 = (i: number, scale: number) => (i * (1 + scale)) >> 8;

export class RgbMatrix {
  live: RgbMatrixConfig;
  saved: RgbMatrixConfig;

  constructor(
    private readonly maxBrightness: number,
    private readonly effectCount: number,
    initial: RgbMatrixConfig = DEFAULT_RGB,
  ) {
    this.live = { ...initial };
    this.saved = { ...initial };
  }

  /** Fills data[0..] (the bytes after the value id) as via_qmk_rgb_matrix_get_value does. */
  get(valueId: number, data: Uint8Array, at: number): void {
    const c = this.live;
    switch (valueId) {
      case RgbMatrixValue.brightness:
        data[at] = Math.floor((c.val * 255) / this.maxBrightness) & 0xff;
        break;
      case RgbMatrixValue.effect:
        data[at] = c.enabled ? c.mode : 0;
        break;
      case RgbMatrixValue.speed:
        data[at] = c.speed;
        break;
      case RgbMatrixValue.color:
        data[at] = c.hue;
        data[at + 1] = c.sat;
        break;
    }
  }

  set(valueId: number, data: Uint8Array, at: number): void {
    const c = this.live;
    const v = data[at]!;
    switch (valueId) {
      case RgbMatrixValue.brightness:
        c.val = scale8(v, this.maxBrightness);
        break;
      case RgbMatrixValue.effect:
        if (v === 0) c.enabled = false;
        else {
          c.enabled = true;
          c.mode = Math.min(v, this.effectCount - 1);
        }
        break;
      case RgbMatrixValue.speed:
        c.speed = v;
        break;
      case RgbMatrixValue.color:
        c.hue = v;
        c.sat = data[at + 1]!;
        break;
    }
  }

  save(): void {
    this.saved = { ...this.live };
  }

  powerCycle(): void {
    this.live = { ...this.saved };
  }
}
