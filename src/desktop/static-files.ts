/**
 * The files of the built UI (dist/) as the bridge serves them: read-only, nothing outside the folder, every answer
 * with headers that keep other sites from framing or embedding it. The page itself (index.html, which carries the
 * token) is served by server.ts after its access check; this module serves the rest and the plain answers.
 */
import type { ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export function refuse(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...COMMON_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', ...extra });
  res.end(`${text}\n`);
}

/** An HTML answer that no cache keeps. */
export function sendHtml(res: ServerResponse, status: number, html: string, head: boolean): void {
  res.writeHead(status, { ...COMMON_HEADERS, 'Content-Type': TYPES['.html']!, 'Cache-Control': 'no-store' });
  res.end(head ? undefined : html);
}

/** The file of `dist` at the request's path, or undefined when there is none (outside the folder included). */
export async function distFile(dist: string, pathname: string): Promise<string | undefined> {
  let rel: string;
  try {
    rel = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const file = normalize(join(dist, rel));
  if (!file.startsWith(normalize(dist) + sep) || rel.includes('\0')) return undefined;
  try {
    return (await stat(file)).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

/** Serves one file of the built UI, or 404. */
export async function serveAsset(res: ServerResponse, dist: string, pathname: string, head: boolean): Promise<void> {
  const file = await distFile(dist, pathname);
  if (!file) return refuse(res, 404, 'Not found');
  const body = await readFile(file);
  const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  res.writeHead(200, { ...COMMON_HEADERS, 'Content-Type': type, 'Content-Length': body.length });
  res.end(head ? undefined : body);
}
