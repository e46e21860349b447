/**
 * Firmware versions as the devices report them ("1.3.7", "V1.3.7", "v2.10.0").
 * Every capability rule compares versions, so a version that cannot be read must fail loudly: treating it as 0.0.0
 * would quietly switch a new device into its oldest feature set.
 */

export interface Version {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

/** A version text that is not three dot-separated numbers with an optional V prefix. */
export class VersionFormatError extends Error {
  readonly input: string;
  constructor(input: string) {
    super(`Not a firmware version: "${input}" (expected e.g. 1.3.7 or V1.3.7)`);
    this.name = 'VersionFormatError';
    this.input = input;
  }
}

// Five digits per part keeps every part a small safe integer; no device numbers its firmware beyond that.
const VERSION_PATTERN = /^[vV]?(\d{1,5})\.(\d{1,5})\.(\d{1,5})$/;

/** Reads a version, or returns undefined when the text is not one. */
export function tryParseVersion(text: string): Version | undefined {
  const m = VERSION_PATTERN.exec(text.trim());
  if (!m) return undefined;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]) };
}

/** Reads a version; throws VersionFormatError when the text is not one. */
export function parseVersion(text: string): Version {
  const v = tryParseVersion(text);
  if (!v) throw new VersionFormatError(text);
  return v;
}

export type VersionLike = string | Version;

function toVersion(v: VersionLike): Version {
  return typeof v === 'string' ? parseVersion(v) : v;
}

/** -1, 0 or 1 as a is older than, equal to or newer than b. Numeric per part: 2.10.0 is newer than 2.9.9. */
export function compareVersions(a: VersionLike, b: VersionLike): -1 | 0 | 1 {
  const x = toVersion(a);
  const y = toVersion(b);
  const d = x.major - y.major || x.minor - y.minor || x.patch - y.patch;
  return d < 0 ? -1 : d > 0 ? 1 : 0;
}

/** v <= limit ("up to 1.3.6" in the spec). */
export function versionAtMost(v: VersionLike, limit: VersionLike): boolean {
  return compareVersions(v, limit) <= 0;
}

/** v >= limit ("2.2.0 and above"). */
export function versionAtLeast(v: VersionLike, limit: VersionLike): boolean {
  return compareVersions(v, limit) >= 0;
}

/** v > limit ("newer than 2.1.5"). */
export function versionAbove(v: VersionLike, limit: VersionLike): boolean {
  return compareVersions(v, limit) > 0;
}

/** "1.3.7"; with `prefix` "V1.3.7", the form devices print. */
export function formatVersion(v: Version, options: { prefix?: boolean } = {}): string {
  return `${options.prefix ? 'V' : ''}${v.major}.${v.minor}.${v.patch}`;
}
