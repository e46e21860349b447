import { installCommand, platformTipFor, udevRules } from '../../src/ui/device-list/udev';

describe('Linux device permission', () => {
  it('has one hidraw rule per vendor id, in hex', () => {
    const rules = udevRules().split('\n');
    expect(rules).toHaveLength(3);
    expect(rules[0]).toContain('ATTRS{idVendor}=="0416"');
    expect(rules[1]).toContain('ATTRS{idVendor}=="34b7"');
    expect(rules[2]).toContain('ATTRS{idVendor}=="3854"');
    for (const r of rules) expect(r).toMatch(/^KERNEL=="hidraw\*"/);
  });

  it('installs by curl or wget', () => {
    expect(installCommand('curl')).toMatch(/^curl -fsSL https:\/\/\S+ \| sudo sh$/);
    expect(installCommand('wget')).toMatch(/^wget -qO- https:\/\/\S+ \| sudo sh$/);
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
