/**
 * Reading a local firmware package (spec-2 §4, issue: local update): a .zip holding the firmware files. Everything is
 * checked from the central directory before a byte is inflated, so a bad archive is refused with one clear reason and
 * nothing reaches the keyboard:
 *
 * - `corrupt`: no end record, records or data outside the file, a local header that does not match, a stream that
 *   does not inflate, or a CRC-32 or length that differs from what the directory says (truncated or corrupted);
 * - `encrypted`: an entry with the encryption flag ("Encrypted zip are not supported");
 * - `method`: an entry neither stored (0) nor deflated (8);
 * - `sizes`: sizes the directory does not give (ZIP64 markers 0xFFFFFFFF without which nothing can be bounded);
 * - `traversal`: a name that is absolute, has a drive letter, a backslash or a `..` segment;
 * - `too_large`: a firmware entry larger than any update slot, or entries adding up to more than the package limit;
 * - `empty`: neither a .mgd nor a .mg file inside.
 *
 * Inflation is bounded: each firmware entry is inflated in small input steps into at most the size the directory
 * declares (itself bounded), and stops the moment it would go beyond, so a zip bomb costs neither memory nor time.
 * Firmware is found by extension: a .mgd file first (a non-empty one means the update needs another route:
 * `request`), else the .mg files, shortest name first, as the flash command takes them.
 */
import { Inflate } from 'fflate';
import { crc32 } from './crc32.ts';

export type PackageProblem = 'corrupt' | 'encrypted' | 'method' | 'sizes' | 'traversal' | 'too_large' | 'empty';

export interface PackageFile {
  name: string;
  data: Uint8Array;
}

export type PackageResult =
  | { ok: true; kind: 'flash'; files: PackageFile[] }
  | { ok: true; kind: 'request'; file: string }
  | { ok: false; problem: PackageProblem };

/** Largest firmware file taken (the update slot of every model is 1 MiB). */
export const MAX_FIRMWARE_FILE = 1 << 20;
/** Largest total the entries of a package may declare once inflated. */
export const MAX_PACKAGE_INFLATED = 16 << 20;
/** Most entries a package may hold. */
export const MAX_PACKAGE_ENTRIES = 1024;
/** Compressed bytes pushed into the inflater at a time: at most about 1 MiB of output per step. */
const INFLATE_STEP = 1024;

const SIG_EOCD = 0x06054b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;
const EOCD_SIZE = 22;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_STRONG_ENCRYPTION = 0x0040;
const METHOD_STORED = 0;
const METHOD_DEFLATE = 8;
const UNKNOWN_SIZE = 0xffffffff;

class Refused extends Error {
  constructor(readonly problem: PackageProblem) {
    super(problem);
  }
}

interface Entry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/**
 * The model id a firmware image names (docs/protocol.md §9.1: 'KTFW', format 2, model id at byte 5), so a refusal
 * for another model can say which model the file is for; undefined when the file is not such an image.
 */
export function firmwareModelId(image: Uint8Array): number | undefined {
  const magic = image.length > 5 && String.fromCharCode(image[0]!, image[1]!, image[2]!, image[3]!) === 'KTFW';
  return magic && image[4] === 2 ? image[5] : undefined;
}

/** True for a name that could write outside the folder it is unpacked into. */
export function isUnsafeEntryName(name: string): boolean {
  if (name.includes('\\') || name.includes('\0')) return true;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return true;
  return name.split('/').some((part) => part === '..');
}

function findEnd(view: DataView): number {
  const last = view.byteLength - EOCD_SIZE;
  const first = Math.max(0, last - 0xffff);
  for (let at = last; at >= first; at--) {
    if (view.getUint32(at, true) === SIG_EOCD && at + EOCD_SIZE + view.getUint16(at + 20, true) === view.byteLength)
      return at;
  }
  throw new Refused('corrupt');
}

function readDirectory(bytes: Uint8Array): Entry[] {
  if (bytes.length < EOCD_SIZE) throw new Refused('corrupt');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEnd(view);
  const count = view.getUint16(end + 10, true);
  const dirSize = view.getUint32(end + 12, true);
  const dirOffset = view.getUint32(end + 16, true);
  if (count === 0xffff || dirSize === UNKNOWN_SIZE || dirOffset === UNKNOWN_SIZE) throw new Refused('sizes');
  if (count > MAX_PACKAGE_ENTRIES) throw new Refused('too_large');
  if (dirOffset + dirSize > end) throw new Refused('corrupt');
  const decoder = new TextDecoder('utf-8', { fatal: false });
  const entries: Entry[] = [];
  let at = dirOffset;
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_SIZE > dirOffset + dirSize || view.getUint32(at, true) !== SIG_CENTRAL)
      throw new Refused('corrupt');
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const next = at + CENTRAL_SIZE + nameLength + extraLength + commentLength;
    if (next > dirOffset + dirSize) throw new Refused('corrupt');
    entries.push({
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
      name: decoder.decode(bytes.subarray(at + CENTRAL_SIZE, at + CENTRAL_SIZE + nameLength)),
    });
    at = next;
  }
  return entries;
}

/** Checks every entry, in the order a reader would meet the problems: encryption, method, sizes, names, totals. */
function checkEntries(entries: readonly Entry[]): void {
  if (entries.some((e) => (e.flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION)) !== 0)) throw new Refused('encrypted');
  if (entries.some((e) => e.method !== METHOD_STORED && e.method !== METHOD_DEFLATE)) throw new Refused('method');
  if (
    entries.some((e) => e.size === UNKNOWN_SIZE || e.compressedSize === UNKNOWN_SIZE || e.localOffset === UNKNOWN_SIZE)
  )
    throw new Refused('sizes');
  if (entries.some((e) => isUnsafeEntryName(e.name))) throw new Refused('traversal');
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  if (total > MAX_PACKAGE_INFLATED) throw new Refused('too_large');
}

const baseName = (name: string) => name.slice(name.lastIndexOf('/') + 1);
const hasExtension = (name: string, ext: string) => {
  const base = baseName(name).toLowerCase();
  return base.endsWith(ext) && base.length > ext.length;
};

/** The entry's bytes, inflated into at most its declared size, checked against its length and CRC-32. */
function extract(bytes: Uint8Array, entry: Entry): Uint8Array {
  if (entry.size > MAX_FIRMWARE_FILE) throw new Refused('too_large');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + LOCAL_SIZE > bytes.length || view.getUint32(at, true) !== SIG_LOCAL) throw new Refused('corrupt');
  if ((view.getUint16(at + 6, true) & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION)) !== 0) throw new Refused('encrypted');
  if (view.getUint16(at + 8, true) !== entry.method) throw new Refused('corrupt');
  const start = at + LOCAL_SIZE + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const stop = start + entry.compressedSize;
  if (stop > bytes.length) throw new Refused('corrupt');
  const packed = bytes.subarray(start, stop);

  let out: Uint8Array;
  if (entry.method === METHOD_STORED) {
    if (entry.compressedSize !== entry.size) throw new Refused('corrupt');
    out = packed.slice();
  } else {
    out = new Uint8Array(entry.size);
    let written = 0;
    let done = false;
    const inflater = new Inflate((chunk, final) => {
      if (written + chunk.length > entry.size) throw new Refused('corrupt');
      out.set(chunk, written);
      written += chunk.length;
      if (final) done = true;
    });
    try {
      for (let from = 0; from < packed.length; from += INFLATE_STEP) {
        const to = Math.min(packed.length, from + INFLATE_STEP);
        inflater.push(packed.subarray(from, to), to === packed.length);
      }
      if (packed.length === 0) inflater.push(new Uint8Array(0), true);
    } catch (error) {
      if (error instanceof Refused) throw error;
      throw new Refused('corrupt');
    }
    if (!done || written !== entry.size) throw new Refused('corrupt');
  }
  if (crc32(out) !== entry.crc) throw new Refused('corrupt');
  return out;
}

/** Reads a firmware package: the files to flash, a .mgd request, or the one reason it is refused. */
export function readFirmwarePackage(bytes: Uint8Array): PackageResult {
  try {
    const entries = readDirectory(bytes).filter((e) => !e.name.endsWith('/'));
    checkEntries(entries);
    const mgd = entries.filter((e) => hasExtension(e.name, '.mgd'));
    for (const entry of mgd) {
      if (extract(bytes, entry).length > 0) return { ok: true, kind: 'request', file: baseName(entry.name) };
    }
    const mg = entries
      .filter((e) => hasExtension(e.name, '.mg'))
      .sort((a, b) => baseName(a.name).length - baseName(b.name).length);
    if (mg.length === 0) return { ok: false, problem: 'empty' };
    return { ok: true, kind: 'flash', files: mg.map((e) => ({ name: baseName(e.name), data: extract(bytes, e) })) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problem: error.problem };
    return { ok: false, problem: 'corrupt' };
  }
}
