/**
 * Online firmware update of a virtual made68pro in Chromium from the firmware catalogue the app serves
 * (/firmware/, docs/firmware-catalogue.md): the red dot on the card and on the Device settings tab, the need-update
 * dialog, the check, the download and the flash; after a reload the keyboard runs the new version with its settings
 * kept, and the red dots are gone.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { en_US } from '../src/i18n/en_US';
import { settingsEn } from '../src/i18n/sections/settings';
import { gotoApp, skipLinuxTip } from './support';

const settingsTab = (page: Page) => page.getByRole('tab', { name: /^Device settings/ });
const nkey = (page: Page) => page.getByRole('switch', { name: settingsEn['settings.usb.nkey'] });
const firmwareRow = (page: Page) => page.locator('.info-list__row', { hasText: 'Firmware' }).locator('dd');
const redDot = (page: Page) => page.getByRole('button', { name: 'Firmware update available for Made68Pro' });

test.beforeEach(async ({ context }) => skipLinuxTip(context));

test('the catalogue is served as static files, with a versioned layout', async ({ request }) => {
  const index = await request.get('/firmware/index.json');
  expect(index.ok()).toBe(true);
  expect(await index.json()).toMatchObject({ format: 1, models: { made68pro: { '1.0.0': '1.4.2' } } });
  const latest = await request.get('/firmware/v1/made68pro/1.0.0/latest.json');
  const release = (await latest.json()) as { fw_ver: string; file: string; size: number };
  expect(release.fw_ver).toBe('1.4.2');
  const zip = await request.get(`/firmware/v1/made68pro/1.0.0/${release.file}`);
  expect((await zip.body()).length).toBe(release.size);
  expect((await request.get('/firmware/v1/made68pro/9.9.9/latest.json')).status()).toBe(404);
});

test('updates a virtual keyboard from the catalogue and keeps its settings across a reload', async ({ page }) => {
  await gotoApp(page, '?virtual=made68pro@1.4.1');
  // The check finds 1.4.2: the card's red dot opens the need-update dialog, which leads to Device settings.
  await redDot(page).click();
  const need = page.getByRole('dialog', { name: en_US['update.dialog.title'] });
  await expect(need).toContainText('Firmware 1.4.2 for Made68Pro');
  await need.getByRole('button', { name: en_US['update.dialog.open'] }).click();
  await expect(settingsTab(page)).toHaveAttribute('aria-selected', 'true');
  await expect(settingsTab(page).getByTestId('settings-red-dot')).toBeVisible();
  await expect(firmwareRow(page)).toHaveText('V1.4.1');

  // A setting to keep through the update.
  const was = await nkey(page).getAttribute('aria-checked');
  const want = was === 'true' ? 'false' : 'true';
  await nkey(page).click();
  await expect(nkey(page)).toHaveAttribute('aria-checked', want);

  await page.getByRole('button', { name: en_US['fw.check'] }).click();
  const dialog = page.getByRole('dialog', { name: settingsEn['firmware.dialog.title'] });
  await expect(dialog).toContainText('Firmware 1.4.2 is available for Made68Pro, which runs V1.4.1.');
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await dialog.getByRole('button', { name: en_US['fw.latest'] }).click();
  await expect(dialog).toContainText('The keyboard now runs firmware V1.4.2.', { timeout: 30_000 });
  await expect(dialog.getByRole('button', { name: 'OK', exact: true })).toBeEnabled({ timeout: 10_000 });
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(settingsTab(page).getByTestId('settings-red-dot')).toHaveCount(0);

  await gotoApp(page);
  await expect(page.getByRole('button', { name: 'Made68Pro', exact: true })).toBeVisible();
  await expect(redDot(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Made68Pro', exact: true }).click();
  await settingsTab(page).click();
  await expect(firmwareRow(page)).toHaveText('V1.4.2');
  await expect(nkey(page)).toHaveAttribute('aria-checked', want);
  await expect(page.getByTestId('online-update-status')).toHaveText(settingsEn['firmware.online.latest']);
});

test('an update cut by closing the page mid-flash is run again on the next visit; the settings are kept', async ({
  page,
}) => {
  await gotoApp(page, '?virtual=made68pro@1.4.1');
  await page.getByRole('button', { name: 'Made68Pro', exact: true }).click();
  await settingsTab(page).click();
  const was = await nkey(page).getAttribute('aria-checked');
  const want = was === 'true' ? 'false' : 'true';
  await nkey(page).click();
  await expect(nkey(page)).toHaveAttribute('aria-checked', want);

  await page.getByRole('button', { name: en_US['fw.check'] }).click();
  const dialog = page.getByRole('dialog', { name: settingsEn['firmware.dialog.title'] });
  await dialog.getByRole('button', { name: en_US['fw.latest'] }).click();
  // Part of the image is on the keyboard: the page goes away (the worker with the link and the transfer with it).
  await page.waitForFunction(
    (label) => {
      const bar = document.querySelector(`progress[aria-label="${label}"]`);
      return bar instanceof HTMLProgressElement && bar.value > 0 && bar.value < 60;
    },
    settingsEn['firmware.dialog.progress'],
    { polling: 'raf', timeout: 30_000 },
  );
  await gotoApp(page);

  // The keyboard still works, on its old firmware, with its settings.
  await expect(page.getByRole('button', { name: 'Made68Pro', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Made68Pro', exact: true }).click();
  await settingsTab(page).click();
  await expect(firmwareRow(page)).toHaveText('V1.4.1');
  await expect(nkey(page)).toHaveAttribute('aria-checked', want);

  // The same update, run again, completes.
  await page.getByRole('button', { name: en_US['fw.check'] }).click();
  await dialog.getByRole('button', { name: en_US['fw.latest'] }).click();
  await expect(dialog).toContainText('The keyboard now runs firmware V1.4.2.', { timeout: 30_000 });
  await expect(dialog.getByRole('button', { name: 'OK', exact: true })).toBeEnabled({ timeout: 10_000 });
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(firmwareRow(page)).toHaveText('V1.4.2');
  await expect(nkey(page)).toHaveAttribute('aria-checked', want);
});
