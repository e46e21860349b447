/**
 * Values on a keyboard that holds travel in steps of its own (libhmk: 4/255 mm): the nearest held step is sent, shown
 * with two decimals, and a single hundredth's step that lands on the step already held moves on to the next.
 */
import { heldRange, heldValue } from '../../../src/ui/device-page/performance/held-steps';

const STEP = 4 / 255;
const RANGE = heldRange({ min: 0.06, max: 4, step: 0.02 }, 0.02);

describe('held steps', () => {
  it('steps the slider by hundredths from the keyboard’s smallest value', () => {
    expect(RANGE).toEqual({ min: 0.02, max: 4, step: 0.01 });
  });

  it('takes the nearest held step for a typed value', () => {
    expect(heldValue(0.1, 2.01, STEP, RANGE)).toBe(0.09);
    expect(heldValue(0.02, 2.01, STEP, RANGE)).toBe(0.02);
    expect(heldValue(0.04, 2.01, STEP, RANGE)).toBe(0.05);
    expect(heldValue(2, 0.5, STEP, RANGE)).toBe(2.01);
  });

  it('moves on to the next held step where one hundredth would stand still, both ways', () => {
    // 0.09 is held (step 6, 0.094 mm); 0.10 rounds to step 6 again, so a step up goes to step 7.
    expect(heldValue(0.1, 0.09, STEP, RANGE)).toBe(0.11);
    expect(heldValue(0.08, 0.09, STEP, RANGE)).toBe(0.08);
    expect(heldValue(0.01, 0.02, STEP, RANGE)).toBe(0.02);
  });

  it('stays inside the range', () => {
    expect(heldValue(9, 3.99, STEP, RANGE)).toBe(4);
    expect(heldValue(0, 0.5, STEP, RANGE)).toBe(0.02);
  });
});
