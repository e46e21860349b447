/**
 * VIA saved layouts (the file of VIA's Save + Load pane) to and from a VIA keyboard's backup: key-code names per VIA
 * protocol both ways, macros as VIA's text, layout options in the extra field, and the files refused with a reason.
 */
import { BACKUP_FORMAT, BACKUP_VERSION, type KeyboardBackup } from '../../src/core/backup/format';
import { BackupFileError } from '../../src/core/backup/parse';
import { codeOfViaName, viaNameOfCode } from '../../src/core/backup/qmk-name-codes';
import type { ViaNumbering } from '../../src/core/backup/qmk-names';
import {
  backupFromViaSavedLayout,
  readViaSavedLayout,
  viaSavedLayoutFileName,
  viaSavedLayoutOf,
  viaSavedLayoutText,
} from '../../src/core/backup/via-saved-layout';
import { macroFromViaText } from '../../src/core/backup/via-macro-text';
import { createTranslate, registerTexts } from '../../src/i18n/translate';
import { viaSavedEn, viaSavedZh } from '../../src/i18n/sections/via-saved';

const KEYS = 6;
const V12 = { protocol: 12, name: 'Test Pad 6' };

/** A VIA keyboard of 2 × 3 switches, 4 layers, 4 macros and a layout option, as the service reads it. */
function padBackup(overrides: Partial<KeyboardBackup['objects']> = {}): KeyboardBackup {
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    created: '2025-01-02T03:04:05.000Z',
    device: {
      family: 'via',
      model: '594d:0604',
      displayName: 'Test Pad 6',
      firmware: '0.0.1',
      hardware: '',
      serial: '',
      keyCount: KEYS,
    },
    currentProfile: 0,
    profiles: [
      {
        keymap: [
          [0x29, 0x04, 0x05, 0x2c, 0x5221, 0xe1],
          [0x01, 0x01, 0x01, 0x422c, 0x01, 0x0204],
          [0x00, 0x00, 0x00, 0x00, 0x00, 0x00],
          [0x7700, 0x7e00, 0x7820, 0x2304, 0x5700, 0x0f3a],
        ],
      },
    ],
    objects: {
      macros: [
        [
          { kind: 'text', text: 'hi {there}' },
          { kind: 'tap', code: 0x28 },
        ],
        [
          { kind: 'down', code: 0xe0 },
          { kind: 'tap', code: 0x06 },
          { kind: 'delay', ms: 50 },
          { kind: 'up', code: 0xe0 },
        ],
        [],
        [],
      ],
      lighting: [{ channel: 'rgb-matrix', effect: 2, brightness: 100, speed: 3, hue: 10, saturation: 200 }],
      layoutOptions: 1,
      ...overrides,
    },
  };
}

registerTexts(viaSavedEn, viaSavedZh);
const en = createTranslate('en_US').dynamic;

/** The refusal `run` throws: a BackupFileError whose text id exists in both languages. */
function refusal(run: () => unknown): BackupFileError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BackupFileError);
    const e = error as BackupFileError;
    expect(Object.keys(viaSavedEn)).toContain(e.id);
    expect(Object.keys(viaSavedZh)).toContain(e.id);
    return e;
  }
  throw new Error('the file was taken');
}

const file = (fields: Record<string, unknown>) =>
  JSON.stringify({ name: 'Test Pad 6', vendorProductId: 0x594d0604, ...fields });
const layer = (...names: string[]) => [...names, ...Array(KEYS - names.length).fill('KC_TRNS')];

describe('QMK key codes as VIA names', () => {
  it.each([9, 10, 11, 12] as ViaNumbering[])('every 16-bit code of dictionary %i reads back as itself', (n) => {
    for (let code = 0; code <= 0xffff; code++) {
      const name = viaNameOfCode(code, n);
      if (codeOfViaName(name, n) !== code) throw new Error(`${code.toString(16)} -> ${name}`);
    }
  });

  it('writes the names VIA writes', () => {
    const v12 = (code: number) => viaNameOfCode(code, 12);
    expect(v12(0x04)).toBe('KC_A');
    expect(v12(0x5221)).toBe('MO(1)');
    expect(v12(0x422c)).toBe('LT(2,KC_SPC)');
    expect(v12(0x2304)).toBe('MT(MOD_LCTL | MOD_LSFT,KC_A)');
    expect(v12(0x3204)).toBe('MT(MOD_RSFT,KC_A)');
    expect(v12(0x0204)).toBe('LSFT(KC_A)');
    expect(v12(0x0f04)).toBe('HYPR(KC_A)');
    expect(v12(0x0b04)).toBe('LCTL(LSFT(LGUI(KC_A)))');
    expect(v12(0x5022)).toBe('LM(1,MOD_LSFT)');
    expect(v12(0x52a2)).toBe('OSM(MOD_LSFT)');
    expect(v12(0x7703)).toBe('MACRO(3)');
    expect(v12(0x7e01)).toBe('CUSTOM(1)');
    expect(v12(0x7c77)).toBe('FN_MO13');
    expect(v12(0x7840)).toBe('RM_ON');
    expect(v12(0x5700)).toBe('0x5700');
    expect(viaNameOfCode(0x7840, 11)).toBe('0x7840');
    expect(viaNameOfCode(0x5101, 10)).toBe('MO(1)');
    expect(viaNameOfCode(0xf4, 10)).toBe('KC_MS_BTN1');
    expect(viaNameOfCode(0xd1, 11)).toBe('KC_MS_BTN1');
    expect(viaNameOfCode(0x5cc2, 10)).toBe('RGB_TOG');
  });

  it('reads what VIA reads: older names, aliases, any case, spaces', () => {
    const v12 = (name: string) => codeOfViaName(name, 12);
    expect(v12('KC_TILD')).toBe(0x0235);
    expect(v12('C(S(KC_A))')).toBe(0x0304);
    expect(v12('lctl(kc_a)')).toBe(0x0104);
    expect(v12('LT(1, KC_SPC)')).toBe(0x412c);
    expect(v12('SPC_FN2')).toBe(0x422c);
    expect(v12('MACRO05')).toBe(0x7705);
    expect(v12('USER02')).toBe(0x7e02);
    expect(v12('KC_CLEAR')).toBe(0x9c);
    expect(v12('QK_BOOT')).toBe(0x7c00);
    expect(v12('_______')).toBe(0x01);
    expect(v12('')).toBe(0);
    expect(v12('0x7c01')).toBe(0x7c01);
    // TO(n) per dictionary: protocol 9 counts from QMK's "on press" code, 10 from 0x5000.
    expect(codeOfViaName('TO(1)', 9)).toBe(0x5011);
    expect(codeOfViaName('TO(1)', 10)).toBe(0x5001);
    expect(codeOfViaName('MACRO(0)', 10)).toBe(0x5f12);
    expect(codeOfViaName('MACRO(0)', 11)).toBe(0x7702);
  });

  it('reads nothing it cannot place', () => {
    for (const name of ['KC_NOPE', 'MO(32)', 'LT(16,KC_A)', 'MT(MOD_XYZ,KC_A)', 'LT(1,MO(2))', 'MACRO(200)', 'RM_ON'])
      expect(codeOfViaName(name, name === 'RM_ON' ? 11 : 12)).toBeUndefined();
  });
});

describe('VIA saved layout of a backup', () => {
  it('round trip: backup -> VIA file -> backup is the same backup', () => {
    const backup = padBackup();
    const text = viaSavedLayoutText(viaSavedLayoutOf(backup, V12));
    const blank = padBackup({ macros: [[], [], [], []], layoutOptions: 0 });
    blank.profiles[0]!.keymap = blank.profiles[0]!.keymap!.map((l) => l.map(() => 0));
    expect(backupFromViaSavedLayout(text, blank, V12)).toEqual(backup);
  });

  it('writes VIA’s fields, one line per layer and macro, named as VIA names files', () => {
    const layout = viaSavedLayoutOf(padBackup(), V12);
    expect(Object.keys(layout)).toEqual(['name', 'vendorProductId', 'macros', 'layers', 'layoutOptions']);
    expect(layout).toMatchObject({ name: 'Test Pad 6', vendorProductId: 0x594d0604, layoutOptions: 1 });
    expect(layout.layers[0]).toEqual(['KC_ESC', 'KC_A', 'KC_B', 'KC_SPC', 'MO(1)', 'KC_LSFT']);
    expect(layout.layers[3]).toEqual([
      'MACRO(0)',
      'CUSTOM(0)',
      'RGB_TOG',
      'MT(MOD_LCTL | MOD_LSFT,KC_A)',
      '0x5700',
      'HYPR(KC_F1)',
    ]);
    expect(layout.macros).toEqual(['hi \\{there}{KC_ENT}', '{+KC_LCTL}{KC_C}{50}{-KC_LCTL}', '', '']);
    const text = viaSavedLayoutText(layout);
    expect(JSON.parse(text)).toEqual(layout);
    expect(text.split('\n')).toContain('    ["KC_ESC","KC_A","KC_B","KC_SPC","MO(1)","KC_LSFT"],');
    expect(viaSavedLayoutFileName('Test Pad 6')).toBe('test_pad_6.layout.json');
  });

  it('imports a file written as VIA writes one into the right codes', () => {
    const text = `{
  "name": "Test Pad 6",
  "vendorProductId": 1498220036,
  "macros": ["{KC_LCTL,KC_C}", "Hello\\\\{ok}", "{KC_A}{100}{+KC_LSFT}b{-KC_LSFT}", ""],
  "layers": [
    ["KC_GESC", "LT(1,KC_ENT)", "MT(MOD_LALT,KC_Z)", "KC_TILD", "TG(2)", "MACRO(1)"],
    ["KC_TRNS", "KC_VOLU", "KC_MS_BTN1", "RGB_MOD", "OSM(MOD_RCTL)", "LSG(KC_S)"]
  ],
  "encoders": []
}`;
    const current = padBackup();
    const { backup, leftOut } = readViaSavedLayout(text, current, V12);
    expect(leftOut).toEqual([]);
    expect(backup.profiles[0]!.keymap!.slice(0, 2)).toEqual([
      [0x7c16, 0x4128, 0x241d, 0x0235, 0x5262, 0x7701],
      [0x01, 0xa9, 0xd1, 0x7821, 0x52b1, 0x0a16],
    ]);
    // Layers the file does not have stay as the keyboard has them, like VIA.
    expect(backup.profiles[0]!.keymap!.slice(2)).toEqual(current.profiles[0]!.keymap!.slice(2));
    expect(backup.objects.macros).toEqual([
      [
        { kind: 'down', code: 0xe0 },
        { kind: 'down', code: 0x06 },
        { kind: 'up', code: 0x06 },
        { kind: 'up', code: 0xe0 },
      ],
      [{ kind: 'text', text: 'Hello{ok}' }],
      [
        { kind: 'tap', code: 0x04 },
        { kind: 'delay', ms: 100 },
        { kind: 'down', code: 0xe1 },
        { kind: 'text', text: 'b' },
        { kind: 'up', code: 0xe1 },
      ],
      [],
    ]);
    // Lighting is no part of a saved layout: kept.
    expect(backup.objects.lighting).toEqual(current.objects.lighting);
    expect(backup.objects.layoutOptions).toBe(1);
  });

  it('reads the codes of the keyboard’s own protocol', () => {
    const text = file({ layers: [layer('MO(1)', 'KC_MS_BTN1', 'MACRO(0)', 'RGB_TOG')] });
    const keymap = backupFromViaSavedLayout(text, padBackup(), { protocol: 10 }).profiles[0]!.keymap![0];
    expect(keymap!.slice(0, 4)).toEqual([0x5101, 0xf4, 0x5f12, 0x5cc2]);
  });

  it('carries the layout options both ways', () => {
    expect(viaSavedLayoutOf(padBackup({ layoutOptions: 6 }), V12).layoutOptions).toBe(6);
    const text = file({ layers: [layer()], layoutOptions: 5 });
    expect(backupFromViaSavedLayout(text, padBackup(), V12).objects.layoutOptions).toBe(5);
    const noOptions = padBackup();
    delete noOptions.objects.layoutOptions;
    const read = readViaSavedLayout(text, noOptions, V12);
    expect(read.backup.objects).not.toHaveProperty('layoutOptions');
    expect(read.leftOut).toEqual(['viaSaved.leftOut.layoutOptions']);
  });

  it('says the file’s encoders are left out', () => {
    const text = file({ layers: [layer()], encoders: [[['KC_VOLD', 'KC_VOLU']]] });
    expect(readViaSavedLayout(text, padBackup(), V12).leftOut).toEqual(['viaSaved.leftOut.encoders']);
  });
});

describe('VIA saved layouts refused', () => {
  it('another keyboard’s file, saying which', () => {
    const text = JSON.stringify({ name: 'Other Board', vendorProductId: 0x12345678, layers: [layer()] });
    const e = refusal(() => backupFromViaSavedLayout(text, padBackup(), V12));
    expect(e.id).toBe('viaSaved.err.otherKeyboard');
    expect(e.args).toEqual(['Other Board', '1234:5678', '594d:0604']);
    expect(en(e.id, ...e.args)).toBe(
      'This layout was saved from another keyboard: Other Board (1234:5678). This keyboard is 594d:0604.',
    );
  });

  it('a key code it cannot read, naming it and where it is', () => {
    const text = file({ layers: [layer(), layer('KC_A', 'KC_FOO')] });
    const e = refusal(() => backupFromViaSavedLayout(text, padBackup(), V12));
    expect(e.id).toBe('viaSaved.err.code');
    expect(e.args).toEqual(['KC_FOO', '1', '1']);
    expect(en(e.id, ...e.args)).toContain('"KC_FOO"');
  });

  it('more layers than the keyboard holds, naming the layers that would be lost', () => {
    const text = file({ layers: Array.from({ length: 6 }, () => layer()) });
    const e = refusal(() => backupFromViaSavedLayout(text, padBackup(), V12));
    expect(e.id).toBe('viaSaved.err.layers');
    expect(en(e.id, ...e.args)).toBe(
      'The file has 6 layers; this keyboard holds 4, so the file’s layers 4–5 would be lost. VIA does not load such a file either.',
    );
  });

  it('a layer with another number of keys', () => {
    const e = refusal(() => backupFromViaSavedLayout(file({ layers: [['KC_A']] }), padBackup(), V12));
    expect([e.id, ...e.args]).toEqual(['viaSaved.err.keys', '0', '1', String(KEYS)]);
  });

  it('what is not a saved layout', () => {
    const current = padBackup();
    const id = (text: string) => refusal(() => backupFromViaSavedLayout(text, current, V12)).id;
    expect(id('{nope')).toBe('viaSaved.err.notJson');
    expect(id('{"name":"x","layers":[]}')).toBe('viaSaved.err.notLayout');
    expect(id(JSON.stringify(current))).toBe('viaSaved.err.keytuneBackup');
    expect(id('{"name":"x","vendorProductId":1,"matrix":{"rows":1,"cols":1},"layouts":{}}')).toBe(
      'viaSaved.err.definition',
    );
  });

  it('macros it cannot play, naming the macro', () => {
    const current = padBackup();
    const macros = (list: string[], protocol = 12) =>
      refusal(() => backupFromViaSavedLayout(file({ layers: [layer()], macros: list }), current, { protocol }));
    expect(macros(['', '{KC_NOPE}'])).toMatchObject({ id: 'viaSaved.err.macroKey', args: ['1', 'KC_NOPE'] });
    expect(macros(['{MO(1)}'])).toMatchObject({ id: 'viaSaved.err.macroKey', args: ['0', 'MO(1)'] });
    expect(macros(['a{100}'], 10)).toMatchObject({ id: 'viaSaved.err.macroWait', args: ['0'] });
    expect(macros(['{10000}'])).toMatchObject({ id: 'viaSaved.err.macroWaitLong', args: ['0', '10000'] });
    expect(macros(['{}'])).toMatchObject({ id: 'viaSaved.err.macroBraces' });
    expect(macros(['{KC_A'])).toMatchObject({ id: 'viaSaved.err.macroBraces' });
    expect(macros(['é'])).toMatchObject({ id: 'viaSaved.err.macroText' });
    expect(macros(['', '', '', '', 'x'])).toMatchObject({ id: 'viaSaved.err.macros', args: ['5', '4'] });
  });

  it('takes a longer macro list whose extra macros are empty, and a shorter one', () => {
    const current = padBackup();
    const read = (list: string[]) =>
      backupFromViaSavedLayout(file({ layers: [layer()], macros: list }), current, V12).objects.macros;
    expect(read(['a', '', '', '', '', ''])).toEqual([[{ kind: 'text', text: 'a' }], [], [], []]);
    expect(read(['b'])).toEqual([[{ kind: 'text', text: 'b' }], ...(current.objects.macros as unknown[]).slice(1)]);
  });

  it('export of a keyboard without a key map, or not a VIA keyboard', () => {
    const noKeymap = padBackup();
    noKeymap.profiles = [{}];
    expect(refusal(() => viaSavedLayoutOf(noKeymap, V12)).id).toBe('viaSaved.err.noKeymap');
    const other = padBackup();
    other.device = { ...other.device, family: 'libhmk', model: 'he60' };
    expect(refusal(() => viaSavedLayoutOf(other, V12)).id).toBe('viaSaved.err.notVia');
  });

  it('every refusal reads in both languages', () => {
    for (const language of ['en_US', 'zh_CN'] as const) {
      const warnings: string[] = [];
      const t = createTranslate(language, (w) => warnings.push(w));
      for (const id of Object.keys(viaSavedEn)) expect(t.dynamic(id, 'a', 'b', 'c', 2)).not.toContain('{');
      expect(warnings).toEqual([]);
    }
  });

  it('macro text: the escaped brace is text, a group of keys is a chord', () => {
    expect(macroFromViaText('\\{KC_A}', 12, 0, true)).toEqual([{ kind: 'text', text: '{KC_A}' }]);
    expect(macroFromViaText('{ kc_a , kc_b }', 12, 0, true)).toEqual([
      { kind: 'down', code: 4 },
      { kind: 'down', code: 5 },
      { kind: 'up', code: 5 },
      { kind: 'up', code: 4 },
    ]);
  });
});
