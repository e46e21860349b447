/**
 * Device settings, theme slots and local firmware update on a virtual made68pro in Chromium: a USB setting kept
 * across a reload, a theme slot switched and renamed, and the keyboard flashed from a local .zip, its settings kept;
 * a bad archive refused with its message. A virtual made68air shows its battery attributes and pairing status, and
 * re-pairs: Pairing, then Paired without a reload.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { zipSync } from 'fflate';
import { settingsEn } from '../src/i18n/sections/settings';
import { buildFirmwareImage } from '../src/protocol/firmware-image';
import { gotoApp, skipLinuxTip } from './support';

async function openSettings(page: Page, model = 'Made68Pro') {
  await page.getByRole('button', { name: model, exact: true }).click();
  await page.getByRole('tab', { name: /^Device settings/ }).click();
  await expect(page.getByRole('heading', { name: settingsEn['settings.link.title'] })).toBeVisible();
}

const nkey = (page: Page) => page.getByRole('switch', { name: settingsEn['settings.usb.nkey'] });

test.beforeEach(async ({ context }) => skipLinuxTip(context));

test('a USB setting and a theme slot change survive a reload', async ({ page }) => {
  await gotoApp(page, '?virtual=made68pro@1.4.2');
  await openSettings(page);
  const was = await nkey(page).getAttribute('aria-checked');
  const want = was === 'true' ? 'false' : 'true';
  await nkey(page).click();
  await expect(nkey(page)).toHaveAttribute('aria-checked', want);

  const themes = page.getByRole('complementary', { name: settingsEn['themes.title'] });
  await themes.getByRole('button', { name: /^2\. / }).click();
  await expect(themes.getByRole('button', { name: /^2\. / })).toHaveAttribute('aria-pressed', 'true');
  await themes.getByRole('button', { name: 'Theme 2 options' }).click();
  await page.getByRole('menuitem', { name: settingsEn['themes.rename'] }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename theme 2' });
  await dialog.getByRole('textbox').fill('Night mode');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(themes.getByRole('button', { name: '2. Night mode' })).toBeVisible();

  await page.reload();
  await openSettings(page);
  await expect(nkey(page)).toHaveAttribute('aria-checked', want);
  const again = page.getByRole('complementary', { name: settingsEn['themes.title'] });
  await expect(again.getByRole('button', { name: '2. Night mode' })).toHaveAttribute('aria-pressed', 'true');
});

test('a wireless keyboard shows its battery attributes and its pairing status', async ({ page }) => {
  await gotoApp(page, '?virtual=made68air@1.4.2');
  await openSettings(page, 'Made68Air');
  const row = (label: string) => page.locator('.info-list__row', { has: page.getByText(label, { exact: true }) });
  await expect(row('Pairing status').locator('dd')).toHaveText('Paired');
  await expect(row('Current').locator('dd')).toHaveText(/^[+-]?\d+ mA$/);
  await expect(row('Voltage').locator('dd')).toHaveText(/^\d{4} mV$/);
  await expect(row('Remaining charging time').locator('dd')).toHaveText(/^\d+ min$/);
  await expect(row('Cycle').locator('dd')).toHaveText(/^\d+$/);
  await expect(row('Health level').locator('dd')).toHaveText(/^\d{2,3}%$/);
});

test('Re-pair on a wireless keyboard shows Pairing, then Paired by itself', async ({ page }) => {
  await gotoApp(page, '?virtual=made68air@1.4.2');
  await openSettings(page, 'Made68Air');
  const status = page
    .locator('.info-list__row', { has: page.getByText('Pairing status', { exact: true }) })
    .locator('dd');
  await expect(status).toHaveText('Paired');
  const link = page.locator('section', { has: page.getByRole('heading', { name: settingsEn['settings.link.title'] }) });
  const repair = link.getByRole('button', { name: 'Re-pair' });
  await expect(link.getByText('Hold the key combination for 3 seconds to re-pair.')).toBeVisible();
  await repair.focus();
  await page.keyboard.press('Enter');
  await expect(status).toHaveText('Pairing');
  await expect(repair).toHaveAttribute('aria-busy', 'true');
  expect(await seriousViolations(page, '.link-settings')).toEqual([]);
  await expect(status).toHaveText('Paired', { timeout: 6000 });
  await expect(repair).not.toHaveAttribute('aria-busy', 'true');
  await expect(repair).toBeFocused();
});

test('a keyboard mode chosen with mouse and arrow keys survives a reload and lights the keys', async ({ page }) => {
  await gotoApp(page, '?virtual=made68pro@1.4.2');
  await openSettings(page);
  const modes = page.getByRole('radiogroup', { name: 'Keyboard mode' });
  const mode = (name: string) => modes.getByRole('radio', { name });
  await expect(mode('Game mode')).toBeChecked();
  const axe = await new AxeBuilder({ page }).include('.kb-mode').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await mode('Power saving mode').click();
  await expect(mode('Power saving mode')).toBeChecked();
  const rate = page.locator('.info-list__row', { hasText: settingsEn['settings.info.report.rate'] }).locator('dd');
  await expect(rate).toHaveText('125 Hz');

  // From the keyboard: each arrow moves to the next mode and sets it; the focus stays with the group.
  await mode('Power saving mode').focus();
  // Held as a person holds a key: the focus moves (and the mode is chosen) before the key comes up.
  const arrowDown = async (to: string) => {
    await page.keyboard.down('ArrowDown');
    await expect(mode(to)).toBeChecked();
    await page.keyboard.up('ArrowDown');
    await expect(mode(to)).toBeFocused();
  };
  await arrowDown('Office mode');
  await arrowDown('Game mode');
  await expect(rate).toHaveText('1000 Hz');
  await expect(page.getByText(settingsEn['settings.usb.kb.mode.custom'])).toHaveCount(0);

  await page.reload();
  await openSettings(page);
  await expect(
    page.getByRole('radiogroup', { name: 'Keyboard mode' }).getByRole('radio', { name: 'Game mode' }),
  ).toBeChecked();
  await page.getByRole('tab', { name: /^Key LED/ }).click();
  await expect(page.getByRole('switch', { name: 'Key light' }).first()).toHaveAttribute('aria-checked', 'true');
});

test('flashes the keyboard from a local .zip and keeps its settings; refuses a bad archive', async ({ page }) => {
  await gotoApp(page, '?virtual=made68pro@1.4.2');
  await openSettings(page);
  const was = await nkey(page).getAttribute('aria-checked');
  const want = was === 'true' ? 'false' : 'true';
  await nkey(page).click();
  await expect(nkey(page)).toHaveAttribute('aria-checked', want);

  const chooser = page.getByTestId('firmware-file');
  await chooser.setInputFiles({
    name: 'fw.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zipSync({ '../evil.mg': buildFirmwareImage(3, '1.4.3') })),
  });
  await page.getByRole('button', { name: settingsEn['firmware.local.update'] }).click();
  await expect(page.getByRole('alert').filter({ hasText: settingsEn['firmware.zip.traversal'] })).toBeVisible();

  await chooser.setInputFiles({
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
  // The keyboard now runs 1.4.3: the app restores it without asking for a 1.4.2 one again.
  await gotoApp(page);
  await openSettings(page);
  await expect(firmware).toHaveText(/1\.4\.3$/);
  await expect(nkey(page)).toHaveAttribute('aria-checked', want);
});

/** Serious violations on the page, or inside `within` only (an open menu or dialog: the page behind is hidden on purpose). */
async function seriousViolations(page: Page, within?: string) {
  const builder = new AxeBuilder({ page });
  const result = await (within ? builder.include(within) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

for (const theme of ['light', 'dark'] as const) {
  test(`the settings screen, theme menu and dialogs have no serious violations (${theme})`, async ({
    page,
    context,
  }) => {
    await context.addCookies([{ name: 'SkinMode', value: theme, url: 'http://127.0.0.1:4317' }]);
    await gotoApp(page, '?virtual=made68pro@1.4.2');
    await openSettings(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Theme 1 options' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await seriousViolations(page, '[role="menu"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: settingsEn['settings.reset.button'] }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  });
}
