/**
 * The response headers for hosting the built app as static files (README, "Host as static files"), written by the
 * build as dist/_headers in the format Netlify and Cloudflare Pages read, and readable by a person configuring any
 * other server. The Content-Security-Policy allows the page's own inline scripts (the saved theme, the early device
 * worker, the first frame) by their SHA-256, so it needs no 'unsafe-inline' for scripts; the hashes change with each
 * build, hence a file made by the build rather than a fixed text.
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/** 'sha256-…' of every inline script of the page (a script with a src has no body to hash). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(m[1] ?? '')) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

export function contentSecurityPolicy(html: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(' ')}`.trim(),
    "worker-src 'self'",
    // React sets style attributes (positions on the keyboard drawing, colours).
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The rules of dist/_headers: every page, then caching per kind of file. */
export function headersFile(html: string): string {
  const rules: [string, string[]][] = [
    [
      '/*',
      [
        `Content-Security-Policy: ${contentSecurityPolicy(html)}`,
        'Permissions-Policy: hid=(self)',
        'X-Content-Type-Options: nosniff',
        'Referrer-Policy: no-referrer',
        'Cross-Origin-Opener-Policy: same-origin',
      ],
    ],
    ['/', ['Cache-Control: no-cache']],
    ['/index.html', ['Cache-Control: no-cache']],
    ['/sw.js', ['Cache-Control: no-cache', 'Content-Type: text/javascript; charset=utf-8']],
    ['/manifest.webmanifest', ['Cache-Control: no-cache', 'Content-Type: application/manifest+json']],
    ['/assets/*', ['Cache-Control: public, max-age=31536000, immutable']],
    // index.json and latest.json change with each release; a package never changes, and revalidates for little.
    ['/firmware/*', ['Cache-Control: no-cache']],
  ];
  return rules.map(([path, lines]) => `${path}\n${lines.map((l) => `  ${l}`).join('\n')}\n`).join('\n');
}

/** Writes dist/_headers from the finished index.html. */
export function staticHeaders(): Plugin {
  return {
    name: 'keytune-static-headers',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset') return;
        const html = typeof page.source === 'string' ? page.source : new TextDecoder().decode(page.source);
        this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile(html) });
      },
    },
  };
}
