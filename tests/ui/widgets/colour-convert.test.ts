import {
  applyField,
  fieldText,
  hsvaToHex,
  hsvaToRgba,
  rgbaToHsva,
  type Hsva,
} from '../../../src/ui/widgets/colour-picker/colour-convert';

const ORANGE: Hsva = rgbaToHsva({ r: 255, g: 136, b: 0, a: 1 });

const colourOf = (field: Parameters<typeof applyField>[0], text: string, from: Hsva = ORANGE) => {
  const result = applyField(field, text, from);
  return result.ok ? result.colour : result.problem.id;
};

describe('colour conversion', () => {
  it('turns RGB into HSV and back without drift', () => {
    expect(ORANGE.h).toBeCloseTo(32, 0);
    expect([ORANGE.s, ORANGE.v]).toEqual([100, 100]);
    for (const rgba of [
      { r: 0, g: 0, b: 0, a: 1 },
      { r: 255, g: 255, b: 255, a: 1 },
      { r: 18, g: 52, b: 86, a: 0.5 },
      { r: 200, g: 10, b: 250, a: 0.01 },
    ]) {
      expect(hsvaToRgba(rgbaToHsva(rgba))).toEqual(rgba);
    }
    expect(hsvaToHex({ h: 0, s: 100, v: 100, a: 1 })).toBe('#ff0000');
    expect(hsvaToHex({ h: 360, s: 100, v: 100, a: 0.5 })).toBe('#ff000080');
  });

  it('keeps the chosen hue when the typed colour is grey', () => {
    const grey = colourOf('hex', '#808080') as Hsva;
    expect(grey.h).toBeCloseTo(ORANGE.h, 6);
    expect(grey.s).toBe(0);
  });
});

describe('colour fields follow the spec’s rules', () => {
  it('hex: 6 or 8 hex digits with an optional #', () => {
    expect(fieldText('hex', colourOf('hex', '#12abEF') as Hsva)).toBe('#12ABEF');
    expect(fieldText('hex', colourOf('hex', '12abef') as Hsva)).toBe('#12ABEF');
    expect(fieldText('hex', colourOf('hex', ' #11223380 ') as Hsva)).toBe('#11223380');
    expect((colourOf('hex', '11223380') as Hsva).a).toBe(0.5);
    for (const bad of ['', '#', '#fff', '#12345', '#1234567', '#123456789', 'gg8800', '#12 456', '##123456']) {
      expect(colourOf('hex', bad), bad).toBe('widgets.colour.hex.invalid');
    }
  });

  it('RGB: whole numbers 0-255', () => {
    expect(hsvaToRgba(colourOf('r', '0') as Hsva)).toEqual({ r: 0, g: 136, b: 0, a: 1 });
    expect(hsvaToRgba(colourOf('b', '255') as Hsva).b).toBe(255);
    for (const bad of ['256', '-1', '1.5', '', ' ', '1e2', '0x10', 'ten']) {
      expect(colourOf('g', bad), bad).toBe('widgets.colour.integer.invalid');
    }
  });

  it('HSV: hue 0-360, saturation and value 0-100', () => {
    expect((colourOf('h', '360') as Hsva).h).toBe(360);
    expect((colourOf('h', '0') as Hsva).h).toBe(0);
    expect((colourOf('s', '100') as Hsva).s).toBe(100);
    expect((colourOf('v', '37.5') as Hsva).v).toBe(37.5);
    expect(colourOf('h', '361')).toBe('widgets.colour.number.invalid');
    expect(colourOf('h', '-1')).toBe('widgets.colour.number.invalid');
    expect(colourOf('s', '101')).toBe('widgets.colour.number.invalid');
    expect(colourOf('v', '100.5')).toBe('widgets.colour.number.invalid');
  });

  it('alpha: 0-1 in steps of 0.01', () => {
    expect((colourOf('a', '0') as Hsva).a).toBe(0);
    expect((colourOf('a', '1') as Hsva).a).toBe(1);
    expect((colourOf('a', '0.55') as Hsva).a).toBe(0.55);
    expect((colourOf('a', '.5') as Hsva).a).toBe(0.5);
    for (const bad of ['0.555', '1.01', '2', '-0.1', '']) {
      expect(colourOf('a', bad), bad).toBe('widgets.colour.alpha.invalid');
    }
  });
});
