import { describe, expect, it } from 'vitest';
import { KEYCODE_KIND, makeKeycode } from '../../src/core/keycode-space';
import {
  KC_FN,
  KC_TRNS,
  KEYCODE_CATEGORIES,
  KEYCODES,
  type KeycodeEntry,
  keycodeByName,
  keycodeEntry,
  keycodeLabel,
  keycodesByCategory,
  layerKeycode,
  searchKeycodes,
} from '../../src/core/keycodes';

const hid = (usage: number) => makeKeycode(KEYCODE_KIND.hid, usage);
const names = (list: readonly KeycodeEntry[]) => list.map((e) => e.name);

describe('key-code catalogue', () => {
  it('has one entry per code and one code per legend', () => {
    expect(new Set(KEYCODES.map((e) => e.code)).size).toBe(KEYCODES.length);
    expect(new Set(KEYCODES.map((e) => e.name)).size).toBe(KEYCODES.length);
  });

  it('covers the whole keyboard usage page 0x07', () => {
    const usages = [
      ...Array.from({ length: 0xa4 - 0x04 + 1 }, (_, i) => 0x04 + i),
      ...Array.from({ length: 0xdd - 0xb0 + 1 }, (_, i) => 0xb0 + i),
      ...Array.from({ length: 8 }, (_, i) => 0xe0 + i),
    ];
    const missing = usages.filter((u) => keycodeEntry(hid(u))?.category !== 'basic');
    expect(missing).toEqual([]);
  });

  it('names the keys people look for', () => {
    expect(keycodeEntry(hid(0x04))?.name).toBe('A');
    expect(keycodeEntry(hid(0x29))?.name).toBe('Esc');
    expect(keycodeEntry(hid(0x73))?.name).toBe('F24');
    expect(keycodeEntry(hid(0xe3))?.alias).toMatch(/GUI/);
    expect(keycodeEntry(makeKeycode(KEYCODE_KIND.consumer, 0xe9))?.name).toBe('Vol+');
    expect(keycodeEntry(makeKeycode(KEYCODE_KIND.system, 0x81))?.alias).toBe('System Power');
    expect(keycodeEntry(makeKeycode(KEYCODE_KIND.system, 0x82))?.alias).toBe('System Sleep');
    expect(keycodeEntry(makeKeycode(KEYCODE_KIND.system, 0x83))?.alias).toBe('System Wake');
    expect(keycodeEntry(makeKeycode(KEYCODE_KIND.mouse, 0x01))?.name).toBe('LClick');
    expect(keycodeEntry(makeKeycode(KEYCODE_KIND.mouse, 0x23))?.alias).toBe('Mouse Wheel Right');
    expect(keycodeEntry(KC_TRNS)?.alias).toBe('Transparent');
    expect(keycodeEntry(KC_FN)?.name).toBe('Fn');
  });

  it('offers momentary, toggle and switch-to for wire layers 0-3 in the layer kind, named Layer 1-4', () => {
    const layerCodes = KEYCODES.filter((e) => e.code >> 12 === KEYCODE_KIND.layer).map((e) => e.code);
    expect(layerCodes.sort((a, b) => a - b)).toEqual(
      [0, 1, 2].flatMap((action) => [0, 1, 2, 3].map((layer) => 0x4000 | (action << 4) | layer)),
    );
    expect(keycodeLabel(layerKeycode('toggle', 2))).toBe('TG(3)');
  });

  it('fills every picker category and gives Chinese aliases outside the basic one', () => {
    for (const category of KEYCODE_CATEGORIES) expect(keycodesByCategory(category).length).toBeGreaterThan(0);
    const withoutZh = KEYCODES.filter((e) => e.category !== 'basic' && !e.alias_zh).map((e) => e.name);
    expect(withoutZh).toEqual([]);
    expect(keycodesByCategory('lighting').every((e) => e.category === 'lighting')).toBe(true);
    expect(names(keycodesByCategory('os'))).toEqual(expect.arrayContaining(['MCtrl', 'LPad', 'TaskView', 'Copy']));
  });

  it('sizes entries for the picker grid', () => {
    expect(KEYCODES.every((e) => e.width > 0 && e.height > 0)).toBe(true);
    expect(keycodeByName('Space')?.width).toBe(2);
  });
});

describe('keycodeLabel', () => {
  it('gives the legend, the advanced-key keyword, or hex', () => {
    expect(keycodeLabel(hid(0x28))).toBe('Enter');
    expect(keycodeLabel(0x8003)).toBe('D3');
    expect(keycodeLabel(0xa00c)).toBe('M12');
    expect(keycodeLabel(0xc001)).toBe('H1');
    expect(keycodeLabel(0x7abc)).toBe('0x7ABC');
    expect(keycodeLabel(hid(0xff))).toBe('0x00FF');
  });
});

describe('searchKeycodes', () => {
  it('returns everything for an empty query', () => {
    expect(searchKeycodes('')).toHaveLength(KEYCODES.length);
    expect(searchKeycodes('   ')).toHaveLength(KEYCODES.length);
  });

  it('matches name or alias regardless of case', () => {
    expect(names(searchKeycodes('ESC'))).toContain('Esc');
    expect(names(searchKeycodes('volume up'))).toEqual(['KbVol+', 'Vol+']);
    expect(names(searchKeycodes('pgup'))).toEqual(['PgUp']);
    expect(searchKeycodes('no such key anywhere')).toEqual([]);
  });

  it('finds entries by their Chinese alias', () => {
    expect(names(searchKeycodes('静音'))).toEqual(['Mute']);
  });

  it('ignores entries that lack a name or an alias', () => {
    const list: KeycodeEntry[] = [
      { code: 1, name: 'Alpha', alias: '', category: 'basic', width: 1, height: 1 },
      { code: 2, name: 'Alpha2', alias: 'Second alpha', category: 'basic', width: 1, height: 1 },
    ];
    expect(names(searchKeycodes('alpha', list))).toEqual(['Alpha2']);
  });
});
