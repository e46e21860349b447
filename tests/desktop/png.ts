/**
 * Pictures for the app-window screenshot test: the X framebuffer Xvfb keeps as an XWD file (`-fbdir`), a small PNG
 * writer and reader (8-bit RGB, the files this test writes), and a pixel comparison.
 */
import { deflateSync, inflateSync } from 'node:zlib';

export interface Picture {
  width: number;
  height: number;
  /** RGB, three bytes a pixel, row after row. */
  rgb: Buffer;
}

/** Reads a 24/32-bit TrueColor XWD file (Xvfb's framebuffer file): header big-endian, pixels in its byte order. */
export function readXwd(file: Buffer): Picture {
  const u32 = (at: number) => file.readUInt32BE(at);
  const headerSize = u32(0);
  const width = u32(16);
  const height = u32(20);
  const byteOrder = u32(28); // 0: least significant byte first
  const bitsPerPixel = u32(44);
  const bytesPerLine = u32(48);
  const redMask = u32(56);
  const greenMask = u32(60);
  const blueMask = u32(64);
  const colours = u32(76);
  if (bitsPerPixel !== 32 && bitsPerPixel !== 24) throw new Error(`XWD with ${bitsPerPixel} bits a pixel`);
  const start = headerSize + colours * 12;
  const bytes = bitsPerPixel / 8;
  const shift = (mask: number) => 31 - Math.clz32(mask & -mask);
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = start + y * bytesPerLine + x * bytes;
      let v = 0;
      for (let b = 0; b < bytes; b++) {
        const byte = file[at + b]!;
        v = byteOrder === 0 ? v + byte * 2 ** (8 * b) : v * 256 + byte;
      }
      const o = (y * width + x) * 3;
      rgb[o] = (v & redMask) >>> shift(redMask);
      rgb[o + 1] = (v & greenMask) >>> shift(greenMask);
      rgb[o + 2] = (v & blueMask) >>> shift(blueMask);
    }
  }
  return { width, height, rgb };
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export function writePng(picture: Picture): Buffer {
  const { width, height, rgb } = picture;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, RGB, deflate, no filter method choice, no interlace
  const raw = Buffer.alloc(height * (width * 3 + 1));
  for (let y = 0; y < height; y++) rgb.copy(raw, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Reads an 8-bit RGB PNG without interlace (any row filter). */
export function readPng(file: Buffer): Picture {
  if (!file.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG file');
  let at = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (at < file.length) {
    const length = file.readUInt32BE(at);
    const type = file.toString('ascii', at + 4, at + 8);
    const body = file.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[9] !== 2 || body[12] !== 0) throw new Error('only 8-bit RGB PNG files are read');
    } else if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * 3;
  const rgb = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= 3 ? rgb[y * stride + x - 3]! : 0;
      const b = y > 0 ? rgb[(y - 1) * stride + x]! : 0;
      const c = x >= 3 && y > 0 ? rgb[(y - 1) * stride + x - 3]! : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      const base = [0, a, b, (a + b) >> 1, paeth][filter];
      if (base === undefined) throw new Error(`PNG row filter ${filter}`);
      rgb[y * stride + x] = (line[x]! + base) & 0xff;
    }
  }
  return { width, height, rgb };
}

/** The share of pixels (0-1) where a colour channel differs by more than `tolerance`. */
export function differingShare(a: Picture, b: Picture, tolerance = 32): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let differing = 0;
  for (let i = 0; i < a.rgb.length; i += 3) {
    if (
      Math.abs(a.rgb[i]! - b.rgb[i]!) > tolerance ||
      Math.abs(a.rgb[i + 1]! - b.rgb[i + 1]!) > tolerance ||
      Math.abs(a.rgb[i + 2]! - b.rgb[i + 2]!) > tolerance
    )
      differing++;
  }
  return differing / (a.width * a.height);
}

/** How many distinct colours a picture has, up to `limit`: a blank screen has one. */
export function colourCount(picture: Picture, limit = 64): number {
  const seen = new Set<number>();
  for (let i = 0; i < picture.rgb.length && seen.size < limit; i += 3)
    seen.add((picture.rgb[i]! << 16) | (picture.rgb[i + 1]! << 8) | picture.rgb[i + 2]!);
  return seen.size;
}
