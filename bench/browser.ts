/**
 * The harness of the benchmarks that run in a browser: the built app served by `vite preview` on its own port, and
 * headless Chromium started with the flags this machine needs (no sandbox as root, no background networking).
 */
import { spawn } from 'node:child_process';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/ensure-system.mjs';

/** Serves `dist` on `port`, starts Chromium, runs `measure`, and stops both whatever happens. */
export async function withServedApp<T>(
  dist: string,
  port: number,
  measure: (browser: Browser, origin: string) => Promise<T>,
): Promise<T> {
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(
    'node_modules/.bin/vite',
    ['preview', '--host', '127.0.0.1', '--strictPort', '--port', String(port), '--outDir', dist],
    { stdio: 'ignore' },
  );
  try {
    for (let i = 0; i < 50; i++) {
      try {
        await fetch(`${origin}/`);
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const browser = await chromium.launch({
      executablePath: findChromium() ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    try {
      return await measure(browser, origin);
    } finally {
      await browser.close();
    }
  } finally {
    server.kill();
  }
}
