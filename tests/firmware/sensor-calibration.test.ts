/**
 * Automatic calibration of the reference firmware's sensor: a manual calibration is never overwritten, whatever the
 * keys read afterwards; a key without one follows its readings.
 */
import { describe, expect, it } from 'vitest';
import { adcAt, autoCalibrate, keyCurve, type AdcRange } from '../../src/firmware/sensor.ts';

/** 10,000 presses spread over 68 keys, each down to a depth between 0.5 and 4 mm and back up. */
function pressMany(ranges: AdcRange[], manual: (id: number) => boolean): number {
  let changes = 0;
  for (let n = 0; n < 10_000; n++) {
    const id = n % ranges.length;
    const curve = keyCurve(7, id);
    const depth = 50 + ((n * 37) % 351); // 0.01 mm
    for (const travel of [0, depth / 2, depth, depth / 2, 0])
      if (autoCalibrate(ranges[id]!, adcAt(curve, travel), manual(id))) changes++;
  }
  return changes;
}

/** A manual calibration made with a press to 3 mm: narrower than the key's full travel. */
function manualRanges(): AdcRange[] {
  return Array.from({ length: 68 }, (_, id) => {
    const curve = keyCurve(7, id);
    return { min: adcAt(curve, 300), max: adcAt(curve, 0) };
  });
}

describe('automatic calibration', () => {
  it('never changes a manual calibration in 10,000 presses', () => {
    const ranges = manualRanges();
    const saved = structuredClone(ranges);
    expect(pressMany(ranges, () => true)).toBe(0);
    expect(ranges).toEqual(saved);
  });

  it('widens the range of a key without a manual calibration to what it reads', () => {
    const ranges = manualRanges();
    const saved = structuredClone(ranges);
    expect(pressMany(ranges, (id) => id !== 3)).toBeGreaterThan(0);
    expect(ranges[3]!.min).toBe(adcAt(keyCurve(7, 3), 400));
    expect(ranges.filter((_, id) => id !== 3)).toEqual(saved.filter((_, id) => id !== 3));
  });

  it('leaves a range alone while readings stay inside it', () => {
    const range = { min: 1000, max: 3000 };
    expect(autoCalibrate(range, 2000, false)).toBe(false);
    expect(range).toEqual({ min: 1000, max: 3000 });
  });
});
