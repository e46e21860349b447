/**
 * The desktop app around the bridge: its data folder on each system, the browser it opens, the start-up options
 * (saved, and the autorun entry written where each system looks for it), and the app window driven over its pipe.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/contract/client.ts';
import { findBrowser, openAppWindow } from '../../src/desktop/app-window.ts';
import { dataDirFor } from '../../src/desktop/data-dir.ts';
import { applyAutorun, autorunEntry, readOptions } from '../../src/desktop/startup-options.ts';
import { connectBridge } from '../../src/desktop/ws-client.ts';
import { tempDir, testBridge } from './helpers.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

describe('the data folder', () => {
  it('is the user data folder of each system, or KEYTUNE_DATA_DIR', () => {
    expect(dataDirFor({ env: {}, platform: 'linux', home: '/home/ann' })).toBe('/home/ann/.local/share/keytune');
    expect(dataDirFor({ env: { XDG_DATA_HOME: '/x' }, platform: 'linux', home: '/home/ann' })).toBe('/x/keytune');
    expect(dataDirFor({ env: {}, platform: 'darwin', home: '/Users/ann' })).toBe(
      '/Users/ann/Library/Application Support/Keytune',
    );
    expect(
      dataDirFor({ env: { APPDATA: 'C:/Users/ann/AppData/Roaming' }, platform: 'win32', home: 'C:/Users/ann' }),
    ).toMatch(/Roaming.Keytune$/);
    expect(dataDirFor({ env: { KEYTUNE_DATA_DIR: '/tmp/k' }, platform: 'linux', home: '/home/ann' })).toBe('/tmp/k');
  });
});

describe('the browser of the app window', () => {
  it('is a Chromium-family browser found on the PATH, KEYTUNE_BROWSER first', () => {
    const installed = new Set(['/usr/bin/google-chrome', '/opt/edge/msedge']);
    const has = (f: string) => installed.has(f);
    expect(findBrowser('linux', { PATH: '/usr/local/bin:/usr/bin' }, has)).toBe('/usr/bin/google-chrome');
    expect(findBrowser('linux', { PATH: '/usr/bin', KEYTUNE_BROWSER: '/opt/edge/msedge' }, has)).toBe(
      '/opt/edge/msedge',
    );
    expect(findBrowser('linux', { PATH: '/bin' }, has)).toBeUndefined();
  });
});

describe('start-up options', () => {
  it('are saved when the page sets them, and turning autorun on writes the entry the system reads', async () => {
    const home = tempDir();
    cleanup.push(() => home.remove());
    const entry = autorunEntry('linux', home.path, {}, ['/usr/bin/node', '/opt/keytune/bin/keytune', 'desktop']);
    const bridge = await testBridge({
      onOptionsChanged: (o, changed) => changed.includes('start_up_auto') && applyAutorun(o.start_up_auto, entry),
    });
    cleanup.push(() => bridge.close());
    const socket = await connectBridge({ port: bridge.server.port, token: bridge.token });
    cleanup.push(() => socket.close());
    const client = createClient(socket);

    await client.setStartUpAuto({ start_up_auto: '1' });
    expect(readFileSync(join(home.path, '.config', 'autostart', 'keytune.desktop'), 'utf8')).toContain(
      'Exec=/usr/bin/node /opt/keytune/bin/keytune desktop',
    );
    await client.setCloseToTray({ close_to_tray: '1' });
    await client.setRunWithMini({ run_with_mini: '1' });
    expect(readOptions(join(bridge.dir, 'data'))).toEqual({
      start_up_auto: true,
      run_with_mini: true,
      close_to_tray: true,
    });

    await client.setStartUpAuto({ start_up_auto: '0' });
    expect(existsSync(entry.file)).toBe(false);
  });

  it('put the autorun entry where Windows and Mac look for it', () => {
    const win = autorunEntry('win32', 'C:/Users/ann', { APPDATA: 'C:/Users/ann/AppData/Roaming' }, ['node', 'keytune']);
    expect(win.file).toMatch(/Start Menu.Programs.Startup.Keytune\.cmd$/);
    const mac = autorunEntry('darwin', '/Users/ann', {}, ['node', 'keytune']);
    expect(mac.file).toBe('/Users/ann/Library/LaunchAgents/app.keytune.desktop.plist');
    expect(mac.text).toContain('<key>RunAtLoad</key>');
  });
});

const browser = findBrowser();
describe.skipIf(!browser)('the app window', () => {
  it('opens the bridge page in an app window and minimizes, maximizes and closes it', async () => {
    const bridge = await testBridge();
    cleanup.push(() => bridge.close());
    const profile = tempDir('keytune-window-');
    cleanup.push(() => profile.remove());
    const window = await openAppWindow({
      browser: browser!,
      url: bridge.url,
      profileDir: profile.path,
      extraArgs: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    cleanup.push(() => {
      window.process.kill();
    });
    expect(await window.isMaximized()).toBe(false);
    await window.toggleMaximize();
    expect(await window.isMaximized()).toBe(true);
    await window.toggleMaximize();
    expect(await window.isMaximized()).toBe(false);
    await window.close();
    await window.exited;
  });
});
