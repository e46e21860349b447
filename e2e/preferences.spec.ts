import { expect, test } from '@playwright/test';
import { addVirtualFromWelcome, gotoApp, skipLinuxTip } from './support';

test.beforeEach(async ({ context }) => skipLinuxTip(context));

test('the theme choice survives a reload', async ({ page }) => {
  await gotoApp(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Theme: Light' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: 'Theme: Dark' })).toBeVisible();
});

test('auto follows the system colour scheme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await gotoApp(page);
  await page.getByRole('button', { name: 'Theme: Light' }).click();
  await page.getByRole('menuitemradio', { name: 'Auto' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('the language choice survives a reload', async ({ page }) => {
  await gotoApp(page);
  await page.getByRole('button', { name: 'Language: English (United States)' }).click();
  await page.getByRole('menuitemradio', { name: 'Simplified Chinese' }).click();
  await expect(page.getByRole('heading', { name: '欢迎使用 Keytune' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '设备' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

test('a Chinese browser starts in Chinese', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN' });
  await skipLinuxTip(context);
  const page = await context.newPage();
  await gotoApp(page);
  await expect(page.getByRole('heading', { name: '欢迎使用 Keytune' })).toBeVisible();
  await context.close();
});

test('the Linux permission tip shows until turned off', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  const tip = page.getByRole('dialog', { name: 'Allow Keytune to reach your keyboard' });
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('sudo sh');
  await tip.getByRole('checkbox', { name: 'Show this every time' }).click();
  await tip.getByRole('button', { name: 'OK' }).click();
  await expect(tip).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to Keytune' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await context.close();
});

test('a resource that fails to load shows the message in both languages', async ({ page }) => {
  await page.route('**/default/common.json', (route) => route.fulfill({ status: 404, body: 'missing' }));
  await page.goto('/');
  await expect(page.getByRole('alert')).toContainText('Failed to load resource, please refresh the page');
  await expect(page.getByRole('alert')).toContainText('资源加载失败，请刷新页面');
});

test('with event info turned on in Settings, a keyboard connecting shows a toast, and the choice survives a reload', async ({
  page,
}) => {
  await gotoApp(page);
  await page.getByRole('tab', { name: 'Settings' }).click();
  const box = page.getByRole('checkbox', { name: 'Event info in the app' });
  await expect(box).not.toBeChecked();
  await box.click();
  await expect(box).toBeChecked();
  await page.reload();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('checkbox', { name: 'Event info in the app' })).toBeChecked();
  await page.getByRole('tab', { name: 'Device' }).click();
  await addVirtualFromWelcome(page, 'made68pro', 'Made68Pro');
  await expect(page.getByText('Made68Pro connected', { exact: true })).toBeVisible();
});

/** Records system notifications instead of showing them, keeping the browser's own permission. */
const NOTICE_RECORDER = `
  const Real = window.Notification;
  window.__notices = [];
  class Recorder {
    static get permission() { return Real.permission; }
    static requestPermission() { return Real.requestPermission(); }
    constructor(title, options) { window.__notices.push(title + ': ' + (options && options.body)); }
  }
  window.Notification = Recorder;
`;

test('system notifications, allowed by the browser, tell a keyboard connecting', async ({ context, page }) => {
  await context.grantPermissions(['notifications']);
  await page.addInitScript(NOTICE_RECORDER);
  await gotoApp(page);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByText('The browser allows notifications from this page.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'System notifications' }).click();
  await expect(page.getByRole('checkbox', { name: 'System notifications' })).toBeChecked();
  await page.getByRole('tab', { name: 'Device' }).click();
  await addVirtualFromWelcome(page, 'made68pro', 'Made68Pro');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __notices: string[] }).__notices))
    .toEqual(['Keytune: Made68Pro connected']);
  // Event info in the app is off: no toast.
  await expect(page.getByText('Made68Pro connected')).toHaveCount(0);
});
