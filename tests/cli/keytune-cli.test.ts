/**
 * The keytune command line end to end: the real bin/keytune in its own process, on a throw-away data folder. Without
 * a running bridge it starts the device service itself (virtual keyboards saved in the data folder between
 * commands); with one, it talks to it over the WebSocket.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/help.ts';
import { CliError, EXIT, parseArgv, runCli } from '../../src/cli/main.ts';
import { startBridge } from '../../src/desktop/bridge.ts';
import { findModel } from '../../src/core/models.ts';
import { buildFirmwareImage } from '../../src/protocol/firmware-image.ts';
import { LINK_PRESETS } from '../../src/transport/types.ts';
import { tempDir } from '../desktop/helpers.ts';

const BIN = resolve(__dirname, '../../bin/keytune');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function keytune(dataDir: string, ...args: string[]): Promise<Run> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, KEYTUNE_DATA_DIR: dataDir, KEYTUNE_HID: 'off' }, timeout: 30000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 99) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

const dirs: { remove(): void }[] = [];
function folder(): string {
  const d = tempDir('keytune-cli-');
  dirs.push(d);
  return d.path;
}
afterAll(() => dirs.forEach((d) => d.remove()));

describe('keytune without a bridge', () => {
  let data: string;
  let path: string;
  beforeAll(async () => {
    data = folder();
    const added = await keytune(data, 'add-virtual', 'Made68Pro', '--json');
    expect(added.code).toBe(0);
    path = (JSON.parse(added.stdout) as { path: string }).path;
  });

  it('lists the keyboard the previous command added (its flash is kept in the data folder)', async () => {
    const run = await keytune(data, 'devices', '--json');
    expect(run.code).toBe(0);
    const list = JSON.parse(run.stdout) as { path: string; display_name: string }[];
    expect(list.map((d) => [d.path, d.display_name])).toEqual([[path, 'Made68Pro']]);
    const human = await keytune(data, 'devices');
    expect(human.stdout).toMatch(/PATH\s+MODEL/);
    expect(human.stdout).toContain(path);
  });

  it('writes a setting and reads it back in a later command', async () => {
    const before = JSON.parse((await keytune(data, 'get', 'settings', '--json')).stdout) as { use_n_key: number };
    const want = before.use_n_key ? 'off' : 'on';
    const set = await keytune(data, 'set', 'use_n_key', want, '--json');
    expect(set.code).toBe(0);
    const after = JSON.parse((await keytune(data, 'get', '--json')).stdout) as { use_n_key: number };
    expect(after.use_n_key).toBe(want === 'on' ? 1 : 0);
  });

  it('backs up a whole device to one file and restores it', async () => {
    const file = join(data, 'made68pro.keytune.json');
    expect((await keytune(data, 'backup', file)).code).toBe(0);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { profiles: { name: string }[] };
    expect(saved.profiles.length).toBeGreaterThan(1);

    const renamed = await keytune(
      data,
      'call',
      'setThemeInfo',
      '--device',
      path,
      '--cur_theme_id',
      '1',
      '--theme_name',
      'Changed',
    );
    expect(renamed.code).toBe(0);
    const s = JSON.parse((await keytune(data, 'get', 'settings', '--json')).stdout) as { use_n_key: number };
    await keytune(data, 'set', 'use_n_key', s.use_n_key ? 'off' : 'on');

    const restored = await keytune(data, 'restore', file, '--json');
    expect(restored.code).toBe(0);
    const themes = JSON.parse((await keytune(data, 'get', 'themes', '--json')).stdout) as { theme_info_list: string[] };
    expect(themes.theme_info_list).toEqual(saved.profiles.map((p) => p.name));
    const back = JSON.parse((await keytune(data, 'get', 'settings', '--json')).stdout) as { use_n_key: number };
    expect(back.use_n_key).toBe(s.use_n_key);
  });

  it('flashes a firmware package', async () => {
    const image = join(data, 'made68pro.mg');
    writeFileSync(image, buildFirmwareImage(findModel('Made68Pro')!.modelId, '10.3.0', 2000));
    const run = await keytune(data, 'flash', image, '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ path, fw_ver: 'V10.3.0' });
  });

  it('answers a refused call with exit code 1 and the reason, as JSON with --json', async () => {
    const run = await keytune(data, 'call', 'setSettingInfo', '--device', path, '--sleep_time', '5', '--json');
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr)).toMatchObject({ error: { code: 2, key: 'err.args.invalid' } });
    const bad = join(data, 'bad.mg');
    writeFileSync(bad, 'not firmware');
    const refused = await keytune(data, 'flash', bad);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^keytune: .+\[[\w.]+\]/);
  });

  it('says which files are wrong, with exit code 5', async () => {
    const notBackup = join(data, 'note.txt');
    writeFileSync(notBackup, 'hello');
    const run = await keytune(data, 'restore', notBackup);
    expect(run.code).toBe(5);
    expect(run.stderr).toContain('not a Keytune backup');
    expect((await keytune(data, 'restore', join(data, 'missing.json'))).code).toBe(5);
  });
});

describe('keytune choosing a device', () => {
  it('exits 3 with no device, and with two devices and no --device', async () => {
    const data = folder();
    const none = await keytune(data, 'get', 'settings');
    expect(none.code).toBe(3);
    expect(none.stderr).toContain('no device');
    await keytune(data, 'add-virtual', 'Made68Pro');
    await keytune(data, 'add-virtual', 'Made68Pro');
    const two = await keytune(data, 'get', 'settings');
    expect(two.code).toBe(3);
    expect(two.stderr).toContain('--device');
  });
});

describe('keytune help and usage', () => {
  it('has --help for every command, and exits 2 on a wrong command line', async () => {
    const data = folder();
    for (const name of Object.keys(COMMANDS)) {
      const run = await keytune(data, name, '--help');
      expect(run.code, name).toBe(0);
      expect(run.stdout, name).toContain(`Usage: keytune ${name}`);
      expect(run.stdout, name).toContain('Exit codes');
    }
    const all = await keytune(data, '--help');
    expect(all.code).toBe(0);
    for (const name of Object.keys(COMMANDS)) expect(all.stdout).toContain(name);
    expect((await keytune(data, 'frobnicate')).code).toBe(2);
    expect((await keytune(data, 'set', 'use_n_key')).code).toBe(2);
    expect((await keytune(data, 'call', 'noSuchMethod')).code).toBe(2);
  }, 120000);
});

describe('keytune with a running bridge', () => {
  it('uses the bridge the desktop app started, and exits 4 with --remote when none runs', async () => {
    const data = folder();
    const bridge = await startBridge({ dataDir: data, hid: null, link: LINK_PRESETS.instant, announce: true });
    try {
      const path = await bridge.service.addVirtual({ displayName: 'Made68Pro', fwVer: '1.4.2' });
      const run = await keytune(data, 'devices', '--remote', '--json');
      expect(run.code).toBe(0);
      expect((JSON.parse(run.stdout) as { path: string }[]).map((d) => d.path)).toEqual([path.path]);
      const set = await keytune(data, 'set', 'use_sleep', 'on', 'sleep_time', '10', '--remote', '--json');
      expect(set.code).toBe(0);
      expect(bridge.service.devices()).toHaveLength(1);
    } finally {
      await bridge.close();
    }
    const none = await keytune(data, 'devices', '--remote');
    expect(none.code).toBe(4);
  });
});

describe('keytune with argument names that are members of Object.prototype', () => {
  const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

  it('refuses them in the argument parser as a wrong command line (exit 2)', () => {
    for (const name of names) {
      for (const argv of [
        ['call', 'getDevList', `--${name}`, '1'],
        ['call', 'getDevList', `--${name}=1`],
      ]) {
        let error: unknown;
        try {
          parseArgv(argv);
        } catch (e) {
          error = e;
        }
        expect(error, argv.join(' ')).toBeInstanceOf(CliError);
        expect((error as CliError).code, argv.join(' ')).toBe(EXIT.usage);
        expect((error as CliError).key, argv.join(' ')).toBe('err.args.invalid');
      }
    }
  });

  it('refuses them as commands, methods and areas too, never blaming a device', async () => {
    const data = folder();
    const io = () => {
      const run = { out: '', err: '' };
      return {
        run,
        io: {
          out: (t: string) => (run.out += t),
          err: (t: string) => (run.err += t),
          env: { KEYTUNE_DATA_DIR: data, KEYTUNE_HID: 'off' },
        },
      };
    };
    for (const name of names) {
      for (const argv of [[name], ['call', name], ['get', name], ['call', 'getDevList', `--${name}`, '[]']]) {
        const { run, io: out } = io();
        const code = await runCli(argv, out);
        expect(code, argv.join(' ')).toBe(EXIT.usage);
        expect(run.err, argv.join(' ')).not.toContain('err.dev.reply');
      }
    }
  });
});

describe('keytune get on a keyboard of another family', () => {
  it('prints what the keyboard lacks, never a crash', async () => {
    const data = folder();
    expect((await keytune(data, 'add-virtual', 'HE60 (libhmk)', '--fw', '1.7.0')).code).toBe(0);
    const options = await keytune(data, 'get', 'options');
    expect(options.code).not.toBe(0);
    expect(options.stderr).toBe(
      'keytune: HE60 has no option list of our own protocol (tabs, levels, switch types) [err.family.not.offered]\n',
    );
    const lighting = await keytune(data, 'get', 'lighting');
    expect(lighting.stderr).toBe('keytune: HE60 has no per-key lighting [err.family.not.offered]\n');
    expect((await keytune(data, 'get', 'keys')).code).toBe(0);
  });
});
