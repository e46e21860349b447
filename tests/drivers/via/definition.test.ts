/** VIA definitions (v2 and v3): KLE geometry, key ids, layout options, encoders, and the refusals. */
import {
  checkViaDefinition,
  packLayoutOptions,
  parseViaDefinition,
  unpackLayoutOptions,
  ViaDefinitionError,
} from '../../../src/drivers/via/index.ts';
import { KEYTUNE_VIA_65_DEFINITION } from '../../../src/firmware/via/index.ts';
import { viaEn, viaZh } from '../../../src/i18n/sections/via.ts';
import { openVia } from './helpers.ts';

const v3 = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    name: 'Test',
    vendorId: '0x4B54',
    productId: '0x5641',
    matrix: { rows: 2, cols: 3 },
    layouts: {
      keymap: [
        ['0,0', { w: 2 }, '0,1'],
        [{ x: 0.5 }, '1,2'],
      ],
    },
    ...over,
  });

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ViaDefinitionError);
    return (e as ViaDefinitionError).id;
  }
  throw new Error('not refused');
};

const facts = { vendorId: 0x4b54, productId: 0x5641, protocol: 12, layers: 4, matrixBytes: 10 };

describe('VIA definition', () => {
  it('places KLE keys: widths, x offsets, rows, ids = row × cols + col', () => {
    const def = parseViaDefinition(v3());
    expect(def.version).toBe(3);
    expect(def.layout.keys).toEqual([
      { id: 0, x: 0, y: 0, w: 1, h: 1 },
      { id: 1, x: 1, y: 0, w: 2, h: 1 },
      { id: 5, x: 0.5, y: 1, w: 1, h: 1 },
    ]);
    expect([def.layout.width, def.layout.height]).toEqual([3, 2]);
  });

  it('reads rotation (r, rx, ry), heights and encoders', () => {
    const def = parseViaDefinition(
      v3({
        layouts: {
          keymap: [
            [{ h: 2 }, '0,0', '\n\n\n\n\n\n\n\n\ne0'],
            [{ r: 15, rx: 4, ry: 1, y: -0.5, x: 0.25 }, '1,1'],
          ],
        },
      }),
    );
    expect(def.layout.keys[0]).toEqual({ id: 0, x: 0, y: 0, w: 1, h: 2 });
    expect(def.layout.keys[1]).toEqual({ id: 0, x: 1, y: 0, w: 1, h: 1, encoder: true });
    expect(def.layout.keys[2]).toMatchObject({ id: 4, x: 4.25, y: 0.5, r: 15, rx: 4, ry: 1 });
  });

  it('lines layout option choices up on the first choice and packs options as VIA does', () => {
    const def = parseViaDefinition(KEYTUNE_VIA_65_DEFINITION);
    const split = def.layout.keys.filter((k) => k.option?.[0] === 0);
    expect(split.map((k) => [k.id, k.x, k.w, k.option![1]])).toEqual([
      [13, 13, 2, 0],
      [13, 13, 1, 1],
      [43, 14, 1, 1],
    ]);
    expect(def.layout.options).toEqual([{ label: 'Split Backspace', choices: [] }]);
    expect([def.layout.width, def.layout.height]).toEqual([16, 5]);
    expect(packLayoutOptions([1, 2, 1], [2, 3, 2])).toBe(0b1_10_1);
    expect(unpackLayoutOptions(0b1_10_1, [2, 3, 2])).toEqual([1, 2, 1]);
    expect(unpackLayoutOptions(packLayoutOptions([0, 4], [2, 5]), [2, 5])).toEqual([0, 4]);
  });

  it('reads a v2 definition with its lighting preset and custom keycodes', () => {
    const def = parseViaDefinition(
      v3({ lighting: 'qmk_rgblight', customKeycodes: [{ name: 'K1', title: 'One', shortName: 'k1' }] }),
    );
    expect(def.version).toBe(2);
    expect(def.lighting.map((c) => [c.id, c.channel, c.effects.length])).toEqual([['rgblight', 2, 37]]);
    expect(def.customKeycodes[0]!.shortName).toBe('k1');
  });

  it('takes lighting channels from a v3 menu written out by the definition', () => {
    const menus = [
      {
        label: 'Lighting',
        content: [
          {
            label: 'Backlight',
            content: [
              {
                label: 'Brightness',
                type: 'range',
                options: [0, 200],
                content: ['id_qmk_rgb_matrix_brightness', 3, 1],
              },
              {
                label: 'Effect',
                type: 'dropdown',
                options: [
                  ['All Off', 0],
                  ['Breathing', 5],
                ],
                content: ['e', 3, 2],
              },
            ],
          },
        ],
      },
    ];
    const def = parseViaDefinition(v3({ menus }));
    expect(def.lighting[0]).toMatchObject({ channel: 3, brightnessMax: 200, speed: false, colour: false });
    expect(def.lighting[0]!.effects).toEqual([
      { id: 0, en: 'All Off', zh: '全部关闭' },
      { id: 5, en: 'Breathing', zh: '呼吸' },
    ]);
    expect(def.controls).toHaveLength(2);
  });

  it('refuses what is not a definition, with ids both catalogues carry', () => {
    const ids = [
      refusal(() => parseViaDefinition('{"name": ')),
      refusal(() => parseViaDefinition('[1,2]')),
      refusal(() => parseViaDefinition(v3({ vendorId: 'KT' }))),
      refusal(() => parseViaDefinition(v3({ layouts: { keymap: [['0,0', 'x']] } }))),
      refusal(() => parseViaDefinition(v3({ layouts: { keymap: [['2,0']] } }))),
      refusal(() => parseViaDefinition(v3({ layouts: { keymap: [] } }))),
      refusal(() => parseViaDefinition(v3({ matrix: { rows: 500, cols: 3 } }))),
    ];
    expect(ids).toEqual([
      'via.definition.notJson',
      'via.definition.notJson',
      'via.definition.invalid',
      'via.definition.badLegend',
      'via.definition.outsideMatrix',
      'via.definition.noKeys',
      'via.definition.invalid',
    ]);
    for (const id of ids) {
      expect(viaEn).toHaveProperty([id]);
      expect(viaZh).toHaveProperty([id]);
    }
  });

  it('refuses 10,000 keys and an oversized file', () => {
    const keys = Array.from({ length: 10_000 }, (_, i) => `0,${i % 3}`);
    const many = v3({ layouts: { keymap: Array.from({ length: 100 }, (_, r) => keys.slice(r * 100, r * 100 + 100)) } });
    expect(refusal(() => parseViaDefinition(many))).toBe('via.definition.tooManyKeys');
    expect(refusal(() => parseViaDefinition(' '.repeat(1_000_001)))).toBe('via.definition.tooLarge');
  });

  it('checks a definition against the keyboard: ids and matrix', () => {
    expect(refusal(() => checkViaDefinition(v3({ productId: '0x0001' }), facts))).toBe('via.definition.otherKeyboard');
    const tall = v3({ matrix: { rows: 6, cols: 15 }, layouts: { keymap: [['5,14']] } });
    expect(refusal(() => checkViaDefinition(tall, facts))).toBe('via.definition.matrixTooLarge');
    const wide = v3({ matrix: { rows: 5, cols: 17 }, layouts: { keymap: [['0,16']] } });
    expect(refusal(() => checkViaDefinition(wide, facts))).toBe('via.definition.matrixTooLarge');
    expect(checkViaDefinition(KEYTUNE_VIA_65_DEFINITION, facts).name).toBe('Keytune VIA 65');
    expect(checkViaDefinition(v3({ matrix: { rows: 4, cols: 15 } }), facts).matrix.rows).toBe(4);
  });

  it('an open keyboard tells its matrix: a larger definition is refused, its own accepted', async () => {
    const { driver } = await openVia({}, { definitions: undefined });
    const big = JSON.parse(KEYTUNE_VIA_65_DEFINITION) as { matrix: { rows: number } };
    big.matrix.rows = 6;
    await expect(driver.useDefinition(JSON.stringify(big))).rejects.toMatchObject({
      id: 'via.definition.matrixTooLarge',
    });
    expect(driver.layout).toBeNull();
    await driver.useDefinition(KEYTUNE_VIA_65_DEFINITION);
    expect(driver.layout?.keys.length).toBeGreaterThan(60);
  });
});
