/**
 * The libhmk screens in Chromium with a virtual HE60 added from the welcome screen: a key bound to a gamepad button
 * and a curve point changed on the Gamepad tab, the libhmk settings below Device settings with the bootloader
 * confirmation; and screenshots of both screens in both themes and languages, for review (artifacts/).
 */
import { expect, test, type Page } from '@playwright/test';
import { gotoApp, prepareScreen, restScreen, type ScreenLanguage, type ScreenTheme } from './support';

const TAB = { gamepad: /^(Gamepad|手柄)$/, settings: /^(Device settings|设备设置)$/ };

async function openHe60(page: Page): Promise<void> {
  // The address adds a virtual HE60 (libhmk 1.7); the keyboard names itself HE60 in its metadata.
  await gotoApp(page, '?virtual=he60@1.7.0');
  await page.getByRole('button', { name: 'HE60', exact: true }).click();
  await expect(page.getByRole('tablist', { name: /^(Device sections|设备功能)$/ })).toBeVisible();
}

async function openTab(page: Page, name: RegExp): Promise<void> {
  await page.getByRole('tab', { name }).click();
}

test('binds a key to a gamepad button and writes a curve point; the keyboard reports both', async ({
  page,
  context,
}) => {
  await prepareScreen(context, page, 'light', 'en_US');
  await openHe60(page);
  await openTab(page, TAB.gamepad);
  await expect(page.getByRole('heading', { name: 'Analog curve' })).toBeVisible();

  const key = page.locator('[data-key-id="16"]');
  await key.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('1 key selected')).toBeVisible();
  await page.getByRole('combobox', { name: 'Gamepad button' }).selectOption({ label: 'Left trigger' });
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(key).toContainText('Left trigger');

  const out = page.getByRole('spinbutton', { name: 'Point 2 output, 0-255' });
  await out.fill('300');
  await page.getByRole('button', { name: 'Apply curve' }).click();
  await expect(page.getByRole('alert')).toHaveText('Point 2: output must be a whole number from 0 to 255.');
  await out.fill('60');
  await out.press('Enter');
  await expect(out).toHaveValue('60');
  await expect(page.getByRole('img', { name: /Analog curve chart: .*→ 60/ })).toBeVisible();
});

test('the libhmk settings: options, calibration, and the bootloader only after its warning', async ({
  page,
  context,
}) => {
  await prepareScreen(context, page, 'light', 'en_US');
  await openHe60(page);
  await openTab(page, TAB.settings);
  await expect(page.getByRole('heading', { name: 'Calibration' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'XInput gamepad' })).toBeVisible();
  await page.getByRole('button', { name: 'Restart into bootloader…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restart into the bootloader?' });
  await expect(dialog).toContainText('The keyboard will stop typing');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tablist', { name: /^(Device sections|设备功能)$/ })).toBeVisible();
});

for (const theme of ['light', 'dark'] as ScreenTheme[]) {
  for (const language of ['en_US', 'zh_CN'] as ScreenLanguage[]) {
    test(`screenshots of the libhmk screens, ${theme}, ${language}`, async ({ page, context }) => {
      await page.setViewportSize({ width: 1366, height: 900 });
      await prepareScreen(context, page, theme, language);
      await openHe60(page);
      await openTab(page, TAB.gamepad);
      await expect(page.locator('[data-key-id="0"]')).toBeVisible();
      await restScreen(page);
      await page.screenshot({ path: `artifacts/libhmk-gamepad-${theme}-${language}.png`, fullPage: true });
      await openTab(page, TAB.settings);
      await page.locator('.libhmk-settings').scrollIntoViewIfNeeded();
      await restScreen(page);
      await page.screenshot({ path: `artifacts/libhmk-settings-${theme}-${language}.png`, fullPage: true });
    });
  }
}
