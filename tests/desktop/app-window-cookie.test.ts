/**
 * The app window the bridge opens gets its way in over the DevTools pipe (a session cookie set before the page
 * loads), not as a secret on the browser's command line, which every user of the machine can list. The page it
 * loads is let in: it reads the token from the page and calls the bridge with it. Skips without a Chromium-family
 * browser.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findBrowser, openAppWindow } from '../../src/desktop/app-window.ts';
import { tempDir, testBridge } from './helpers.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

/** A page that, once let in, adds a virtual keyboard through the bridge with the token it was given. */
const PAGE = `<!doctype html><html><head><title>Keytune</title></head><body><script>
const token = document.querySelector('meta[name="keytune-bridge-token"]')?.content;
if (token) {
  const ws = new WebSocket('ws://' + location.host + '/bridge?token=' + encodeURIComponent(token));
  ws.onopen = () => ws.send(JSON.stringify({ type: 'call', id: 1, channel: 'app_info', func: 'add_virtual_device',
    args: ['--display_name', 'Made68Pro', '--fw_ver', '1.4.2'] }));
}
</script></body></html>`;

const browser = findBrowser();
describe.skipIf(!browser || process.platform !== 'linux')('the app window', () => {
  it('is let in with a cookie handed over the pipe, with no page secret on its command line', async () => {
    const dir = tempDir();
    cleanup.push(() => dir.remove());
    const dist = join(dir.path, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), PAGE);
    const bridge = await testBridge({ distDir: dist });
    cleanup.push(() => bridge.close());

    const window = await openAppWindow({
      browser: browser!,
      url: bridge.server.url,
      cookie: bridge.server.windowCookie(),
      profileDir: join(dir.path, 'profile'),
      extraArgs: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    cleanup.push(async () => {
      window.process.kill();
      await window.exited;
    });
    const commandLine = readFileSync(`/proc/${window.process.pid}/cmdline`, 'utf8');
    expect(commandLine).toContain('--app=data:text/html');
    expect(commandLine).not.toContain(bridge.server.url);
    expect(commandLine).not.toContain('?k=');

    await expect.poll(() => bridge.service.devices().length, { timeout: 15000 }).toBe(1);
  });
});
