/** The libhmk key-code space and the firmware's key-code names the metadata uses. */
import { describe, expect, it } from 'vitest';
import { libhmkSpace } from '../../../src/core/keycode-spaces/libhmk.ts';
import { codeFromFirmwareName } from '../../../src/drivers/libhmk/keycode-names.ts';

describe('libhmk key-code space', () => {
  it('names every code in both languages, the firmware numbering included', () => {
    for (let code = 0; code < 256; code++) {
      const k = libhmkSpace.describe(code);
      expect(k.code).toBe(code);
      expect(k.alias.length).toBeGreaterThan(0);
      expect(k.alias_zh.length).toBeGreaterThan(0);
      expect(libhmkSpace.categories.some((c) => c.id === k.category)).toBe(true);
    }
    expect(libhmkSpace.describe(0x02).name).toBe('A');
    expect(libhmkSpace.describe(0x25).name).toBe('0');
    expect(libhmkSpace.describe(0x6f).name).toBe('F24');
    expect(libhmkSpace.describe(0x7b).alias).toBe('Left Control');
    expect(libhmkSpace.describe(0x9a).alias).toBe('Launchpad');
    // MO(n) and PF(n) count from 1 as the layer and profile lists do; the firmware's 0-based name is the tip.
    expect(libhmkSpace.describe(0xc0)).toMatchObject({
      name: 'MO(1)',
      alias: 'Layer 1 while held',
      category: 'layers',
    });
    expect(libhmkSpace.describe(0xc3)).toMatchObject({ name: 'MO(4)', alias_zh: '按住时切到第 4 层' });
    expect(libhmkSpace.describe(0xc3).tip).toMatch(/MO\(3\)/);
    expect(libhmkSpace.describe(0xc8)).toMatchObject({
      name: 'PF(1)',
      alias: 'Switch to profile 1',
      category: 'profiles',
    });
    expect(libhmkSpace.describe(0xca)).toMatchObject({ name: 'PF(3)', alias_zh: '切换到配置 3' });
    expect(libhmkSpace.describe(0xca).tip).toMatch(/PF\(2\)/);
    expect(libhmkSpace.describe(0xd4).alias).toMatch(/Bootloader/);
    expect(libhmkSpace.describe(0xa0).alias).toMatch(/Unassigned/);
    expect(libhmkSpace.describe(0xc5, { layers: 4 }).alias).toMatch(/no such layer/);
  });

  it('offers MO(n) and PF(n) for the device’s layers and profiles only', () => {
    const names = libhmkSpace.catalogue({ layers: 4, profiles: 4 }).map((k) => k.name);
    expect(names).toEqual(expect.arrayContaining(['MO(1)', 'MO(4)', 'PF(1)', 'PF(4)']));
    expect(names).not.toContain('MO(0)');
    expect(names).not.toContain('MO(5)');
    expect(names).not.toContain('PF(0)');
    expect(names).not.toContain('PF(5)');
    const single = libhmkSpace.catalogue({ layers: 1, profiles: 1 }).map((k) => k.code);
    expect(single).not.toContain(0xc0);
    expect(single).not.toContain(0xd3);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('firmware key-code names', () => {
  it('resolve keycodes.h identifiers, aliases and MO/PF', () => {
    const cases: [string, number][] = [
      ['KC_NO', 0x00],
      ['XXXXXXX', 0x00],
      ['_______', 0x01],
      ['KC_ESC', 0x27],
      ['KC_ENTER', 0x26],
      ['KC_CAPS_LOCK', 0x37],
      ['KC_P0', 0x60],
      ['KC_APP', 0x63],
      ['KC_F24', 0x6f],
      ['KC_LNG5', 0x7a],
      ['KC_RWIN', 0x82],
      ['KC_LAUNCHPAD', 0x9a],
      ['MS_BTN5', 0x9f],
      ['MO(1)', 0xc1],
      ['PF(3)', 0xcb],
      ['KY_LOCK', 0xd0],
      ['PF_NEXT', 0xd3],
      ['SP_BOOT', 0xd4],
    ];
    for (const [name, code] of cases) expect([name, codeFromFirmwareName(name)]).toEqual([name, code]);
    expect(codeFromFirmwareName('MO(8)')).toBeUndefined();
    expect(codeFromFirmwareName('KC_NOPE')).toBeUndefined();
  });
});
