import { describe, expect, it } from 'vitest';
import { BackupFileError, parseBackupText } from '../../src/core/backup/parse';
import { backupEn, backupZh } from '../../src/i18n/sections/backup';

const good = {
  format: 'keytune-backup',
  version: 2,
  created: '2025-01-01T00:00:00.000Z',
  device: {
    family: 'via',
    model: '4653:0001',
    displayName: 'Pad',
    firmware: '',
    hardware: '',
    serial: '',
    keyCount: 2,
  },
  currentProfile: 0,
  profiles: [{ keymap: [[4, 5]] }],
  objects: { layoutOptions: 0 },
};

function refusal(text: string): BackupFileError {
  try {
    parseBackupText(text);
  } catch (error) {
    expect(error).toBeInstanceOf(BackupFileError);
    return error as BackupFileError;
  }
  throw new Error('the text was accepted');
}

const withValue = (change: (file: typeof good & Record<string, unknown>) => void): string => {
  const file = structuredClone(good) as typeof good & Record<string, unknown>;
  change(file);
  return JSON.stringify(file);
};

describe('parseBackupText', () => {
  it('reads a backup file', () => {
    expect(parseBackupText(JSON.stringify(good))).toEqual(good);
  });

  it('refuses what is not JSON or not a backup', () => {
    expect(refusal('{"format": ').id).toBe('backup.err.notJson');
    expect(refusal('[1, 2]').id).toBe('backup.err.notBackup');
    expect(refusal('null').id).toBe('backup.err.notBackup');
    expect(refusal(withValue((f) => (f.format = 'keytune-config'))).id).toBe('backup.err.notBackup');
  });

  it('refuses a newer version, and the command line file of version 1 with its own text', () => {
    const newer = refusal(withValue((f) => (f.version = 3)));
    expect([newer.id, newer.args]).toEqual(['backup.err.newer', ['3']]);
    expect(refusal(withValue((f) => (f.version = 1))).id).toBe('backup.err.v1');
    expect(refusal(withValue((f) => (f.version = 0))).id).toBe('backup.err.invalid');
  });

  it('refuses a bad value and says where it is', () => {
    const code = refusal(withValue((f) => (f.profiles[0]!.keymap[0]![1] = 70000)));
    expect([code.id, code.args]).toEqual(['backup.err.invalid', ['profiles[0].keymap[0][1]']]);
    const extra = refusal(withValue((f) => (f.extra = 1)));
    expect(extra.id).toBe('backup.err.invalid');
    const colour = refusal(withValue((f) => Object.assign(f.profiles[0]!, { keyColours: ['red'] })));
    expect(colour.args).toEqual(['profiles[0].keyColours[0]']);
  });

  it('has every refusal in both languages, saying nothing was changed', () => {
    for (const id of ['notJson', 'notBackup', 'newer', 'v1', 'invalid', 'family', 'model', 'changed', 'noPoint']) {
      const key = `backup.err.${id}` as keyof typeof backupEn;
      expect(backupEn[key]).toContain('Nothing was changed');
      expect(backupZh[key]).toContain('未做任何更改');
    }
  });
});
