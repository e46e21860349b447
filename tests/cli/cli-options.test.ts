/**
 * The command line refuses options a command does not take (exit code 2 and the command's usage), and adds virtual
 * keyboards of every family as MODEL or MODEL@VERSION, each family with its own default version.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS, type CommandName } from '../../src/cli/help.ts';
import { EXIT, runCli } from '../../src/cli/main.ts';
import { FAMILY_VIRTUAL_MODELS } from '../../src/core/virtual-families.ts';
import { tempDir } from '../desktop/helpers.ts';

const dirs: { remove(): void }[] = [];
afterAll(() => dirs.forEach((d) => d.remove()));

async function cli(...argv: string[]) {
  const d = tempDir('keytune-cli-options-');
  dirs.push(d);
  let out = '';
  let err = '';
  const code = await runCli([...argv, '--local'], {
    out: (t) => (out += t),
    err: (t) => (err += t),
    env: { KEYTUNE_DATA_DIR: d.path, KEYTUNE_HID: 'off' },
  });
  return { code, out, err };
}

describe('options a command does not take', () => {
  it('keytune backup f.json --bogus 1 is refused with exit code 2 and the usage of backup', async () => {
    const run = await cli('backup', 'f.json', '--bogus', '1');
    expect(run.code).toBe(EXIT.usage);
    expect(run.err).toContain('--bogus is not an option of keytune backup');
    expect(run.err).toContain('Usage: keytune backup FILE');
  });

  it.each(Object.keys(COMMANDS).filter((c) => c !== 'call') as CommandName[])(
    'keytune %s refuses --bogus',
    async (command) => {
      const run = await cli(command, '--bogus', '1');
      expect(run.code).toBe(EXIT.usage);
      expect(run.err).toContain(`Usage: keytune ${command}`);
    },
  );

  it('a flag of another command is refused too (--dry-run on backup), its own is taken (--dry-run on restore)', async () => {
    expect((await cli('backup', 'f.json', '--dry-run')).code).toBe(EXIT.usage);
    const restore = await cli('restore', 'missing.json', '--dry-run');
    expect(restore.err).not.toContain('is not an option');
  });
});

describe('keytune add-virtual', () => {
  it.each([
    ['Made68Pro', '1.4.2'],
    ['Made68Pro@1.3.7', '1.3.7'],
    ...FAMILY_VIRTUAL_MODELS.flatMap((m) => [
      [m.name, m.versions[0]!],
      [`${m.name}@${m.versions.at(-1)!}`, m.versions.at(-1)!],
    ]),
  ])('%s runs firmware %s', async (given, version) => {
    const d = tempDir('keytune-cli-virtual-');
    dirs.push(d);
    const io = {
      out: (t: string) => (out += t),
      err: (t: string) => (err += t),
      env: { KEYTUNE_DATA_DIR: d.path, KEYTUNE_HID: 'off' },
    };
    let out = '';
    let err = '';
    expect(await runCli(['add-virtual', given, '--json', '--local'], io)).toBe(EXIT.ok);
    out = '';
    expect(await runCli(['devices', '--json', '--local'], io)).toBe(EXIT.ok);
    const list = JSON.parse(out) as { fw_ver: string; family: string }[];
    expect(list).toHaveLength(1);
    // A VIA keyboard's version is its protocol; the firmware version it reports is its own (QMK's is 0 unless set).
    if (list[0]!.family !== 'via') expect(list.map((r) => r.fw_ver.replace(/^V/i, ''))).toEqual([version]);
    expect(err).toBe('');
  });

  it('refuses two different versions, or an @ with none', async () => {
    expect((await cli('add-virtual', 'he60@1.7.0', '--fw', '1.6.0')).code).toBe(EXIT.usage);
    expect((await cli('add-virtual', 'he60@')).code).toBe(EXIT.usage);
  });

  it('its help names every family and its default version', () => {
    for (const m of FAMILY_VIRTUAL_MODELS) expect(COMMANDS['add-virtual']).toContain(`(default ${m.versions[0]})`);
    expect(COMMANDS['add-virtual']).toContain('MODEL[@VERSION]');
  });
});
