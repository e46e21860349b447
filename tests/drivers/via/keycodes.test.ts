/** QMK key-code spaces of VIA keyboards: numbers of each era, readable names in both languages for any value. */
import { qmkSpace, qmkSpaceForProtocol } from '../../../src/core/keycode-spaces/qmk.ts';

const v10 = qmkSpace('qmk-v10');
const v11 = qmkSpace('qmk-v11');
const v12 = qmkSpace('qmk-v12');

describe('QMK key-code spaces', () => {
  it('picks the numbering the-via/app picks per protocol', () => {
    expect([9, 10, 11, 12, 13].map(qmkSpaceForProtocol)).toEqual([
      'qmk-v10',
      'qmk-v10',
      'qmk-v11',
      'qmk-v12',
      'qmk-v12',
    ]);
  });

  it('names basic keys, modifiers and media in both languages', () => {
    expect(v12.describe(0x04)).toMatchObject({ name: 'A', alias: 'Letter A', alias_zh: '字母 A', category: 'basic' });
    expect(v12.describe(0x01)).toMatchObject({ name: '▽' });
    expect(v12.describe(0xe0)).toMatchObject({ category: 'modifiers', alias_zh: '左 Ctrl' });
    expect(v12.describe(0xa9)).toMatchObject({ name: 'Vol+', alias_zh: '音量加' });
    expect(v12.describe(0x011e)).toMatchObject({ name: 'LCtl+1', alias_zh: '左 Ctrl + 数字 1 !' });
    expect(v12.describe(0x0304)).toMatchObject({ name: 'LCtl+LSft+A', alias: 'Left Control + Left Shift + Letter A' });
    expect(v12.describe(0x1404).name).toBe('RAlt+A');
  });

  it('moves the mouse keys with the renumbering', () => {
    expect(v10.describe(0xf0).alias).toBe('Mouse Up');
    expect(v12.describe(0xcd).alias).toBe('Mouse Up');
    expect(v12.describe(0xd8).alias).toBe('Mouse Button 8');
    expect(v10.describe(0xcd).name).toBe('?');
  });

  it('decodes layer keys of each era, counting layers from 1 as the screens do', () => {
    expect(v12.describe(0x4104)).toMatchObject({
      name: 'LT2(A)',
      alias: 'Layer 2 while held, Letter A when tapped',
      tip: 'Firmware code LT(1, A) (0x4104)',
    });
    expect(v12.describe(0x4104).alias_zh).toBe('按住切到第 2 层，单击为 字母 A');
    expect(v12.describe(0x5220)).toMatchObject({ name: 'MO(1)', alias: 'Layer 1 while held' });
    expect(v12.describe(0x5221)).toMatchObject({ name: 'MO(2)', tip: 'Firmware code MO(1) (0x5221)' });
    expect(v10.describe(0x5101).name).toBe('MO(2)');
    expect(v12.describe(0x5262).name).toBe('TG(3)');
    expect(v10.describe(0x5302).name).toBe('TG(3)');
    expect(v12.describe(0x5203).name).toBe('TO(4)');
    expect(v10.describe(0x5013).name).toBe('TO(4)');
    expect(v12.describe(0x52c1).name).toBe('TT(2)');
    expect(v10.describe(0x5801).name).toBe('TT(2)');
    expect(v12.describe(0x5282).name).toBe('OSL(3)');
    expect(v12.describe(0x5241).name).toBe('DF(2)');
    expect(v12.describe(0x5041).name).toBe('LM3(LCtl)');
    expect(v10.describe(0x5921).name).toBe('LM3(LCtl)');
    expect(v12.describe(0x52a2).name).toBe('OSM(LSft)');
    expect(v10.describe(0x5512).name).toBe('OSM(RSft)');
    expect(v12.describe(0x2204).name).toBe('MT(LSft,A)');
    expect(v10.describe(0x6204).name).toBe('MT(LSft,A)');
  });

  it('encodes what it decodes', () => {
    for (const space of [v10, v11, v12]) {
      expect(space.describe(space.encode('layerTap', 3, 0x2c)).name).toBe('LT4(Space)');
      expect(space.describe(space.encode('to', 2)).name).toBe('TO(3)');
      expect(space.describe(space.encode('layerMod', 1, 0x05)).name).toBe('LM2(LCtl+LAlt)');
      expect(space.describe(space.encode('macro', 7)).name).toBe('M7');
    }
    expect(v10.encode('to', 1)).toBe(0x5011);
    expect(v12.encode('to', 1)).toBe(0x5201);
  });

  it('offers layer-tap, modifier combinations and mod-tap as codes that wrap a key picked next', () => {
    const list = v12.catalogue({ layers: 4 });
    const composed = list.filter((k) => k.compose === 'key');
    const names = composed.map((k) => k.name);
    expect(names).toEqual(
      expect.arrayContaining(['LT1(kc)', 'LT4(kc)', 'LCtl(kc)', 'RGui(kc)', 'Meh(kc)', 'Hyper(kc)']),
    );
    expect(names).toEqual(expect.arrayContaining(['MT(LCtl,kc)', 'MT(RAlt,kc)', 'MT(Hyper,kc)']));
    expect(names).not.toContain('LT5(kc)');
    // The wrapper's code has the key byte 0, so the key picked next adds its code.
    const lt1 = composed.find((k) => k.name === 'LT1(kc)')!;
    expect(lt1.code | 0x04).toBe(0x4004);
    expect(v12.describe(lt1.code | 0x2c).name).toBe('LT1(Space)');
    const ctl = composed.find((k) => k.name === 'LCtl(kc)')!;
    expect(v12.describe(ctl.code | 0x06).name).toBe('LCtl+C');
    const mtSft = composed.find((k) => k.name === 'MT(LSft,kc)')!;
    expect(v10.catalogue({ layers: 4 }).find((k) => k.name === 'MT(LSft,kc)')!.code).toBe(0x6200);
    expect(mtSft.code | 0x04).toBe(0x2204);
    expect(list.map((k) => k.name)).toEqual(expect.arrayContaining(['OSM(LCtl)', 'OSM(Meh)', 'OSM(Hyper)']));
    expect(v12.describe(0x2704).name).toBe('MT(Meh,A)');
  });

  it("reads a typed code in QMK's notation, as a keymap writes it, per era", () => {
    expect(v12.parse('LT(1,KC_A)')).toBe(0x4104);
    expect(v12.parse('lt(1, kc_spc)')).toBe(0x412c);
    expect(v12.parse('LCTL(KC_C)')).toBe(0x0106);
    expect(v12.parse('C(S(KC_T))')).toBe(0x0317);
    expect(v12.parse('MO(2)')).toBe(0x5222);
    expect(v10.parse('MO(2)')).toBe(0x5102);
    expect(v12.parse('MT(MOD_LCTL | MOD_LSFT, KC_ESC)')).toBe(0x2329);
    expect(v12.parse('LSFT_T(KC_A)')).toBe(0x2204);
    expect(v10.parse('CTL_T(KC_A)')).toBe(0x6104);
    expect(v12.parse('MEH_T(KC_Z)')).toBe(0x271d);
    expect(v12.parse('OSM(MOD_LSFT)')).toBe(0x52a2);
    expect(v12.parse('KC_VOLU')).toBe(0xa9);
    expect(v12.parse('LT(1, MO(2))')).toBeUndefined();
    expect(v12.parse('XYZ_T(KC_A)')).toBeUndefined();
    expect(v12.parse('not a code')).toBeUndefined();
  });

  it('numbers macros, lighting and quantum keys per era', () => {
    expect(v10.describe(0x5f12).name).toBe('M0');
    expect(v11.describe(0x7702).name).toBe('M0');
    expect(v12.describe(0x7700).name).toBe('M0');
    expect(v12.describe(0x777f).name).toBe('M127');
    expect(v10.describe(0x5c00).name).toBe('Boot');
    expect(v12.describe(0x7c00)).toMatchObject({ name: 'Boot', alias_zh: '进入刷机模式' });
    expect(v10.describe(0x5cc2).category).toBe('lighting');
    expect(v12.describe(0x7820)).toMatchObject({ name: 'RGB Tog', category: 'lighting' });
    expect(v12.describe(0x7802).name).toBe('BL Tog');
    expect(v12.describe(0x7842).name).toBe('RM Tog');
    expect(v11.describe(0x7842).name).toBe('?');
    expect(v11.describe(0x7700).name).toBe('Fn1/3');
    expect(v12.describe(0x7c77).name).toBe('Fn1/3');
  });

  it("names the definition's custom key codes from the first custom code", () => {
    const custom = [{ name: 'KT_LOGO', title: 'Show the logo', shortName: 'Logo' }];
    expect(v12.describe(0x7e00, { layers: 4, custom })).toMatchObject({
      name: 'Logo',
      alias: 'Show the logo',
      category: 'custom',
    });
    expect(v11.describe(0x7f00, { layers: 4, custom }).name).toBe('Logo');
    expect(v10.describe(0x5f80, { layers: 4, custom }).name).toBe('Logo');
    expect(v12.describe(0x7e01, { layers: 4, custom }).alias).toBe('Keyboard function 1');
  });

  it('offers a catalogue sized by the device: layers, macros, custom codes', () => {
    const list = v12.catalogue({ layers: 4, macros: 16, custom: [{ name: 'X' }] });
    const names = new Set(list.map((k) => k.name));
    for (const n of [
      'A',
      'MO(4)',
      'TG(1)',
      'TO(3)',
      'TT(2)',
      'OSL(4)',
      'DF(1)',
      'OSM(RGui)',
      'M15',
      'RGB Tog',
      'Boot',
      'X',
    ])
      expect(names).toContain(n);
    expect(names).not.toContain('MO(5)');
    expect(names).not.toContain('MO(0)');
    expect(names).not.toContain('M16');
    expect(new Set(list.map((k) => k.code)).size).toBe(list.length);
  });

  it('describes every 16-bit value in words, never as hex, in every space', () => {
    for (const space of [v10, v11, v12])
      for (let code = 0; code < 0x10000; code++) {
        const k = space.describe(code);
        if (k.code !== code || !k.alias || !k.alias_zh || /0x[0-9a-f]/i.test(k.alias + k.alias_zh + k.name))
          throw new Error(`${space.id} ${code}: ${JSON.stringify(k)}`);
      }
  });
});
