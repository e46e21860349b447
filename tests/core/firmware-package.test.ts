/**
 * Reading local firmware packages: the firmware files found in a good .zip, and a corpus of bad archives built here,
 * each refused with its reason before anything would be flashed. Bounded inflation: a zip bomb is refused from the
 * central directory, or stops at its declared size, without inflating it.
 */
import fc from 'fast-check';
import { zipSync, type Zippable } from 'fflate';
import {
  isUnsafeEntryName,
  MAX_FIRMWARE_FILE,
  readFirmwarePackage,
  type PackageResult,
} from '../../src/core/firmware-package';
import { buildFirmwareImage } from '../../src/protocol/firmware-image';

const image = buildFirmwareImage(3, '1.4.3', 8192);
const zip = (files: Zippable) => zipSync(files, { mtime: new Date('2024-01-01T00:00:00Z') });

function offsets(bytes: Uint8Array, signature: number): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: number[] = [];
  for (let at = 0; at + 4 <= bytes.length; at++) if (view.getUint32(at, true) === signature) found.push(at);
  return found;
}
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** Writes a little-endian field of every central (and local) header. */
function patch(bytes: Uint8Array, field: { central?: number; local?: number }, value: number, size: 2 | 4): Uint8Array {
  const copy = bytes.slice();
  const view = new DataView(copy.buffer);
  const write = (at: number) => (size === 2 ? view.setUint16(at, value, true) : view.setUint32(at, value, true));
  if (field.central !== undefined) for (const at of offsets(copy, CENTRAL)) write(at + field.central);
  if (field.local !== undefined) for (const at of offsets(copy, LOCAL)) write(at + field.local);
  return copy;
}

const problem = (result: PackageResult) => (result.ok ? result.kind : result.problem);

describe('good packages', () => {
  it('answers the .mg file with its exact bytes, deflated or stored, in a folder or not', () => {
    const packages: Zippable[] = [
      { 'made68pro.mg': image },
      { 'made68pro.mg': [image, { level: 0 }] as [Uint8Array, { level: 0 }] },
      { 'firmware/made68pro.mg': image, 'readme.txt': new TextEncoder().encode('notes') },
    ];
    for (const files of packages) {
      const result = readFirmwarePackage(zip(files));
      expect(result).toEqual({ ok: true, kind: 'flash', files: [{ name: 'made68pro.mg', data: image }] });
    }
  });

  it('sends several .mg files shortest name first', () => {
    const other = buildFirmwareImage(3, '1.4.4', 100);
    const result = readFirmwarePackage(zip({ 'main_long_name.mg': image, 'a.mg': other, 'ab.MG': image }));
    expect(result.ok && result.kind === 'flash' && result.files.map((f) => f.name)).toEqual([
      'a.mg',
      'ab.MG',
      'main_long_name.mg',
    ]);
  });

  it('looks for .mgd first: a non-empty one is a request and nothing is flashed; an empty one is passed over', () => {
    expect(readFirmwarePackage(zip({ 'x.mgd': new Uint8Array([1, 2, 3]), 'x.mg': image }))).toEqual({
      ok: true,
      kind: 'request',
      file: 'x.mgd',
    });
    expect(problem(readFirmwarePackage(zip({ 'x.mgd': new Uint8Array(0), 'x.mg': image })))).toBe('flash');
  });
});

describe('the corpus of bad archives', () => {
  const good = zip({ 'made68pro.mg': image });

  it.each<[string, () => Uint8Array, string]>([
    ['not a zip at all', () => new TextEncoder().encode('hello, this is not an archive at all'), 'corrupt'],
    ['an empty file', () => new Uint8Array(0), 'corrupt'],
    ['encrypted (flag in the directory)', () => patch(good, { central: 8 }, 1, 2), 'encrypted'],
    ['encrypted (flag in the local header only)', () => patch(good, { local: 6 }, 1, 2), 'encrypted'],
    ['an unknown compression method', () => patch(good, { central: 10, local: 8 }, 99, 2), 'method'],
    ['missing size information', () => patch(good, { central: 24 }, 0xffffffff, 4), 'sizes'],
    ['no firmware inside', () => zip({ 'readme.txt': new Uint8Array([65]), 'fw.bin': image }), 'empty'],
    ['only a folder', () => zip({ 'fw/': {} }), 'empty'],
    ['path traversal', () => zip({ '../../evil.mg': image }), 'traversal'],
    ['an absolute path', () => zip({ '/etc/evil.mg': image }), 'traversal'],
    ['a drive letter', () => zip({ 'C:/evil.mg': image }), 'traversal'],
    [
      'a firmware file larger than any update slot',
      () => zip({ 'big.mg': new Uint8Array(MAX_FIRMWARE_FILE + 1) }),
      'too_large',
    ],
    ['a CRC-32 that does not match', () => patch(good, { central: 16 }, 0x12345678, 4), 'corrupt'],
    ['a declared size smaller than the data', () => patch(good, { central: 24 }, 100, 4), 'corrupt'],
    ['a directory pointing past the end', () => patch(good, { central: 42 }, 0x7fffffff, 4), 'corrupt'],
  ])('%s', (_name, build, expected) => {
    expect(problem(readFirmwarePackage(build()))).toBe(expected);
  });

  it('a truncated archive is refused at every length', () => {
    for (let length = 0; length < good.length; length += 97) {
      expect(readFirmwarePackage(good.subarray(0, length)).ok).toBe(false);
    }
  });

  it('a damaged byte anywhere never yields firmware that differs from the image', () => {
    fc.assert(
      fc.property(fc.nat(good.length - 1), fc.integer({ min: 1, max: 255 }), (at, xor) => {
        const bad = good.slice();
        bad[at] = bad[at]! ^ xor;
        const result = readFirmwarePackage(bad);
        if (result.ok && result.kind === 'flash') for (const f of result.files) expect(f.data).toEqual(image);
      }),
      { numRuns: 300 },
    );
  });
});

describe('bounded inflation', () => {
  it('refuses a package declaring an absurd inflated size from its directory, without inflating it', () => {
    // 20 entries of 1 MiB of zeros: each fits an update slot, together they are absurd; they deflate to a few KiB each.
    const files: Zippable = {};
    for (let i = 0; i < 20; i++) files[`part${i}.bin`] = new Uint8Array(1 << 20);
    const bomb = zip({ ...files, 'fw.mg': image });
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    expect(problem(readFirmwarePackage(bomb))).toBe('too_large');
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('refuses one firmware entry larger than any update slot before inflating it', () => {
    const bomb = zip({ 'fw.mg': new Uint8Array(64 << 20) });
    const started = performance.now();
    expect(problem(readFirmwarePackage(bomb))).toBe('too_large');
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('stops a bomb that lies about its size at the size it declared', () => {
    const liar = patch(zip({ 'fw.mg': new Uint8Array(8 << 20) }), { central: 24, local: 22 }, 4096, 4);
    const started = performance.now();
    expect(problem(readFirmwarePackage(liar))).toBe('corrupt');
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('entry names', () => {
  it.each(['../x.mg', 'a/../../x.mg', '/x.mg', 'C:x.mg', 'a\\..\\x.mg'])('%s is unsafe', (name) => {
    expect(isUnsafeEntryName(name)).toBe(true);
  });
  it.each(['x.mg', 'fw/x.mg', 'fw/..x.mg', 'v1.2/x.mg'])('%s is safe', (name) => {
    expect(isUnsafeEntryName(name)).toBe(false);
  });
});
