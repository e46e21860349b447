/**
 * The simulated Hall-effect sensors and the firmware's view of them: a key pressed to a depth reads an ADC value
 * between its rest and bottom-out readings (the board inverts its sensors, so pressing raises the value). As in the
 * firmware, a key's distance 0-255 is measured between the calibrated rest value and the bottom-out value, which
 * starts at rest + the larger of the initial threshold and the saved one, and grows as the key is pressed further.
 */
import { At, type Eeprom } from './eeprom.ts';
import { HE60_SHAPE } from './he60.ts';

const TRAVEL_MM = 4;
/** The firmware ignores changes smaller than this when it calibrates (MATRIX_CALIBRATION_EPSILON). */
const EPSILON = 5;
const ADC_MAX = 2 ** HE60_SHAPE.adcResolution - 1;

interface KeyState {
  /** The sensor itself: what it reads at rest and how much it rises at the bottom. */
  sensorRest: number;
  sensorSpan: number;
  depthMm: number;
  adc: number;
  rest: number;
  bottom: number;
  distance: number;
}

export class Matrix {
  readonly keys: KeyState[];
  /** A key's bottom-out value moved since the thresholds were last saved. */
  changed = false;

  constructor(private readonly eeprom: Eeprom) {
    this.keys = Array.from({ length: HE60_SHAPE.keys }, (_, k) => {
      const sensorRest = 2250 + ((k * 37) % 61);
      return {
        sensorRest,
        sensorSpan: 880 + ((k * 13) % 90),
        depthMm: 0,
        adc: sensorRest,
        rest: 0,
        bottom: 0,
        distance: 0,
      };
    });
    this.recalibrate(false);
  }

  /** matrix_recalibrate: rest from the initial value down to what the sensors read; optionally forget saved thresholds. */
  recalibrate(forgetSaved: boolean): void {
    if (forgetSaved) this.eeprom.write(At.bottomOutThreshold, new Array(2 * this.keys.length).fill(0));
    const initialRest = this.eeprom.u16(At.calibration);
    this.keys.forEach((key, k) => {
      key.rest = initialRest;
      if (key.adc + EPSILON <= key.rest) key.rest = key.adc;
      key.bottom = this.minimumBottom(k, key.rest);
      this.update(key);
    });
  }

  press(keyId: number, depthMm: number): void {
    const key = this.keys[keyId]!;
    key.depthMm = Math.min(TRAVEL_MM, Math.max(0, depthMm));
    key.adc = Math.min(ADC_MAX, Math.round(key.sensorRest + (key.sensorSpan * key.depthMm) / TRAVEL_MM));
    this.update(key);
  }

  /** What SAVE_CALIBRATION_THRESHOLD stores: each key's learned bottom-out minus its rest value. */
  thresholds(): number[] {
    return this.keys.map((k) => (k.bottom < k.rest ? 0 : k.bottom - k.rest));
  }

  private minimumBottom(k: number, rest: number): number {
    const initial = this.eeprom.u16(At.calibration + 2);
    const saved = this.eeprom.u16(At.bottomOutThreshold + 2 * k);
    return Math.min(rest + Math.max(initial, saved), ADC_MAX);
  }

  private update(key: KeyState): void {
    if (key.adc >= key.bottom + EPSILON) {
      key.bottom = key.adc;
      this.changed = true;
    }
    const span = key.bottom - key.rest;
    key.distance =
      key.adc <= key.rest || span <= 0 ? 0 : Math.min(255, Math.round((255 * (key.adc - key.rest)) / span));
  }
}
