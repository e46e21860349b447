/**
 * The data folder holds the virtual keyboards' flash, the preferences and, while the bridge runs, its token: the
 * folder is the user's only (0700) and so is every file in it (0600), including files an older version left readable.
 */
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/contract/client.ts';
import { FLASH_FILE } from '../../src/desktop/flash-store.ts';
import { PREFERENCES_FILE, writeOptions } from '../../src/desktop/startup-options.ts';
import { connectBridge } from '../../src/desktop/ws-client.ts';
import { tempDir, testBridge } from './helpers.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const mode = (file: string) => statSync(file).mode & 0o777;
const posix = process.platform !== 'win32';

describe.skipIf(!posix)('the data folder and its files', () => {
  it('are made 0700 and 0600 by a bridge starting on a new folder, and stay so as it writes', async () => {
    const dir = tempDir();
    cleanup.push(() => dir.remove());
    const data = join(dir.path, 'data');
    const bridge = await testBridge({ dataDir: data, announce: true });
    cleanup.push(() => bridge.close());
    expect(mode(data)).toBe(0o700);
    const socket = await connectBridge({ port: bridge.server.port, token: bridge.token });
    cleanup.push(() => socket.close());
    const client = createClient(socket);
    await client.addVirtualDevice({ display_name: 'Made68Pro', fw_ver: '1.4.2' });
    await client.setRunWithMini({ run_with_mini: '1' });
    const files = readdirSync(data);
    expect(files).toEqual(expect.arrayContaining([FLASH_FILE, PREFERENCES_FILE, 'bridge.json']));
    for (const f of files) expect(mode(join(data, f)), f).toBe(0o600);
  });

  it('are made private on start when an older version left them readable by others', async () => {
    const dir = tempDir();
    cleanup.push(() => dir.remove());
    const data = join(dir.path, 'data');
    mkdirSync(data, { mode: 0o755 });
    chmodSync(data, 0o755);
    writeFileSync(join(data, PREFERENCES_FILE), '{"run_with_mini": true}', { mode: 0o644 });
    writeFileSync(join(data, FLASH_FILE), '{"version": 1, "keyboards": []}', { mode: 0o666 });
    chmodSync(join(data, FLASH_FILE), 0o666);
    mkdirSync(join(data, 'window'), { mode: 0o755 });
    const bridge = await testBridge({ dataDir: data });
    cleanup.push(() => bridge.close());
    expect(mode(data)).toBe(0o700);
    expect(mode(join(data, PREFERENCES_FILE))).toBe(0o600);
    expect(mode(join(data, FLASH_FILE))).toBe(0o600);
    expect(mode(join(data, 'window'))).toBe(0o700);
  });

  it('preferences written on their own are 0600 in a 0700 folder', () => {
    const dir = tempDir();
    cleanup.push(() => dir.remove());
    const data = join(dir.path, 'fresh');
    writeOptions(data, { start_up_auto: false, run_with_mini: true, close_to_tray: false });
    expect(mode(data)).toBe(0o700);
    expect(mode(join(data, PREFERENCES_FILE))).toBe(0o600);
  });
});
