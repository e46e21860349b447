/**
 * The UI served by the desktop bridge: a bridge on a random port serving the built UI (dist/, `npx vite build`
 * first), the page connecting over the bridge's WebSocket with its per-launch token, and a virtual keyboard added
 * from the page living in the bridge (it shows in the list, and stays after a reload since the bridge keeps it).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startBridge, type RunningBridge } from '../src/desktop/bridge.ts';
import { LINK_PRESETS } from '../src/transport/types.ts';
import { addVirtualFromWelcome } from './support';

let bridge: RunningBridge;
let dataDir: string;

test.beforeAll(async () => {
  if (!existsSync(join('dist', 'index.html'))) throw new Error('dist/ has no index.html: run `npx vite build` first');
  dataDir = mkdtempSync(join(tmpdir(), 'keytune-e2e-desktop-'));
  bridge = await startBridge({ dataDir, distDir: 'dist', port: 0, link: LINK_PRESETS.instant, hid: null });
});

test.afterAll(async () => {
  await bridge?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The Linux permission tip is for WebHID; off, as a user turns it off, so the welcome screen shows at once. */
test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'CheckDevPermission', value: '0', url: bridge.url }]);
});

test('the page served by the bridge connects with its token and lists a virtual keyboard added from it', async ({
  page,
}) => {
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  const port = new URL(bridge.url).port;
  expect(Number(port)).toBeGreaterThan(0);

  await page.goto(bridge.url);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  // The token reached the page, and the page opened the bridge's socket with it.
  const token = await page.locator('meta[name="keytune-bridge-token"]').getAttribute('content');
  expect(token).toBe(bridge.token);
  await expect.poll(() => sockets.length).toBeGreaterThan(0);
  const socket = new URL(sockets[0]!);
  expect(socket.host).toBe(`127.0.0.1:${port}`);
  expect(socket.searchParams.get('token')).toBe(bridge.token);

  await expect(page.getByRole('heading', { name: 'Welcome to Keytune' })).toBeVisible();
  await addVirtualFromWelcome(page, 'made68pro', 'Made68Pro');
  // The keyboard lives in the bridge's device service, not in the page.
  expect(bridge.service.devices().map((d) => d.record.display_name)).toContain('Made68Pro');

  // The bridge keeps it: a reload lists it again, with no welcome screen.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Made68Pro', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to Keytune' })).toHaveCount(0);
});

test('a page without the token is not let in', async ({ page }) => {
  const refused = await page.goto(bridge.url).then(() =>
    page.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(url);
          ws.onopen = () => resolve('open');
          ws.onerror = () => resolve('refused');
        }),
      bridge.url.replace('http:', 'ws:').replace(/\/$/, '') + '/bridge?token=wrong',
    ),
  );
  expect(refused).toBe('refused');
});
