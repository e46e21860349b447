/**
 * The desktop app window on a real (virtual) X display: `Xvfb` runs a 1280 x 820 screen, the bridge serves the built
 * UI, the app window opens it (a Chromium-family browser with --app), and the screen is compared with
 * tests/desktop/screenshots/app-window.png. Skipped, saying why, on a machine without Xvfb (Debian: apt-get install
 * xvfb), without such a browser, or without a build (npx vite build).
 *
 * A screen that changes on purpose gets a new picture with KEYTUNE_UPDATE_SCREENSHOTS=1; look at it before keeping
 * it. A failing run leaves what it saw in test-results/app-window-actual.png.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { findOnPath } from '../../scripts/ensure-system.mjs';
import { findBrowser, openAppWindow } from '../../src/desktop/app-window.ts';
import { startBridge } from '../../src/desktop/bridge.ts';
import { LINK_PRESETS } from '../../src/transport/types.ts';
import { colourCount, differingShare, readPng, readXwd, writePng, type Picture } from './png.ts';
import { tempDir } from './helpers.ts';

const WIDTH = 1280;
const PORT = 4323;
const HEIGHT = 820;
const REFERENCE = join('tests', 'desktop', 'screenshots', 'app-window.png');
const ACTUAL = join('test-results', 'app-window-actual.png');
/**
 * Pixels may differ by a few levels a channel, and half a percent of them by more (font antialiasing): far less than
 * a moved, missing or recoloured element. The Linux tip's dimmed backdrop makes changes behind it faint, hence the
 * small tolerance (a missing title bar changes 2% of the pixels by more than it).
 */
const TOLERANCE = 8;
const MAX_DIFFERING = 0.005;

const xvfb = findOnPath('Xvfb');
const browser = findBrowser();
const built = existsSync(join('dist', 'index.html'));
const missing = [
  !xvfb && 'Xvfb is not installed (Debian: apt-get install -y xvfb)',
  !browser && 'no Chromium-family browser is installed',
  !built && 'the UI is not built (npx vite build)',
].filter(Boolean);
if (missing.length > 0) console.warn(`The app window test under Xvfb is skipped: ${missing.join('; ')}.`);

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

/** Starts Xvfb on a free display (it picks the number and writes it to fd 3), its screen kept as an XWD file. */
async function startXvfb(fbdir: string): Promise<{ display: string; process: ChildProcess }> {
  const child = spawn(
    xvfb!,
    ['-displayfd', '3', '-screen', '0', `${WIDTH}x${HEIGHT}x24`, '-fbdir', fbdir, '-nolisten', 'tcp'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] },
  );
  const display = await new Promise<string>((resolve, reject) => {
    let text = '';
    (child.stdio[3] as Readable).on('data', (d: Buffer) => {
      text += d.toString();
      if (text.includes('\n')) resolve(`:${text.trim()}`);
    });
    child.once('exit', (code) => reject(new Error(`Xvfb stopped (${code})`)));
    setTimeout(() => reject(new Error('Xvfb did not start')), 10_000);
  });
  return { display, process: child };
}

/** The screen once it has settled: two reads 300 ms apart the same, and more than a blank colour on it. */
async function settledScreen(fbdir: string, timeoutMs = 20_000): Promise<Picture> {
  const read = () => readXwd(readFileSync(join(fbdir, 'Xvfb_screen0')));
  const deadline = Date.now() + timeoutMs;
  let before = read();
  for (;;) {
    await new Promise((r) => setTimeout(r, 300));
    const now = read();
    if (colourCount(now) > 8 && differingShare(before, now, 0) === 0) return now;
    if (Date.now() > deadline) return now;
    before = now;
  }
}

describe.skipIf(missing.length > 0)('the app window under Xvfb', () => {
  it('shows the UI served by the bridge, as in the reference picture', async () => {
    const work = tempDir('keytune-xvfb-');
    cleanup.push(() => work.remove());
    const fbdir = join(work.path, 'fb');
    mkdirSync(fbdir);
    const x = await startXvfb(fbdir);
    cleanup.push(() => {
      x.process.kill();
    });

    // The Linux tip on the first screen shows the bridge's address: a fixed port keeps the picture the same (another
    // port, when that one is taken, changes only a few digits, well within the tolerance).
    const options = { dataDir: join(work.path, 'data'), distDir: 'dist', link: LINK_PRESETS.instant, hid: null };
    const bridge = await startBridge({ ...options, port: PORT }).catch(() => startBridge(options));
    cleanup.push(() => bridge.close());

    const display = process.env.DISPLAY;
    process.env.DISPLAY = x.display;
    cleanup.push(() => {
      if (display === undefined) delete process.env.DISPLAY;
      else process.env.DISPLAY = display;
    });
    const window = await openAppWindow({
      browser: browser!,
      url: bridge.url,
      profileDir: join(work.path, 'profile'),
      extraArgs: [
        // As root (containers, CI) Chromium needs --no-sandbox; --test-type keeps its warning bar off the picture.
        ...(process.getuid?.() === 0 ? ['--no-sandbox', '--test-type'] : []),
        '--disable-gpu',
        '--lang=en-US',
        '--window-position=0,0',
        '--force-device-scale-factor=1',
        '--disable-features=Translate',
        '--hide-scrollbars',
      ],
    });
    cleanup.push(async () => {
      window.process.kill();
      await window.exited;
    });
    // As `npm run desktop` does: the bridge drives this window, so the page shows its title bar.
    bridge.server.setWindow(window);

    const screen = await settledScreen(fbdir);
    expect(colourCount(screen)).toBeGreaterThan(8);

    if (process.env.KEYTUNE_UPDATE_SCREENSHOTS === '1' || !existsSync(REFERENCE)) {
      const first = !existsSync(REFERENCE);
      mkdirSync(join('tests', 'desktop', 'screenshots'), { recursive: true });
      writeFileSync(REFERENCE, writePng(screen));
      // Like Playwright: a missing reference is written and the run fails, so a picture is never taken on trust.
      if (first) throw new Error(`There was no ${REFERENCE}; it is written now: look at it, then run again.`);
      return;
    }
    const share = differingShare(readPng(readFileSync(REFERENCE)), screen, TOLERANCE);
    if (share > MAX_DIFFERING) {
      mkdirSync('test-results', { recursive: true });
      writeFileSync(ACTUAL, writePng(screen));
    }
    expect(share, `${(share * 100).toFixed(2)}% of the pixels differ; see ${ACTUAL}`).toBeLessThanOrEqual(
      MAX_DIFFERING,
    );
  }, 60_000);
});
