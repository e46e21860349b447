/**
 * `keytune backup`, `restore` (with --dry-run), `restore-points` and `restore-point`, run in this process on a
 * throw-away data folder (each command starts its own service on it, as the real command does without a bridge), and
 * once through the real bin/keytune. Diffs and refusals are printed in English; refused files exit with code 5.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, runCli } from '../../src/cli/main.ts';
import { keyboardBackupSchema } from '../../src/core/backup/format.ts';
import { RESTORE_POINTS_FOLDER } from '../../src/desktop/restore-points-file.ts';
import { tempDir } from '../desktop/helpers.ts';

const dirs: { remove(): void }[] = [];
afterAll(() => dirs.forEach((d) => d.remove()));
function folder(): string {
  const d = tempDir('keytune-backup-cli-');
  dirs.push(d);
  return d.path;
}

async function keytune(data: string, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    out: (t) => void (stdout += t),
    err: (t) => void (stderr += t),
    env: { KEYTUNE_DATA_DIR: data, KEYTUNE_HID: 'off' },
  });
  return { code, stdout, stderr };
}

const keys = async (data: string, device: string) =>
  (JSON.parse((await keytune(data, 'get', 'keys', '--device', device, '--json')).stdout) as { keycodes: number[][] })
    .keycodes;

describe('keytune backup and restore of whole keyboards', () => {
  let data: string;
  let made: string;
  let file: string;
  beforeAll(async () => {
    data = folder();
    made = JSON.parse((await keytune(data, 'add-virtual', 'Made68Pro', '--json')).stdout).path as string;
    file = join(data, 'made68pro.json');
    const saved = await keytune(data, 'backup', file, '--device', made);
    expect(saved.code).toBe(0);
    expect(saved.stdout).toContain(`to ${file}`);
  });

  it('writes a version 2 backup the schema reads', () => {
    const backup = keyboardBackupSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    expect(backup.device).toMatchObject({ family: 'keytune', model: 'made68pro' });
  });

  it('--dry-run prints the changes in English and writes nothing; restore writes them and keeps a restore point', async () => {
    const set = await keytune(
      data,
      'call',
      'setKeyInfo',
      '--device',
      made,
      '--index',
      '1',
      '--select',
      '[3]',
      '--code',
      '4',
    );
    expect(set.code).toBe(0);
    const changed = await keys(data, made);
    expect(changed[1]![3]).toBe(4);

    const dry = await keytune(data, 'restore', file, '--dry-run', '--device', made);
    expect(dry.code).toBe(0);
    const lines = dry.stdout.split('\n');
    expect(lines[0]).toBe(`Restoring ${file} on Made68Pro:`);
    expect(lines[1]).toMatch(/^ {2}\S/);
    expect(lines[1]).not.toMatch(/backup\./);
    expect(dry.stdout).toContain('Nothing was written (--dry-run).');
    expect(await keys(data, made)).toEqual(changed);
    const none = await keytune(data, 'restore-points', '--device', made, '--json');
    expect(JSON.parse(none.stdout)).toEqual([]);

    const done = await keytune(data, 'restore', file, '--device', made, '--json');
    expect(done.code).toBe(0);
    const answer = JSON.parse(done.stdout) as { written: boolean; changes: string[]; restorePoint: { id: string } };
    expect(answer.written).toBe(true);
    expect(answer.changes).toEqual(lines.slice(1, 1 + answer.changes.length).map((l) => l.trim()));
    expect((await keys(data, made))[1]![3]).not.toBe(4);

    // The restore point was kept in the data folder, private to the user, and is listed by the next command.
    const listed = await keytune(data, 'restore-points', '--device', made);
    expect(listed.stdout).toMatch(/^DATE\s+REASON\s+ID\n/);
    expect(listed.stdout).toContain(`restore  ${answer.restorePoint.id}`);
    const kept = join(data, RESTORE_POINTS_FOLDER);
    const [keyboard] = readdirSync(kept);
    expect(readdirSync(join(kept, keyboard!))).toEqual([`${answer.restorePoint.id}.json`]);
    if (process.platform !== 'win32') {
      expect(statSync(join(kept, keyboard!)).mode & 0o777).toBe(0o700);
      expect(statSync(join(kept, keyboard!, `${answer.restorePoint.id}.json`)).mode & 0o777).toBe(0o600);
    }

    // Putting the restore point back brings the change back.
    const preview = await keytune(data, 'restore-point', answer.restorePoint.id, '--dry-run', '--device', made);
    expect(preview.stdout).toContain('Nothing was written');
    expect((await keys(data, made))[1]![3]).not.toBe(4);
    expect((await keytune(data, 'restore-point', answer.restorePoint.id, '--device', made)).code).toBe(0);
    expect((await keys(data, made))[1]![3]).toBe(4);
  });

  it('says when the keyboard already holds the file', async () => {
    const again = join(data, 'again.json');
    await keytune(data, 'backup', again, '--device', made);
    const run = await keytune(data, 'restore', again, '--device', made);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('already holds');
  });

  it('refuses the file of another family, what is not a backup, and an unknown restore point, with exit code 5', async () => {
    // Keyboards of other families are not kept between commands: the file says it is of one.
    const backup = JSON.parse(readFileSync(file, 'utf8')) as { device: { family: string } };
    const foreignFile = join(data, 'he60.json');
    writeFileSync(foreignFile, JSON.stringify({ ...backup, device: { ...backup.device, family: 'libhmk' } }));
    const before = await keys(data, made);
    const foreign = await keytune(data, 'restore', foreignFile, '--device', made);
    expect(foreign.code).toBe(EXIT.file);
    expect(foreign.stderr).toMatch(/^keytune: .*libhmk.*keytune.*Nothing was changed\. \[backup\.err\.family\]\n$/);
    expect(await keys(data, made)).toEqual(before);

    const note = join(data, 'note.txt');
    writeFileSync(note, 'hello');
    const notJson = await keytune(data, 'restore', note, '--json');
    expect(notJson.code).toBe(EXIT.file);
    expect(JSON.parse(notJson.stderr)).toEqual({
      error: {
        code: EXIT.file,
        key: 'backup.err.notJson',
        message: 'This file is not a Keytune backup: it is not JSON text. Nothing was changed.',
      },
    });

    const unknown = await keytune(data, 'restore-point', '20250101T000000000Z-0000', '--device', made);
    expect(unknown.code).toBe(EXIT.file);
    expect(unknown.stderr).toContain('[backup.err.noPoint]');
  });

  it('still restores a version 1 file, but not as a dry run', async () => {
    const old = join(data, 'v1.json');
    const settings = { use_n_key: 1, use_sleep: 0, sleep_time: 0, auto_calibration: 0 };
    writeFileSync(
      old,
      JSON.stringify({
        format: 'keytune-backup',
        version: 1,
        created: '2024-01-01T00:00:00.000Z',
        device: { display_name: 'Made68Pro', fw_ver: '1.4.2', dev_sn: '' },
        current_theme: 0,
        themes: [],
        settings,
      }),
    );
    expect((await keytune(data, 'restore', old, '--dry-run', '--device', made)).code).toBe(EXIT.file);
    const run = await keytune(data, 'restore', old, '--device', made, '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ themes: 0 });
  });
});

describe('the real keytune command', () => {
  it('prints the diff of a dry run and changes nothing', async () => {
    const data = folder();
    const bin = resolve(__dirname, '../../bin/keytune');
    const run = (...args: string[]) =>
      new Promise<{ code: number; stdout: string }>((done) =>
        execFile(
          process.execPath,
          [bin, ...args],
          { env: { ...process.env, KEYTUNE_DATA_DIR: data, KEYTUNE_HID: 'off' }, timeout: 30000 },
          (error, stdout) => done({ code: error ? Number(error.code ?? 99) : 0, stdout }),
        ),
      );
    const path = JSON.parse((await keytune(data, 'add-virtual', 'Made68Pro', '--json')).stdout).path as string;
    const file = join(data, 'made68pro.json');
    await keytune(data, 'backup', file);
    await keytune(data, 'call', 'setKeyInfo', '--index', '0', '--select', '[1]', '--code', '5', '--device', path);
    const before = await keytune(data, 'get', 'keys', '--json');
    const dry = await run('restore', file, '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^Restoring .*made68pro\.json on Made68Pro:\n {2}\S.*\n/);
    expect(dry.stdout).toContain('Nothing was written (--dry-run).');
    expect((await keytune(data, 'get', 'keys', '--json')).stdout).toBe(before.stdout);
  });
});
