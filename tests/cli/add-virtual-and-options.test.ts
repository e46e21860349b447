/**
 * keytune add-virtual takes MODEL@VERSION and MODEL --fw VERSION for the keyboards of every family and says each
 * family's own default firmware; every command refuses an option it does not take (exit 2, with its usage).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS, type CommandName } from '../../src/cli/help.ts';
import { EXIT, runCli } from '../../src/cli/main.ts';
import { tempDir } from '../desktop/helpers.ts';

const dirs: { remove(): void }[] = [];
afterAll(() => dirs.forEach((d) => d.remove()));

function folder(): string {
  const d = tempDir();
  dirs.push(d);
  return d.path;
}

async function keytune(data: string, ...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const run = { code: 0, out: '', err: '' };
  run.code = await runCli(argv, {
    out: (t: string) => (run.out += t),
    err: (t: string) => (run.err += t),
    env: { KEYTUNE_DATA_DIR: data, KEYTUNE_HID: 'off' },
  });
  return run;
}

interface Listed {
  path: string;
  fw_ver?: string;
  display_name?: string;
}

async function listed(data: string): Promise<Listed[]> {
  const list = await keytune(data, 'devices', '--json');
  expect(list.code, list.err).toBe(0);
  return JSON.parse(list.out) as Listed[];
}

describe('keytune add-virtual', () => {
  const cases = [
    { model: 'Made68Pro', version: '1.4.0', fallback: '1.4.2', shows: (v: string) => `"fw_ver": "V${v}"` },
    { model: 'Cyber01', version: '3.0.1', fallback: '3.0.2', shows: (v: string) => `"fw_ver": "V${v}"` },
    { model: 'he60', version: '1.6.0', fallback: '1.7.0', shows: (v: string) => `"fw_ver": "${v}"` },
    // A VIA board reports no firmware version; its protocol version shows in its key-code space.
    {
      model: 'via65',
      version: '11.0.0',
      fallback: '12.0.0',
      shows: (v: string) => `"keycodeSpace": "qmk-v${v.split('.')[0]}"`,
    },
  ];
  for (const { model, version, fallback, shows } of cases) {
    it(`adds ${model} as ${model}@${version}, with --fw ${version} and with its family's default ${fallback}`, async () => {
      for (const [argv, want] of [
        [[`${model}@${version}`], version],
        [[model, '--fw', version], version],
        [[model], fallback],
      ] as const) {
        const data = folder();
        const added = await keytune(data, 'add-virtual', ...argv);
        expect(added.code, `${argv.join(' ')}: ${added.err}`).toBe(0);
        const devices = await listed(data);
        expect(devices, argv.join(' ')).toHaveLength(1);
        expect(JSON.stringify(devices[0], null, 1).replace(/\n */g, ' '), argv.join(' ')).toContain(shows(want));
      }
    }, 60000);
  }

  it('refuses two different versions and an empty one', async () => {
    const data = folder();
    expect((await keytune(data, 'add-virtual', 'he60@1.7.0', '--fw', '1.6.0')).code).toBe(EXIT.usage);
    expect((await keytune(data, 'add-virtual', 'he60@')).code).toBe(EXIT.usage);
  });

  it("names each family's own default firmware in its help", () => {
    const help = COMMANDS['add-virtual'];
    expect(help).toContain('MODEL[@VERSION]');
    expect(help).toMatch(/model's latest firmware \(Made68Pro\s+1\.4\.2, Cyber01 3\.0\.2/);
    expect(help).toMatch(/he60 .*HE60 \(libhmk\).*default 1\.7\.0/);
    expect(help).toMatch(/via65 .*Keytune VIA 65.*default 12\.0\.0/);
    expect(help).not.toMatch(/every model|Adds a virtual keyboard driven by the reference firmware/);
  });
});

describe('an option a command does not take', () => {
  const commands = (Object.keys(COMMANDS) as CommandName[]).filter((c) => c !== 'call');
  it('is refused by every command with exit 2 and that command usage, before anything runs', async () => {
    const data = folder();
    for (const command of commands) {
      const run = await keytune(data, command, 'f.json', '--bogus', '1');
      expect(run.code, command).toBe(EXIT.usage);
      expect(run.err, command).toContain(`--bogus is not an option of keytune ${command}`);
      expect(run.err, command).toContain(COMMANDS[command].split('\n')[0]);
      const flag = await keytune(data, command, '--bogus');
      expect(flag.code, command).toBe(EXIT.usage);
    }
    expect(await listed(data)).toEqual([]);
  }, 60000);

  it('is not refused when the command takes it', async () => {
    const data = folder();
    expect((await keytune(data, 'add-virtual', 'Made68Pro', '--access-mode', '0')).code).toBe(0);
    expect((await keytune(data, 'devices', '--json')).code).toBe(0);
  });
});
