/**
 * The offline app (docs/offline.md): after one visit the service worker controls the page; with the network cut the
 * app starts again from it, its virtual keyboard answers, a key is remapped, a local firmware package is flashed and
 * the other language loads. Service workers are allowed here whatever the other specs choose.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { zipSync } from 'fflate';
import { settingsEn } from '../src/i18n/sections/settings';
import { buildFirmwareImage } from '../src/protocol/firmware-image';
import { legendOf, pickerKey, selectKeys } from './keycode-support';
import { gotoApp, skipLinuxTip } from './support';

test.use({ serviceWorkers: 'allow' });

/** Whether the page in view was answered by a service worker. */
const servedByWorker = (page: Page) =>
  page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return navigator.serviceWorker.controller !== null && (nav?.workerStart ?? 0) > 0;
  });

const openTab = async (page: Page, tab: RegExp) => {
  await page.getByRole('button', { name: 'Made68Pro', exact: true }).click();
  const t = page.getByRole('tab', { name: tab });
  if ((await t.getAttribute('aria-selected')) !== 'true') await t.click();
};

test('after one visit the app starts with no network: a virtual keyboard, a remap, a local flash, both languages', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await skipLinuxTip(context);
  await gotoApp(page, '?virtual=made68pro@1.4.2');
  // The first install controls the page it came from once everything is stored (clientsClaim).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  // A new virtual keyboard's factory image is saved 200 ms after it is added (src/host/device-worker.ts).
  await page.waitForTimeout(500);

  await context.setOffline(true);
  expect(
    await page.evaluate(() =>
      fetch('/default/version.json?no-cache').then(
        () => 'online',
        () => 'offline',
      ),
    ),
  ).toBe('offline');
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  expect(await servedByWorker(page)).toBe(true);

  // The virtual keyboard kept in the browser answers: remap Q to F1, stored on the keyboard.
  await openTab(page, /^Key code/);
  await expect(page.getByRole('navigation', { name: 'Layers' })).toBeVisible();
  await selectKeys(page, 'Q');
  await pickerKey(page, 'F1, Function 1').click();
  await expect(legendOf(page, 'Q')).toHaveText('F1');
  await expect(page.getByRole('status').filter({ hasText: /^Synced$/ })).toBeVisible();

  // A local firmware package, flashed with no network.
  await page.getByRole('tab', { name: /^Device settings/ }).click();
  await expect(page.getByRole('heading', { name: settingsEn['settings.link.title'] })).toBeVisible();
  await page.getByTestId('firmware-file').setInputFiles({
    name: 'made68pro_1.4.3.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zipSync({ 'made68pro.mg': buildFirmwareImage(3, '1.4.3', 64 * 1024) })),
  });
  await page.getByRole('button', { name: settingsEn['firmware.local.update'] }).click();
  const dialog = page.getByRole('dialog', { name: settingsEn['firmware.dialog.title'] });
  await dialog.getByRole('button', { name: settingsEn['firmware.dialog.start'] }).click();
  await expect(dialog).toContainText('V1.4.3', { timeout: 30_000 });
  await expect(dialog.getByRole('button', { name: 'OK', exact: true })).toBeEnabled({ timeout: 10_000 });
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  const firmware = page.locator('.info-list__row', { hasText: 'Firmware' }).locator('dd');
  await expect(firmware).toHaveText(/1\.4\.3$/);

  // Still offline, the other language: the app starts in Chinese, and the remap is kept.
  await context.addCookies([{ name: 'Language', value: 'zh_CN', url: new URL(page.url()).origin }]);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
  expect(await servedByWorker(page)).toBe(true);
  await page.getByRole('button', { name: 'Made68Pro', exact: true }).click();
  await page.getByRole('tablist', { name: '设备功能' }).getByRole('tab').first().click();
  const drawing = page.getByRole('grid', { name: '键盘', exact: true });
  await expect(drawing.locator('.kb-key__legend', { hasText: /^F1$/ })).toHaveCount(1);
});

test('the bridge path and the firmware catalogue are never answered with the app page', async ({ page, context }) => {
  await skipLinuxTip(context);
  await gotoApp(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await context.setOffline(true);
  // Offline, a navigation the worker must leave alone fails instead of showing the app.
  for (const path of ['/bridge', '/firmware/index.json']) {
    const failed = await page.goto(path).then(
      (response) => response?.status() !== 200 || response.headers()['content-type']?.includes('text/html') !== true,
      () => true,
    );
    expect(failed, path).toBe(true);
  }
});

test('a page carrying the bridge token registers no service worker', async ({ page, context }) => {
  await skipLinuxTip(context);
  // The bridge's page is the same build with the token's meta element after <head> (src/desktop/server.ts).
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('<head>', '<head><meta name="keytune-bridge-token" content="t" />');
      await route.fulfill({ response, body: html });
    },
  );
  await page.goto('/');
  await page.waitForFunction(() => document.readyState === 'complete');
  // A registration starts at load; give one the time the other tests need to see it, then look.
  await page.waitForTimeout(1000);
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(0);
});

test.describe('hosted as static files', () => {
  test.use({ serviceWorkers: 'block' });

  test('the page works under the headers the build writes (dist/_headers): no policy violation', async ({
    page,
    context,
  }) => {
    const rules = readFileSync(join(process.env.KEYTUNE_E2E_DIST ?? 'dist', '_headers'), 'utf8');
    const header = (name: string) => new RegExp(`^\\s+${name}: (.+)$`, 'm').exec(rules)?.[1] ?? '';
    const csp = header('Content-Security-Policy');
    expect(csp).toContain("script-src 'self' 'sha256-");
    await page.route(
      (url) => url.pathname === '/',
      async (route) => {
        const response = await route.fetch();
        await route.fulfill({
          response,
          headers: {
            ...response.headers(),
            'content-security-policy': csp,
            'permissions-policy': header('Permissions-Policy'),
          },
        });
      },
    );
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Permissions policy/i.test(m.text())) refused.push(m.text());
    });
    await skipLinuxTip(context);
    await gotoApp(page, '?virtual=made68pro@1.4.2');
    await openTab(page, /^Key code/);
    await expect(page.getByRole('grid', { name: 'Keyboard', exact: true })).toBeVisible();
    expect(await page.evaluate(() => 'hid' in navigator)).toBe(true);
    expect(refused).toEqual([]);
  });
});
