/**
 * The app's first screen: the JavaScript a browser must load before it (entry script and its preloaded imports,
 * gzipped), and the time from navigation to the device list rendered in headless Chromium (median of fresh loads).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { findChromium } from '../scripts/ensure-system.mjs';
import type { Metric } from './metric.ts';

const DIST = 'dist';
const PORT = 4319;

/** Every script the HTML loads or preloads, followed through their static imports. */
export function initialScripts(dist = DIST): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const queue = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  const seen = new Set<string>();
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    // Static imports only: `import{…}from"./x.js"` and `import"./x.js"`; dynamic import() loads later.
    for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g))
      queue.push(join('assets', m[1]!));
  }
  return [...seen];
}

export function initialJsGzipKb(dist = DIST): number {
  return (
    initialScripts(dist).reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0) / 1024
  );
}

async function firstRenderMs(loads: number): Promise<number> {
  const server = spawn(
    'node_modules/.bin/vite',
    ['preview', '--host', '127.0.0.1', '--strictPort', '--port', String(PORT)],
    {
      stdio: 'ignore',
    },
  );
  try {
    const browser = await chromium.launch({
      executablePath: findChromium() ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const url = `http://127.0.0.1:${PORT}/?virtual=made68pro@1.3.7`;
    for (let i = 0; i < 50; i++) {
      try {
        await fetch(`http://127.0.0.1:${PORT}/`);
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const times: number[] = [];
    for (let i = 0; i < loads + 1; i++) {
      const context = await browser.newContext();
      await context.addCookies([{ name: 'CheckDevPermission', value: '0', url: `http://127.0.0.1:${PORT}/` }]);
      const page = await context.newPage();
      await page.goto(url);
      // The list is rendered when the virtual keyboard's card is on screen.
      // A string, not a function: the benchmark runner's transpiler decorates functions with helpers the page lacks.
      const ms = (await page.evaluate(`new Promise((resolve) => {
        const check = () => {
          if (document.querySelector('.device-card')) resolve(performance.now());
          else requestAnimationFrame(check);
        };
        check();
      })`)) as number;
      if (i > 0) times.push(ms); // the first load also warms the preview server's file cache
      await context.close();
    }
    await browser.close();
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  } finally {
    server.kill();
  }
}

export async function uiMetrics(): Promise<Metric[]> {
  return [
    { name: 'initial_js_gzip_kb', value: initialJsGzipKb(), unit: 'kB', limit: 150 },
    { name: 'device_list_first_render_ms', value: await firstRenderMs(5), unit: 'ms', limit: 300 },
  ];
}
