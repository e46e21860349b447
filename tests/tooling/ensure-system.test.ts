import { describe, expect, it } from 'vitest';
import {
  SUDO_COMMAND,
  decide,
  ensureSystem,
  findChromium,
  findOnPath,
  hasChineseFont,
  stopMessage,
  tail,
  type InstallResult,
  type System,
} from '../../scripts/ensure-system.mjs';

const FC_LIST_WITH_FONT = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf: DejaVu Sans',
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc: WenQuanYi Micro Hei,文泉驛微米黑,文泉驿微米黑',
].join('\n');
const FC_LIST_WITHOUT_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf: DejaVu Sans\n';

const only =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path);

describe('findChromium', () => {
  it('prefers /usr/bin/chromium', () => {
    const executable = only('/usr/bin/chromium', '/opt/bin/chromium');
    expect(findChromium({ env: { PATH: '/opt/bin' }, executable })).toBe('/usr/bin/chromium');
  });

  it('falls back to chromium on PATH, then chromium-browser', () => {
    expect(findChromium({ env: { PATH: '/a:/opt/bin' }, executable: only('/opt/bin/chromium') })).toBe(
      '/opt/bin/chromium',
    );
    expect(findChromium({ env: { PATH: '/a:/snap/bin' }, executable: only('/snap/bin/chromium-browser') })).toBe(
      '/snap/bin/chromium-browser',
    );
    expect(
      findChromium({
        env: { PATH: '/x:/y' },
        executable: only('/x/chromium-browser', '/y/chromium'),
      }),
    ).toBe('/y/chromium');
  });

  it('answers null when there is none', () => {
    expect(findChromium({ env: { PATH: '/usr/bin:/bin' }, executable: () => false })).toBeNull();
    expect(findChromium({ env: {}, executable: () => false })).toBeNull();
  });

  it('takes KEYTUNE_CHROMIUM as given, even over /usr/bin/chromium', () => {
    const env = { KEYTUNE_CHROMIUM: '/opt/chrome/chrome', PATH: '/usr/bin' };
    expect(findChromium({ env, executable: only('/usr/bin/chromium') })).toBe('/opt/chrome/chrome');
  });

  it('skips empty PATH entries', () => {
    expect(findOnPath('chromium', '::/opt/bin:', only('/opt/bin/chromium'))).toBe('/opt/bin/chromium');
    expect(findOnPath('chromium', '', () => true)).toBeNull();
  });
});

describe('hasChineseFont', () => {
  it('finds WenQuanYi Micro Hei in fc-list output', () => {
    expect(hasChineseFont(FC_LIST_WITH_FONT)).toBe(true);
    expect(hasChineseFont(FC_LIST_WITHOUT_FONT)).toBe(false);
    expect(hasChineseFont('')).toBe(false);
    expect(hasChineseFont(null)).toBe(false);
  });
});

describe('decide', () => {
  it('is ok when both are there, whoever runs it', () => {
    expect(decide({ chromium: '/usr/bin/chromium', font: true, isRoot: false, hasAptGet: false })).toBe('ok');
  });

  it('installs only as root with apt-get', () => {
    for (const [chromium, font] of [
      [null, true],
      ['/usr/bin/chromium', false],
      [null, false],
    ] as const) {
      expect(decide({ chromium, font, isRoot: true, hasAptGet: true })).toBe('install');
      expect(decide({ chromium, font, isRoot: false, hasAptGet: true })).toBe('stop');
      expect(decide({ chromium, font, isRoot: true, hasAptGet: false })).toBe('stop');
    }
  });
});

describe('tail', () => {
  it('keeps the last lines', () => {
    const text = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    expect(tail(text).split('\n')).toEqual(Array.from({ length: 20 }, (_, i) => `line ${i + 11}`));
    expect(tail('one\ntwo\n', 5)).toBe('one\ntwo');
  });
});

interface Fake {
  system: System;
  out: string[];
  err: string[];
  installs: number;
}

/** A machine with or without Chromium and the font; `install` makes both appear unless told it fails. */
function fakeMachine(options: {
  chromium: boolean;
  font: boolean;
  isRoot: boolean;
  hasAptGet: boolean;
  installResult?: InstallResult;
  installFixes?: boolean;
  env?: Record<string, string>;
}): Fake {
  let chromium = options.chromium;
  let font = options.font;
  const fake: Fake = { out: [], err: [], installs: 0, system: undefined as unknown as System };
  fake.system = {
    env: options.env ?? {},
    logFile: '/tmp/fake-apt.log',
    executable: (path) => chromium && path === '/usr/bin/chromium',
    findChromium: () => options.env?.KEYTUNE_CHROMIUM ?? (chromium ? '/usr/bin/chromium' : null),
    fcList: () => (font ? FC_LIST_WITH_FONT : FC_LIST_WITHOUT_FONT),
    isRoot: () => options.isRoot,
    hasAptGet: () => options.hasAptGet,
    install: () => {
      fake.installs++;
      const result = options.installResult ?? { ok: true, output: 'Setting up chromium\n' };
      if (result.ok && options.installFixes !== false) {
        chromium = true;
        font = true;
      }
      return result;
    },
    log: (line) => fake.out.push(line),
    error: (line) => fake.err.push(line),
  };
  return fake;
}

describe('ensureSystem', () => {
  it('does nothing when Chromium and the font are there', () => {
    const fake = fakeMachine({ chromium: true, font: true, isRoot: true, hasAptGet: true });
    expect(ensureSystem(fake.system)).toBe(0);
    expect(fake.installs).toBe(0);
    expect(fake.out.join('\n')).toContain('/usr/bin/chromium');
  });

  it('installs with apt-get as root, then checks again', () => {
    const fake = fakeMachine({ chromium: false, font: false, isRoot: true, hasAptGet: true });
    expect(ensureSystem(fake.system)).toBe(0);
    expect(fake.installs).toBe(1);
    expect(fake.out[0]).toContain('apt-get update && apt-get install -y chromium fonts-wqy-microhei');
    expect(fake.out[0]).toContain('/tmp/fake-apt.log');
    expect(fake.err).toEqual([]);
  });

  it('installs when only the font is missing', () => {
    const fake = fakeMachine({ chromium: true, font: false, isRoot: true, hasAptGet: true });
    expect(ensureSystem(fake.system)).toBe(0);
    expect(fake.installs).toBe(1);
  });

  it('shows the tail of the log when apt-get fails', () => {
    const output = Array.from({ length: 40 }, (_, i) => `apt line ${i + 1}`).join('\n');
    const fake = fakeMachine({
      chromium: false,
      font: false,
      isRoot: true,
      hasAptGet: true,
      installResult: { ok: false, reason: 'exit code 100', output },
    });
    expect(ensureSystem(fake.system)).toBe(1);
    const err = fake.err.join('\n');
    expect(err).toContain('exit code 100');
    expect(err).toContain('apt line 40');
    expect(err).toContain('apt line 21');
    expect(err).not.toContain('apt line 20\n');
  });

  it('fails when apt-get succeeds but something is still missing', () => {
    const fake = fakeMachine({
      chromium: false,
      font: true,
      isRoot: true,
      hasAptGet: true,
      installFixes: false,
    });
    expect(ensureSystem(fake.system)).toBe(1);
    expect(fake.err.join('\n')).toMatch(/Still missing after apt-get: Chromium/);
  });

  it('stops at once with the sudo command when not root', () => {
    const fake = fakeMachine({ chromium: false, font: false, isRoot: false, hasAptGet: true });
    expect(ensureSystem(fake.system)).toBe(1);
    expect(fake.installs).toBe(0);
    const err = fake.err.join('\n');
    expect(err).toContain('sudo apt-get update && sudo apt-get install -y chromium fonts-wqy-microhei');
    expect(err).toContain('Chromium');
    expect(err).toContain('fonts-wqy-microhei');
  });

  it('stops as root when there is no apt-get', () => {
    const fake = fakeMachine({ chromium: true, font: false, isRoot: true, hasAptGet: false });
    expect(ensureSystem(fake.system)).toBe(1);
    expect(fake.installs).toBe(0);
    expect(fake.err.join('\n')).toContain(SUDO_COMMAND);
    expect(fake.err.join('\n')).not.toMatch(/Chromium \(/);
  });

  it('reports a KEYTUNE_CHROMIUM that is not there, without running apt-get', () => {
    const fake = fakeMachine({
      chromium: true,
      font: true,
      isRoot: true,
      hasAptGet: true,
      env: { KEYTUNE_CHROMIUM: '/nowhere/chromium' },
    });
    expect(ensureSystem(fake.system)).toBe(1);
    expect(fake.installs).toBe(0);
    expect(fake.err.join('\n')).toContain('KEYTUNE_CHROMIUM=/nowhere/chromium');
  });
});

describe('stopMessage', () => {
  it('gives the one command to run on its own line', () => {
    const lines = stopMessage(['Chromium']).split('\n');
    expect(lines.map((l) => l.trim())).toContain(SUDO_COMMAND);
    expect(SUDO_COMMAND).toBe('sudo apt-get update && sudo apt-get install -y chromium fonts-wqy-microhei');
  });
});
