import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compatibilityProblem,
  diffBackups,
  fitBackup,
  sameConfiguration,
  type BackupNames,
} from '../../src/core/backup/diff';
import { OBJECT_LINES } from '../../src/core/backup/diff-objects';
import type { BackupProfile, KeyboardBackup } from '../../src/core/backup/format';

const KEYS = ['Esc', 'A', 'S', 'D', 'F'];
const CODES: Record<number, string> = { 0x04: 'A', 0x16: 'S', 0x68: 'F13' };
const names: BackupNames = {
  key: (id) => KEYS[id] ?? `#${id}`,
  code: (code) => CODES[code] ?? `0x${code.toString(16)}`,
};

function profile(keys = 5, layers = 2): BackupProfile {
  return {
    keymap: Array.from({ length: layers }, () => Array.from({ length: keys }, () => 0x04)),
    performance: Array.from({ length: keys }, () => ({ actuationMm: 1.2, rapidTrigger: false, switchType: 1 })),
    keyColours: Array.from({ length: keys }, () => '#ff0000'),
    objects: { lighting: { mode: 1, modes: [{ speed: 2 }, { speed: 3 }, { speed: 2 }] } },
  };
}

function backup(over: Partial<KeyboardBackup> = {}): KeyboardBackup {
  return {
    format: 'keytune-backup',
    version: 2,
    created: '2025-01-01T00:00:00.000Z',
    device: {
      family: 'libhmk',
      model: 'k1',
      displayName: 'K1',
      firmware: '1.0',
      hardware: '1',
      serial: 'S1',
      keyCount: 5,
    },
    currentProfile: 0,
    profiles: [profile()],
    objects: { settings: { sleep: 10, nkro: true } },
    ...over,
  };
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const jsonLeaf = fc.oneof(fc.integer(), fc.boolean(), fc.string({ maxLength: 6 }), fc.constant(null));
const objectArb = fc.dictionary(
  fc.constantFrom('lighting', 'macros', 'gamepad', 'custom', 'tickRate'),
  fc.oneof(jsonLeaf, fc.array(fc.dictionary(fc.string({ maxLength: 4 }), jsonLeaf), { maxLength: 4 })),
);
const profileArb: fc.Arbitrary<BackupProfile> = fc.record(
  {
    name: fc.string({ maxLength: 8 }),
    keymap: fc.array(fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 8 }), { maxLength: 4 }),
    performance: fc.array(
      fc.dictionary(
        fc.constantFrom('actuationMm', 'rapidTrigger', 'flags', 'other'),
        fc.oneof(fc.double({ noNaN: true, min: 0, max: 4 }), fc.boolean()),
      ),
      { maxLength: 8 },
    ),
    keyColours: fc.array(fc.constantFrom('#000000', '#ff0000', '#00ff00'), { maxLength: 8 }),
    objects: objectArb,
  },
  { requiredKeys: [] },
);
const backupArb = fc
  .record({
    profiles: fc.array(profileArb, { minLength: 1, maxLength: 3 }),
    currentProfile: fc.nat(2),
    objects: objectArb,
  })
  .map((parts) => backup(parts));

describe('diffBackups', () => {
  it('finds nothing between a backup and itself or its copy', () => {
    fc.assert(
      fc.property(backupArb, (b) => {
        expect(diffBackups(b, b, names)).toEqual([]);
        expect(diffBackups(b, clone(b), names)).toEqual([]);
        expect(sameConfiguration(b, { ...clone(b), created: 'later' })).toBe(true);
      }),
    );
  });

  it('finds every single changed key map cell, and only it', () => {
    fc.assert(
      fc.property(fc.nat(1), fc.nat(4), fc.integer({ min: 0, max: 0xffff }), (layer, key, code) => {
        fc.pre(code !== 0x04);
        const to = backup();
        to.profiles[0]!.keymap![layer]![key] = code;
        const lines = diffBackups(backup(), to, names);
        expect(lines).toEqual([
          {
            area: 'keymap',
            profile: 0,
            id: 'backup.keymap.cell',
            args: ['', String(layer + 1), names.key(key), 'A', names.code(code)],
          },
        ]);
        expect(sameConfiguration(backup(), to)).toBe(false);
      }),
    );
  });

  it('names the profile of a key map cell when there are several profiles', () => {
    const from = backup({ profiles: [profile(), profile()] });
    const to = clone(from);
    to.profiles[1]!.keymap![0]![1] = 0x68;
    expect(diffBackups(to, from, names)).toEqual([
      { area: 'keymap', profile: 1, id: 'backup.keymap.cell', args: ['2', '1', 'A', 'F13', 'A'] },
    ]);
  });

  it('groups performance changes by field and by old and new value', () => {
    const from = backup();
    const to = clone(from);
    const perf = to.profiles[0]!.performance!;
    for (const key of [0, 1, 2]) perf[key]!.actuationMm = 0.8;
    perf[3]!.actuationMm = 2;
    perf[4]!.rapidTrigger = true;
    perf[4]!.mystery = 7;
    expect(diffBackups(from, to, names).map((l) => [l.id, ...l.args])).toEqual([
      ['backup.perf.keysMm', '', 'backup.field.actuationMm', '3', '1.20', '0.80'],
      ['backup.perf.keyMm', '', 'backup.field.actuationMm', 'D', '1.20', '2.00'],
      ['backup.perf.key', '', 'backup.field.rapidTrigger', 'F', 'backup.value.off', 'backup.value.on'],
      ['backup.perf.key', '', 'mystery', 'F', 'backup.value.none', '7'],
    ]);
  });

  it('groups key colours like performance', () => {
    const from = backup();
    const to = clone(from);
    to.profiles[0]!.keyColours = ['#00ff00', '#00ff00', '#ff0000', '#00ff00', '#0000ff'];
    expect(diffBackups(from, to, names).map((l) => [l.area, l.id, ...l.args])).toEqual([
      ['keyColours', 'backup.colour.keys', '', '3', '#ff0000', '#00ff00'],
      ['keyColours', 'backup.colour.key', '', 'F', '#ff0000', '#0000ff'],
    ]);
  });

  it('tells profile names, the active profile and the profile count', () => {
    const from = backup({ profiles: [{ ...profile(), name: 'Work' }, profile()] });
    const to = clone(from);
    to.profiles[0]!.name = 'Game';
    to.currentProfile = 1;
    to.profiles.push(profile());
    expect(diffBackups(from, to, names).map((l) => [l.id, ...l.args])).toEqual([
      ['backup.profile.count', '2', '3'],
      ['backup.profile.active', '1', '2'],
      ['backup.profile.name', '1', '"Work"', '"Game"'],
    ]);
  });

  it('tells object changes by path, positions counted from 1', () => {
    const from = backup();
    const to = clone(from);
    (to.profiles[0]!.objects!.lighting as { modes: { speed: number }[] }).modes[2]!.speed = 4;
    to.objects.settings = { sleep: 10, nkro: false };
    to.objects.tickRate = 30;
    expect(diffBackups(from, to, names)).toEqual([
      {
        area: 'objects',
        profile: 0,
        id: 'backup.obj.change',
        args: ['', 'backup.object.lighting', 'modes 3, speed', '2', '4'],
      },
      {
        area: 'objects',
        id: 'backup.obj.change',
        args: ['backup.object.settings', 'nkro', 'backup.value.on', 'backup.value.off'],
      },
      { area: 'objects', id: 'backup.obj.value', args: ['backup.object.tickRate', 'backup.value.none', '30'] },
    ]);
  });

  it('tells a list item by item, and cuts a long list', () => {
    const tap = (code: number) => [{ kind: 'tap', code }];
    const from = backup({ objects: { macros: Array.from({ length: 30 }, () => tap(0x04)) } });
    const to = clone(from);
    (to.objects.macros as unknown[])[0] = tap(0x16);
    (to.objects.macros as unknown[])[1] = [{ kind: 'text', text: 'hi' }];
    expect(diffBackups(from, to, names).map((l) => l.id)).toEqual(['backup.item.replaced', 'backup.item.replaced']);

    const everywhere = clone(from);
    everywhere.objects.macros = (everywhere.objects.macros as unknown[]).map(() => tap(0x68));
    const lines = diffBackups(from, everywhere, names);
    expect(lines).toHaveLength(OBJECT_LINES);
    expect(lines.at(-1)).toEqual({ area: 'objects', id: 'backup.obj.more', args: ['11', 'backup.object.macros'] });
  });

  it('sums up an object it does not know, changed in many places, per entry', () => {
    const from = backup({ objects: { custom: Array.from({ length: 30 }, () => [{ key: 1, delay: 5 }]) } });
    const to = clone(from);
    for (const entry of to.objects.custom as { key: number; delay: number }[][]) entry[0] = { key: 9, delay: 9 };
    const lines = diffBackups(from, to, names);
    expect(lines).toHaveLength(OBJECT_LINES);
    expect(lines[0]).toEqual({ area: 'objects', id: 'backup.obj.changedIn', args: ['custom', '1', '2'] });
    expect(lines.at(-1)).toEqual({ area: 'objects', id: 'backup.obj.more', args: ['11', 'custom'] });
  });

  it('leaves what the target lacks out of the diff', () => {
    const from = backup();
    const to = clone(from);
    delete to.profiles[0]!.keymap;
    to.objects = {};
    expect(diffBackups(from, to, names)).toEqual([]);
  });
});

describe('fitBackup', () => {
  it('cuts a file to the profiles, layers, keys and objects the keyboard holds, and fills what it lacks', () => {
    const current = backup({
      profiles: [profile(4, 2), profile(4, 2)],
      objects: { settings: { sleep: 1 }, calibration: [1] },
    });
    const big = { ...profile(6, 3), name: 'Big', objects: { lighting: { mode: 7 }, gamepad: { on: true } } };
    big.performance![0] = { actuationMm: 0.5, rapidTrigger: true, switchType: 1, newField: 3 };
    const file = backup({
      profiles: [big, profile(6, 3), profile(6, 3)],
      currentProfile: 2,
      objects: { settings: { sleep: 30 }, options: { xinput: true } },
    });
    const { fitted, unheld } = fitBackup(file, current);
    expect(unheld.sort()).toEqual(
      ['profile:3', 'names', 'layer:3', 'field:newField', 'object:gamepad', 'object:options', 'keys:4-5'].sort(),
    );
    expect(fitted.profiles).toHaveLength(2);
    expect(fitted.profiles[0]!.name).toBeUndefined();
    expect(fitted.profiles[0]!.keymap).toEqual([
      [4, 4, 4, 4],
      [4, 4, 4, 4],
    ]);
    expect(fitted.profiles[0]!.performance![0]).toEqual({ actuationMm: 0.5, rapidTrigger: true, switchType: 1 });
    // A record takes the file's fields and keeps the keyboard's values of the fields the file lacks.
    expect(fitted.profiles[0]!.objects).toEqual({
      lighting: { mode: 7, modes: [{ speed: 2 }, { speed: 3 }, { speed: 2 }] },
    });
    expect(fitted.objects).toEqual({ settings: { sleep: 30 }, calibration: [1] });
    const newer = backup({ objects: { settings: { sleep: 5, wake: 1 } } });
    const older = backup({ objects: { settings: { sleep: 1 } } });
    const cut = fitBackup(newer, older);
    expect(cut.fitted.objects).toEqual({ settings: { sleep: 5 } });
    expect(cut.unheld).toEqual(['setting:settings.wake']);
    expect(fitted.currentProfile).toBe(0);
    expect(fitted.device).toEqual(current.device);
  });

  it('takes what a smaller file lacks from the keyboard', () => {
    const current = backup({ profiles: [profile(5, 3), profile(5, 3)] });
    current.profiles[1]!.keymap![2]![4] = 0x68;
    const file = backup({ profiles: [profile(3, 1)] });
    file.profiles[0]!.keymap![0]![0] = 0x16;
    const { fitted, unheld } = fitBackup(file, current);
    expect(unheld).toEqual([]);
    expect(fitted.profiles[1]).toEqual(current.profiles[1]);
    expect(fitted.profiles[0]!.keymap![0]).toEqual([0x16, 4, 4, 4, 4]);
    expect(fitted.profiles[0]!.keymap).toHaveLength(3);
    expect(diffBackups(current, fitted, names).map((l) => l.args)).toEqual([['1', '1', 'Esc', 'A', 'S']]);
  });

  it('is the file itself when both hold the same parts', () => {
    fc.assert(
      fc.property(backupArb, (b) => {
        const { fitted, unheld } = fitBackup(b, clone(b));
        expect(unheld).toEqual([]);
        expect(sameConfiguration(fitted, b)).toBe(true);
      }),
    );
  });
});

describe('compatibilityProblem', () => {
  it('calls the profiles of our own keyboards themes, as their screens do', () => {
    const from = backup({ profiles: [profile(2, 1), profile(2, 1)] });
    from.device.family = 'keytune';
    const to = clone(from);
    to.profiles[1]!.keymap![0]![1] = 9;
    to.currentProfile = 1;
    const lines = diffBackups(from, to, names);
    expect(lines.map((l) => l.id)).toEqual(['backup.theme.active', 'backup.keymap.cell']);
    expect(lines[1]!.args[0]).toBe('theme:2');
  });

  it('refuses another family or model and accepts the same model', () => {
    const here = backup();
    const libhmk = backup({ device: { ...here.device, family: 'keytune' } });
    const other = backup({ device: { ...here.device, model: 'k2', displayName: 'K2 Pro' } });
    expect(compatibilityProblem(libhmk, here)).toEqual({ id: 'backup.err.family', args: ['keytune', 'libhmk'] });
    expect(compatibilityProblem(other, here)).toEqual({ id: 'backup.err.model', args: ['K2 Pro', 'K1'] });
    expect(compatibilityProblem(backup({ device: { ...here.device, serial: 'other' } }), here)).toBeUndefined();
  });
});
