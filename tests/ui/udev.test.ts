import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MODELS } from '../../src/core/models';
import {
  installCommand,
  platformTipFor,
  servedUrl,
  UDEV_RULE_FILE,
  UDEV_SCRIPT_FILE,
  udevRules,
} from '../../src/ui/device-list/udev';

const PUBLIC = join(__dirname, '../../public');
const script = join(PUBLIC, UDEV_SCRIPT_FILE);
const ruleLines = (text: string) => text.split('\n').filter((l) => l !== '' && !l.startsWith('#'));

describe('Linux device permission', () => {
  it('matches each model by vendor and product id, never a whole vendor', () => {
    const lines = ruleLines(udevRules());
    for (const m of MODELS) {
      const vid = m.vendorId.toString(16).padStart(4, '0');
      const pid = m.productId.toString(16).padStart(4, '0');
      expect(lines).toContain(
        `KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="${vid}", ATTRS{idProduct}=="${pid}", MODE="0660", TAG+="uaccess"`,
      );
    }
    for (const line of lines) {
      expect(line).toMatch(/^KERNEL=="hidraw\*", SUBSYSTEM=="hidraw", /);
      expect(line).toMatch(/ATTRS\{idProduct\}=="[0-9a-f]{4}"|KERNELS=="0005:[0-9A-F]{4}:[0-9A-F]{4}\.\*"/);
    }
  });

  it('also matches wireless models over Bluetooth, by their HID name', () => {
    const lines = ruleLines(udevRules());
    expect(lines).toContain(
      'KERNEL=="hidraw*", SUBSYSTEM=="hidraw", KERNELS=="0005:3854:300A.*", MODE="0660", TAG+="uaccess"',
    );
    expect(lines.filter((l) => l.includes('KERNELS=='))).toHaveLength(MODELS.filter((m) => m.wireless).length);
  });

  it('the app serves the rule file it shows', () => {
    expect(readFileSync(join(PUBLIC, UDEV_RULE_FILE), 'utf8')).toBe(udevRules());
  });

  it('installs by curl or wget from the page’s own address', () => {
    const url = servedUrl(UDEV_SCRIPT_FILE, 'http://127.0.0.1:4173', '/');
    expect(url).toBe('http://127.0.0.1:4173/linux/keytune-udev.sh');
    expect(installCommand('curl', url)).toBe('curl -fsSL http://127.0.0.1:4173/linux/keytune-udev.sh | sudo sh');
    expect(installCommand('wget', url)).toBe('wget -qO- http://127.0.0.1:4173/linux/keytune-udev.sh | sudo sh');
    expect(servedUrl(UDEV_RULE_FILE, 'https://example.org', '/keytune/')).toBe(
      'https://example.org/keytune/linux/70-keytune.rules',
    );
  });
});

describe('the install script', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'keytune-udev-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('installs the rule under --root, readable by all, and says where', () => {
    const out = execFileSync('sh', [script, '--root', root], { encoding: 'utf8' });
    const installed = join(root, 'etc/udev/rules.d/70-keytune.rules');
    expect(readFileSync(installed, 'utf8')).toBe(udevRules());
    expect(statSync(installed).mode & 0o777).toBe(0o644);
    expect(out).toContain(`Installed ${installed}`);
  });

  it('replaces an older rule and leaves no temporary file', () => {
    execFileSync('sh', [script, '--root', root]);
    execFileSync('sh', [script, `--root=${root}`]);
    const dir = join(root, 'etc/udev/rules.d');
    expect(readFileSync(join(dir, '70-keytune.rules'), 'utf8')).toBe(udevRules());
    expect(() => statSync(join(dir, '70-keytune.rules.tmp'))).toThrow();
  });

  it('prints the rule with --print and refuses unknown options', () => {
    expect(execFileSync('sh', [script, '--print'], { encoding: 'utf8' })).toBe(udevRules());
    expect(() => execFileSync('sh', [script, '--bogus'], { stdio: 'pipe' })).toThrow();
  });
});

describe('platform tip at start', () => {
  const base = { platform: 'window', checkDevPermission: undefined, navigatorHasHid: true, userAgent: 'Chrome/140' };

  it('shows the Linux tip on Linux unless turned off', () => {
    expect(platformTipFor({ ...base, platform: 'linux' })).toBe('linux');
    expect(platformTipFor({ ...base, platform: 'linux', checkDevPermission: '1' })).toBe('linux');
    expect(platformTipFor({ ...base, platform: 'linux', checkDevPermission: '0' })).toBeNull();
  });

  it('shows the Firefox tip when Firefox has no WebHID', () => {
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
    expect(platformTipFor({ ...base, navigatorHasHid: false, userAgent: firefox })).toBe('firefox');
    expect(platformTipFor({ ...base, navigatorHasHid: true, userAgent: firefox })).toBeNull();
    expect(platformTipFor({ ...base, navigatorHasHid: false })).toBeNull();
  });
});
