import { expect, test } from '@playwright/test';
import {
  addVirtualFromWelcome,
  gotoApp,
  openDevicePath,
  savedVirtualKeyboards,
  skipLinuxTip,
  waitForAppBridge,
} from './support';

test.beforeEach(async ({ context }) => skipLinuxTip(context));

test('with no device the welcome screen shows', async ({ page }) => {
  await gotoApp(page);
  await expect(page.getByRole('heading', { name: 'Welcome to Keytune' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add device' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'No keyboard at hand?' })).toBeVisible();
});

test('add a virtual made68pro, open it, walk the tabs, unplug it', async ({ page }) => {
  await gotoApp(page);
  await addVirtualFromWelcome(page, 'made68pro', 'Made68Pro');

  const card = page.getByRole('article').filter({ hasText: 'Made68Pro' });
  await expect(card).toContainText('Connected');
  await expect(card).toContainText('USB');
  await expect(card).toContainText('Virtual');
  await expect(card.getByRole('link', { name: 'Open the Made68Pro manual (PDF)' })).toHaveAttribute(
    'href',
    /\/manuals\/made68pro_\d+\.\d+\.\d+\.pdf$/,
  );

  await card.getByRole('button', { name: 'Made68Pro', exact: true }).click();
  const tabs = page.getByRole('tablist', { name: 'Device sections' });
  await expect(tabs).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to devices: Made68Pro' })).toBeVisible();
  for (const name of ['Key LED', 'Key performance', 'Device settings', 'Key code']) {
    const tab = tabs.getByRole('tab', { name: new RegExp(`^${name}`) });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: new RegExp(`^${name}`) })).toBeVisible();
  }

  await tabs.getByRole('tab', { name: /^Device settings/ }).click();
  const info = page.locator('.info-list');
  await expect(info).toContainText('Made68Pro');
  await expect(info.locator('.info-list__row', { hasText: 'Firmware' }).locator('dd')).toHaveText(/^V?\d+\.\d+\.\d+$/);
  await expect(info.locator('.info-list__row', { hasText: 'Connection' }).locator('dd')).toHaveText('USB');

  const path = await openDevicePath(page);
  await page.evaluate((p) => window.__keytune?.unplug(p), path);
  await expect(page.getByRole('tablist', { name: 'Device sections' })).toBeHidden();
  await expect(page.getByRole('heading', { name: /Welcome to Keytune|My Devices/ })).toBeVisible();
});

test('the back button returns to the list, keyboard only', async ({ page }) => {
  await gotoApp(page, '?virtual=cyber01@2.1.7');
  const open = page.getByRole('button', { name: 'Cyber01', exact: true });
  await open.focus();
  await page.keyboard.press('Enter');
  const back = page.getByRole('button', { name: 'Back to devices: Cyber01' });
  await back.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'My Devices' })).toBeVisible();
});

test('?virtual= attaches keyboards at start and does not duplicate them after a reload', async ({ page }) => {
  await gotoApp(page, '?virtual=made68pro@1.3.7&virtual=cyber01@2.1.7');
  await expect(page.getByRole('article')).toHaveCount(2);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);
  // 1.3.7 is older than the published made68pro firmware: the red dot leads to the update dialog.
  await page.getByRole('button', { name: 'Firmware update available for Made68Pro' }).click();
  await expect(page.getByRole('dialog', { name: 'Firmware update available' })).toBeVisible();
  await page.getByRole('button', { name: 'Open device settings' }).click();
  await expect(page.getByRole('tab', { name: /^Device settings/ })).toHaveAttribute('aria-selected', 'true');
});

test('a redirect model opens the redirect dialog instead of its page', async ({ page }) => {
  await gotoApp(page, '?virtual=mojo68@1.0.0');
  await page.getByRole('button', { name: 'Mojo68', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Mojo68 is set up in the desktop app' });
  await expect(dialog).toHaveAttribute('data-dialog-type', '2');
  await expect(dialog).toHaveAttribute('data-dialog-index', '3');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('tablist', { name: 'Device sections' })).toHaveCount(0);
});

const savedCount = async (page: import('@playwright/test').Page) => (await savedVirtualKeyboards(page)).length;

test('a virtual keyboard added from the welcome screen comes back after a reload, until it is removed', async ({
  page,
  context,
}) => {
  await skipLinuxTip(context);
  await gotoApp(page);
  await addVirtualFromWelcome(page, 'cyber01', 'Cyber01');
  // Its first flash image is written a moment after it is created.
  await expect.poll(() => savedCount(page)).toBe(1);
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(1);
  await waitForAppBridge(page);

  const paths = (await page.evaluate(`window.__keytune.bridge.call('app_info', 'get_dev_list')`)) as { path: string }[];
  await page.evaluate(
    `window.__keytune.bridge.call('app_info', 'remove_device', ['--path', ${JSON.stringify(paths[0]!.path)}])`,
  );
  await expect.poll(() => savedCount(page)).toBe(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to Keytune' })).toBeVisible();
});

/** The saved virtual keyboards as [display name, savedAt]. */
const savedTimes = async (page: import('@playwright/test').Page) =>
  (await savedVirtualKeyboards(page)).map((k) => [k.name, k.savedAt] as [string, number]);

const cardNames = (page: import('@playwright/test').Page) =>
  page.locator('.device-card .device-card__open').allTextContents();

test('the list keeps the order devices were added in, after a change and a reload', async ({ page }) => {
  await gotoApp(page, '?virtual=made68pro@1.3.7&virtual=cyber01@2.1.7');
  await expect(page.getByRole('article')).toHaveCount(2);
  expect(await cardNames(page)).toEqual(['Made68Pro', 'Cyber01']);
  await expect.poll(() => savedCount(page)).toBe(2);
  // A change to the first keyboard saves it again, after the second one.
  const [first] = (await page.evaluate(`window.__keytune.bridge.call('app_info', 'get_dev_list')`)) as {
    path: string;
  }[];
  const before = await savedTimes(page);
  await page.evaluate(
    `window.__keytune.bridge.call('dev_info', 'set_key_info', ['--path', ${JSON.stringify(first!.path)}, '--index', '0', '--select', '[0]', '--code', '5'])`,
  );
  await expect
    .poll(async () => {
      const times = new Map(await savedTimes(page));
      return times.get('Made68Pro')! > Math.max(...before.map(([, at]) => at));
    })
    .toBe(true);
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(2);
  expect(await cardNames(page)).toEqual(['Made68Pro', 'Cyber01']);
});

test('a device is removed from its card menu after a confirmation, and stays away after a reload', async ({ page }) => {
  await gotoApp(page, '?virtual=made68pro@1.3.7');
  await addVirtualFromWelcomeOrList(page);
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect.poll(() => savedCount(page)).toBe(2);
  const card = page.getByRole('article').filter({ hasText: 'Cyber01' });
  await card.locator('[aria-haspopup="menu"]').click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  const dialog = page.locator('[data-dialog="remove-device"]');
  await expect(dialog).toBeVisible();
  await dialog.locator('.dialog__footer .button--danger').click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'My Devices' })).toBeFocused();
  await expect.poll(() => savedCount(page)).toBe(1);
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(1);
  expect(await cardNames(page)).toEqual(['Made68Pro']);
});

/** Adds a virtual Cyber01 from the list's add dialog; its card takes keyboard focus. */
async function addVirtualFromWelcomeOrList(page: import('@playwright/test').Page): Promise<void> {
  await page.getByRole('button', { name: 'Add device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a device' });
  await dialog.getByRole('combobox', { name: 'Model' }).selectOption('cyber01');
  await dialog.getByRole('button', { name: 'Add virtual device' }).click();
  await expect(page.getByRole('button', { name: 'Cyber01', exact: true })).toBeFocused();
}

test('a missing drawing is a 404, and a receiver page asks for none and warns of nothing', async ({
  page,
  request,
}) => {
  const missing = await request.get('/devices/dongle01.svg');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-type']).not.toContain('text/html');
  const drawing = await request.get('/devices/made68pro.svg');
  expect(drawing.status()).toBe(200);
  expect(drawing.headers()['content-type']).toContain('image/svg+xml');
  expect((await request.get('/')).headers()['content-type']).toContain('text/html');

  const drawings: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/devices/')) drawings.push(r.url());
  });
  await gotoApp(page, '?virtual=dongle01@1.0.0');
  await page.getByRole('button', { name: 'Dongle01', exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: /^Key code/ });
  await expect(panel.locator('[data-no-keys]')).toBeVisible();
  await expect(panel.locator('.keycode-tab')).toHaveCount(0);
  await expect(page.getByRole('radio')).toHaveCount(0);
  // Opening the page moved keyboard focus onto it.
  await expect(page.locator('.device-page')).toBeFocused();
  await page.waitForTimeout(500);
  await expect(page.locator('.toast')).toHaveCount(0);
  expect(drawings).toEqual([]);
});

test('the app serves the Linux install script and the udev rule it installs', async ({ request }) => {
  const script = await request.get('/linux/keytune-udev.sh');
  expect(script.status()).toBe(200);
  const rule = await request.get('/linux/70-keytune.rules');
  expect(rule.status()).toBe(200);
  const rules = await rule.text();
  expect(rules).toContain('ATTRS{idVendor}=="34b7", ATTRS{idProduct}=="1003"');
  expect(await script.text()).toContain(rules);
});
