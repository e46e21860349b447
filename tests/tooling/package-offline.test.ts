/**
 * The installable app's parts made at build time: the icons (scripts/make-icons.ts, checked in under public/icons
 * and equal to what the script draws), the web manifest and the service worker's routing rules
 * (scripts/offline-app.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32 } from '../../src/core/crc32.ts';
import { ACCENT, encodePng, iconFiles, rasterise, shapes } from '../../scripts/make-icons.ts';
import { manifest, offlineOptions, registrationScript } from '../../scripts/offline-app.ts';
import { contentSecurityPolicy, headersFile, inlineScriptHashes } from '../../scripts/static-headers.ts';

const ROOT = resolve(__dirname, '../..');

/** Width, height and RGBA pixels of a PNG written by encodePng (8-bit RGBA, filter 0 on every row). */
function decode(png: Buffer): { width: number; height: number; pixel(x: number, y: number): number[] } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const chunks: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
    if (type === 'IDAT') chunks.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const rows = inflateSync(Buffer.concat(chunks));
  return {
    width,
    height,
    pixel: (x, y) => [...rows.subarray(y * (width * 4 + 1) + 1 + x * 4, y * (width * 4 + 1) + 5 + x * 4)],
  };
}

const hex = (rgba: number[]) =>
  `#${rgba
    .slice(0, 3)
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;

describe('icons', () => {
  it('are checked in exactly as the script draws them', () => {
    for (const [name, bytes] of iconFiles())
      expect(readFileSync(join(ROOT, 'public/icons', name)).equals(bytes), name).toBe(true);
  });

  it('draw a transparent corner on the plain icon and a filled one on the maskable icon, the K in ink', () => {
    const plain = decode(encodePng(rasterise(shapes(false), 64), 64));
    expect(plain.width).toBe(64);
    expect(plain.pixel(0, 0)[3]).toBe(0);
    // Down the K's upright stroke (x = 10.75 of 32).
    expect(hex(plain.pixel(21, 32))).toBe('#1c1f24');
    const maskable = decode(encodePng(rasterise(shapes(true), 64), 64));
    expect(hex(maskable.pixel(0, 0))).toBe(ACCENT);
    expect(maskable.pixel(0, 0)[3]).toBe(255);
  });

  it('keep the maskable artwork inside the safe circle (80% of the width)', () => {
    const size = 100;
    const maskable = decode(encodePng(rasterise(shapes(true), size), size));
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        if (Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) <= size * 0.4) continue;
        expect(hex(maskable.pixel(x, y)), `${x},${y}`).toBe(ACCENT);
      }
  });
});

describe('web manifest', () => {
  it('names the app, its colours and icons of 192 and 512 pixels, plain and maskable, that exist', () => {
    const m = manifest('/');
    expect(m).toMatchObject({
      name: 'Keytune',
      short_name: 'Keytune',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    for (const [size, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['192x192', 'maskable'],
      ['512x512', 'maskable'],
    ]) {
      const icon = m.icons?.find((i) => i.sizes === size && i.purpose === purpose);
      expect(icon, `${size} ${purpose}`).toBeDefined();
      const file = join(ROOT, 'public', icon!.src);
      expect(existsSync(file)).toBe(true);
      expect(decode(readFileSync(file)).width).toBe(Number(size?.split('x')[0]));
    }
  });
});

describe('service worker rules', () => {
  const options = () =>
    offlineOptions('/').workbox as unknown as {
      skipWaiting: boolean;
      navigateFallbackDenylist: RegExp[];
      globIgnores: string[];
      runtimeCaching: { urlPattern: RegExp; handler: string }[];
    };

  it('never answers the bridge socket or the catalogue with the app page, and waits for the next start', () => {
    const w = options();
    expect(w.skipWaiting).toBe(false);
    const denied = (path: string) => w.navigateFallbackDenylist.some((r) => r.test(path));
    expect(denied('/bridge')).toBe(true);
    expect(denied('/bridge?token=abc')).toBe(true);
    expect(denied('/firmware/index.json')).toBe(true);
    expect(denied('/bridges')).toBe(false);
    expect(denied('/')).toBe(false);
    expect(w.globIgnores).toContain('firmware/**');
  });

  it('registers the worker at load from an inline script, skips the bridge page and never reloads', () => {
    const script = registrationScript('/');
    expect(script).toContain('navigator.serviceWorker.register("/sw.js", { scope: "/" })');
    expect(script).toMatch(/addEventListener\('load'/);
    expect(script).toContain('meta[name="keytune-bridge-token"]');
    expect(script).not.toMatch(/reload|skipWaiting|location\s*=/);
  });

  it('caches the catalogue as used: JSON network-first, packages cache-first', () => {
    const handler = (url: string) => options().runtimeCaching.find((r) => r.urlPattern.test(url))?.handler;
    expect(handler('http://127.0.0.1:4173/firmware/index.json')).toBe('NetworkFirst');
    expect(handler('http://127.0.0.1:4173/firmware/v1/made68pro/1.0.0/latest.json?t=1')).toBe('NetworkFirst');
    expect(handler('http://127.0.0.1:4173/firmware/v1/made68pro/1.0.0/made68pro_hw1.0.0_v1.4.2.zip')).toBe(
      'CacheFirst',
    );
    expect(handler('http://127.0.0.1:4173/default/version.json')).toBeUndefined();
    expect(handler('http://127.0.0.1:4173/x.json?next=/firmware/a.json')).toBeUndefined();
  });
});

describe('headers for static hosting', () => {
  const html = '<head><script>alert(1)</script><script type="module" src="/assets/app.js"></script></head>';

  it('allows each inline script by its SHA-256 and no other inline script', () => {
    // echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64
    expect(inlineScriptHashes(html)).toEqual(["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"]);
    const csp = contentSecurityPolicy(html);
    expect(csp).toContain("script-src 'self' 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('lets the page use WebHID and keeps the app page and the service worker revalidated', () => {
    const file = headersFile(html);
    expect(file).toContain('Permissions-Policy: hid=(self)');
    expect(file).toMatch(/^\/sw\.js\n {2}Cache-Control: no-cache$/m);
    expect(file).toMatch(/^\/index\.html\n {2}Cache-Control: no-cache$/m);
  });
});
