import {
  VersionFormatError,
  compareVersions,
  formatVersion,
  parseVersion,
  tryParseVersion,
  versionAbove,
  versionAtLeast,
  versionAtMost,
} from '../../src/core/version.ts';

describe('parseVersion', () => {
  it.each([
    ['1.3.7', [1, 3, 7]],
    ['V1.3.7', [1, 3, 7]],
    ['v2.10.0', [2, 10, 0]],
    [' 0.9.9 ', [0, 9, 9]],
    ['01.02.03', [1, 2, 3]],
  ])('reads %j', (text, [major, minor, patch]) => {
    expect(parseVersion(text)).toEqual({ major, minor, patch });
  });

  it.each(['', 'V', '1.3', '1.3.7.1', '1.x.7', 'version 1.3.7', '-1.3.7', '1..7', 'VV1.3.7', '123456.0.0'])(
    'refuses %j with a typed error instead of treating it as 0',
    (text) => {
      expect(() => parseVersion(text)).toThrow(VersionFormatError);
      expect(tryParseVersion(text)).toBeUndefined();
    },
  );

  it('keeps the offending text on the error', () => {
    try {
      parseVersion('beta');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(VersionFormatError);
      expect((e as VersionFormatError).input).toBe('beta');
    }
  });
});

describe('compareVersions', () => {
  it.each([
    ['1.3.6', '1.3.7', -1],
    ['1.3.7', 'V1.3.7', 0],
    ['2.10.0', '2.9.9', 1],
    ['2.2.0', '2.1.9', 1],
    ['6.0.0', '5.9.9', 1],
    ['10.0.0', '9.9.9', 1],
    ['1.1.10', '1.1.9', 1],
    ['0.9.9', '1.0.0', -1],
  ] as const)('%s vs %s is %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
    expect(compareVersions(b, a)).toBe(-expected || 0);
  });

  it('compares parsed versions as well as text', () => {
    expect(compareVersions(parseVersion('3.9.7'), '3.9.6')).toBe(1);
  });

  it('throws on a malformed side', () => {
    expect(() => compareVersions('1.3.7', 'latest')).toThrow(VersionFormatError);
  });
});

describe('range helpers', () => {
  it.each([
    ['1.3.6', '1.3.6', true, true, false],
    ['1.3.5', '1.3.6', true, false, false],
    ['1.3.7', '1.3.6', false, true, true],
  ])('%s against %s: atMost %s, atLeast %s, above %s', (v, limit, atMost, atLeast, above) => {
    expect(versionAtMost(v, limit)).toBe(atMost);
    expect(versionAtLeast(v, limit)).toBe(atLeast);
    expect(versionAbove(v, limit)).toBe(above);
  });
});

describe('formatVersion', () => {
  it('prints the plain form and the device form', () => {
    const v = parseVersion('v2.10.0');
    expect(formatVersion(v)).toBe('2.10.0');
    expect(formatVersion(v, { prefix: true })).toBe('V2.10.0');
    expect(formatVersion(parseVersion(formatVersion(v)))).toBe('2.10.0');
  });
});
