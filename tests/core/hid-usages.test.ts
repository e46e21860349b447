/** Browser key codes as USB HID usages, the QMK basic key codes a VIA macro sends (src/core/hid-usages.ts). */
import { hidUsageOfCode } from '../../src/core/hid-usages';

describe('hidUsageOfCode', () => {
  it('gives the usage of letters, digits, punctuation, function keys, the keypad and modifiers', () => {
    expect(hidUsageOfCode('KeyA')).toBe(0x04);
    expect(hidUsageOfCode('KeyZ')).toBe(0x1d);
    expect(hidUsageOfCode('Digit1')).toBe(0x1e);
    expect(hidUsageOfCode('Digit0')).toBe(0x27);
    expect(hidUsageOfCode('Enter')).toBe(0x28);
    expect(hidUsageOfCode('Space')).toBe(0x2c);
    expect(hidUsageOfCode('Slash')).toBe(0x38);
    expect(hidUsageOfCode('F12')).toBe(0x45);
    expect(hidUsageOfCode('F13')).toBe(0x68);
    expect(hidUsageOfCode('F24')).toBe(0x73);
    expect(hidUsageOfCode('ArrowUp')).toBe(0x52);
    expect(hidUsageOfCode('Numpad0')).toBe(0x62);
    expect(hidUsageOfCode('Numpad9')).toBe(0x61);
    expect(hidUsageOfCode('IntlBackslash')).toBe(0x64);
    expect(hidUsageOfCode('ControlLeft')).toBe(0xe0);
    expect(hidUsageOfCode('MetaRight')).toBe(0xe7);
  });

  it('has none for keys without a keyboard usage', () => {
    expect(hidUsageOfCode('MediaPlayPause')).toBeUndefined();
    expect(hidUsageOfCode('Unidentified')).toBeUndefined();
    expect(hidUsageOfCode('')).toBeUndefined();
  });
});
