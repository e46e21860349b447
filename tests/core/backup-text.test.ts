import { describe, expect, it, vi } from 'vitest';
import { diffBackups, type BackupNames } from '../../src/core/backup/diff';
import type { DiffLine, KeyboardBackup } from '../../src/core/backup/format';
import { formatDiffLine, formatUnheld, summarizeDiff, type BackupTranslate } from '../../src/core/backup/text';
import { backupEn, backupZh } from '../../src/i18n/sections/backup';
import { createTranslate, registerTexts, type Language } from '../../src/i18n/translate';

registerTexts(backupEn, backupZh);

function speaker(language: Language): { t: BackupTranslate; warn: ReturnType<typeof vi.fn> } {
  const warn = vi.fn();
  const translate = createTranslate(language, warn);
  return { t: (id, ...args) => translate.dynamic(id, ...args), warn };
}
const en = speaker('en_US').t;
const zh = speaker('zh_CN').t;

const names: BackupNames = { key: (id) => ['Esc', 'A', 'S'][id] ?? `#${id}`, code: (c) => (c === 0x68 ? 'F13' : 'A') };

const perfGroup: DiffLine = {
  area: 'performance',
  profile: 0,
  id: 'backup.perf.keysMm',
  args: ['', 'backup.field.actuationMm', '12', '1.20', '0.80'],
};
const cell: DiffLine = { area: 'keymap', profile: 1, id: 'backup.keymap.cell', args: ['2', '1', 'A', 'F13', 'A'] };
const oneKey: DiffLine = {
  area: 'performance',
  profile: 0,
  id: 'backup.perf.key',
  args: ['', 'backup.field.rapidTrigger', 'A', 'backup.value.off', 'backup.value.on'],
};
const lighting: DiffLine = {
  area: 'objects',
  id: 'backup.obj.change',
  args: ['backup.object.lighting', 'modes 3, speed', '2', '4'],
};

describe('formatDiffLine', () => {
  it('words lines in English', () => {
    expect(formatDiffLine(cell, en)).toBe('Profile 2, Layer 1, key A: F13 -> A');
    expect(formatDiffLine(perfGroup, en)).toBe('Trigger on 12 keys: 1.20 -> 0.80 mm');
    expect(formatDiffLine({ ...perfGroup, args: ['', 'backup.field.actuationMm', '1', '1.20', '0.80'] }, en)).toBe(
      'Trigger on 1 key: 1.20 -> 0.80 mm',
    );
    expect(formatDiffLine(oneKey, en)).toBe('Rapid trigger of key A: off -> on');
    expect(formatDiffLine(lighting, en)).toBe('Lighting, modes 3, speed: 2 -> 4');
  });

  it('words lines in Chinese', () => {
    expect(formatDiffLine(cell, zh)).toBe('配置 2，第 1 层，按键 A：F13 → A');
    expect(formatDiffLine(perfGroup, zh)).toBe('12 个按键的触发键程：1.20 → 0.80 mm');
    expect(formatDiffLine(oneKey, zh)).toBe('按键 A 的快速触发：关 → 开');
    expect(formatDiffLine(lighting, zh)).toBe('灯光，modes 3, speed：2 → 4');
  });

  it('has a text for every line a diff makes, in both languages', () => {
    const base: KeyboardBackup = {
      format: 'keytune-backup',
      version: 2,
      created: '',
      device: { family: 'libhmk', model: 'm', displayName: '', firmware: '', hardware: '', serial: '', keyCount: 2 },
      currentProfile: 0,
      profiles: [
        {
          name: 'a',
          keymap: [[1, 2]],
          performance: [
            { actuationMm: 1, deadzoneMm: 0.1, continuous: false },
            { actuationMm: 1, continuous: false },
          ],
        },
        { keyColours: ['#000000', '#000000', '#000000'], objects: { advanced: [{ a: 1 }], gamepad: {} } },
      ],
      objects: {
        options: { xinput: false },
        calibration: { rest: 1 },
        macros: Array.from({ length: 30 }, () => [1, 2]),
      },
    };
    const changed: KeyboardBackup = JSON.parse(JSON.stringify(base)) as KeyboardBackup;
    changed.currentProfile = 1;
    changed.profiles[0] = {
      name: 'b',
      keymap: [[3, 2], [5]],
      performance: [
        { actuationMm: 2, deadzoneMm: 0.2, continuous: true },
        {
          actuationMm: 2,
          continuous: true,
          switchType: 3,
          flags: 1,
          rtPressMm: 0.1,
          rtReleaseMm: 0.2,
          rapidTrigger: true,
        },
      ],
    };
    changed.profiles[1] = {
      keyColours: ['#ffffff', '#ffffff', '#00ff00'],
      objects: {
        advanced: [{ a: 2 }],
        gamepad: { on: true },
        tickRate: 3,
        snaptap: 1,
        hypertap: 1,
        dks: 1,
        macro: 1,
        shortcut: 1,
        rapidComplete: 1,
        outerFrame: 1,
        ambient: 1,
        lighting: 1,
      },
    };
    changed.profiles.push({});
    changed.objects = {
      options: { xinput: true },
      calibration: { rest: 2 },
      settings: 1,
      layoutOptions: 2,
      macros: Array.from({ length: 30 }, () => [3, 4]),
      custom: Array.from({ length: 30 }, () => [3, 4]),
    };
    const lines = diffBackups(base, changed, names);
    const ids = new Set(lines.map((l) => l.id));
    const lineIds = Object.keys(backupEn).filter((id) => /^backup\.(keymap|perf|colour|profile|obj)\./.test(id));
    // Lines of the objects a diff knows by shape are checked in backup-object-lines.test.ts.
    expect([...ids].filter((id) => !id.startsWith('backup.item.')).sort()).toEqual(lineIds.sort());
    for (const language of ['en_US', 'zh_CN'] as const) {
      const { t, warn } = speaker(language);
      for (const line of lines) expect(formatDiffLine(line, t)).not.toMatch(/backup\.|\{\d\}/);
      expect(summarizeDiff(lines, t)).not.toMatch(/backup\.|\{\d\}/);
      expect(warn).not.toHaveBeenCalled();
    }
  });
});

describe('summarizeDiff', () => {
  it('tells a performance group as an action, one line as itself, many as the first and a count', () => {
    expect(summarizeDiff([perfGroup], en)).toBe('Trigger set to 0.80 mm on 12 keys');
    expect(summarizeDiff([perfGroup], zh)).toBe('将 12 个按键的触发键程设为 0.80 mm');
    expect(summarizeDiff([cell], en)).toBe('Profile 2, Layer 1, key A: F13 -> A');
    expect(summarizeDiff([cell, oneKey, lighting, perfGroup], en)).toBe(
      'Profile 2, Layer 1, key A: F13 -> A and 3 more changes',
    );
    expect(summarizeDiff([perfGroup, cell], zh)).toBe('将 12 个按键的触发键程设为 0.80 mm，另有 1 项更改');
    const colours: DiffLine = {
      area: 'keyColours',
      profile: 0,
      id: 'backup.colour.keys',
      args: ['', '5', '#ff0000', '#00ff00'],
    };
    expect(summarizeDiff([colours], en)).toBe('Colour set to #00ff00 on 5 keys');
    expect(summarizeDiff([], en)).toBe('No changes');
  });
});

describe('formatUnheld', () => {
  it('words the parts a keyboard cannot hold in both languages', () => {
    const parts = [
      'profile:5',
      'layer:9',
      'keys:61-67',
      'keys:80',
      'object:gamepad',
      'object:custom',
      'area:performance',
      'field:switchType',
      'setting:options.xinput',
      'names',
    ];
    expect(parts.map((p) => formatUnheld(p, en))).toEqual([
      'Profile 5',
      'Layer 9',
      'Keys numbered 61 to 67',
      'Key number 80',
      'Gamepad',
      'custom',
      'Key performance',
      'Per-key setting Switch type',
      'Options: xinput',
      'Profile names',
    ]);
    expect(parts.map((p) => formatUnheld(p, zh))).toEqual([
      '配置 5',
      '第 9 层',
      '编号 61 至 67 的按键',
      '编号 80 的按键',
      '手柄',
      'custom',
      '按键性能',
      '按键设置项：轴体类型',
      '选项：xinput',
      '配置名称',
    ]);
  });
});
