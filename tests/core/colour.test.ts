import { describe, expect, it } from 'vitest';
import { hexToRgb, rgbToHex } from '../../src/core/colour.ts';
import { formatHexColour } from '../../src/core/rules/colour.ts';

describe('colour text', () => {
  it('writes lowercase, two digits per channel, and reads it back', () => {
    expect(rgbToHex({ r: 1, g: 171, b: 255 })).toBe('#01abff');
    expect(hexToRgb('#01abff')).toEqual({ r: 1, g: 171, b: 255 });
    for (const c of [0, 15, 16, 128, 254, 255])
      expect(hexToRgb(rgbToHex({ r: c, g: c, b: c }))).toEqual({ r: c, g: c, b: c });
  });

  it('rounds a fractional channel to the nearest byte, half up', () => {
    expect(rgbToHex({ r: 127.5, g: 127.49, b: 0.5 })).toBe('#807f01');
    expect(rgbToHex({ r: 254.6, g: 0.4, b: 9.5 })).toBe('#ff000a');
  });

  it('holds an overshooting channel to 0-255, so the text stays seven characters', () => {
    expect(rgbToHex({ r: 255.4, g: 256, b: -3 })).toBe('#ffff00');
    expect(rgbToHex({ r: 300, g: -0.6, b: 1e9 })).toHaveLength(7);
  });

  it('the colour dialog writes the same digits, plus alpha below 1', () => {
    expect(formatHexColour({ r: 127.5, g: 1, b: 255, a: 1 })).toBe('#8001ff');
    expect(formatHexColour({ r: 0, g: 0, b: 0, a: 0.5 })).toBe('#00000080');
  });
});
