/**
 * libhmk profiles in Chromium on the virtual HE60: profile 3 opens and takes a key code while the keyboard keeps
 * typing with profile 1, the keyboard's own PF key moves the app to the profile it chose, and a profile is copied
 * onto another from its menu.
 */
import { expect, test, type Page } from '@playwright/test';
import { gotoApp, openDevicePath, prepareScreen } from './support';
import { pressKey, serviceCall } from './keycode-support';

/** Key ids of the virtual HE60: MO(1) on layer 0, PF(0)-PF(3) on layer 1. */
const MO1 = 55;
const PF = (n: number) => 31 + n;
const KEY = 16;
const KC_X = 0x19;

async function openHe60(page: Page): Promise<string> {
  await gotoApp(page, '?virtual=he60@1.7.0');
  await page.getByRole('button', { name: 'HE60', exact: true }).click();
  await expect(page.getByRole('tablist', { name: /^(Device sections|设备功能)$/ })).toBeVisible();
  return openDevicePath(page);
}

const profile = (page: Page, n: number) => page.getByRole('button', { name: `Profile ${n}`, exact: true });

test('every profile opens and is edited; a PF key on the keyboard moves the app; a profile is copied', async ({
  page,
  context,
}) => {
  await prepareScreen(context, page, 'light', 'en_US');
  const path = await openHe60(page);
  await expect(page.getByText(/Keytune shows and edits the profile chosen here/)).toBeVisible();
  await expect(profile(page, 1)).toHaveAttribute('aria-pressed', 'true');
  await expect(profile(page, 3)).not.toHaveAttribute('aria-disabled', 'true');

  await profile(page, 3).click();
  await expect(profile(page, 3)).toHaveAttribute('aria-pressed', 'true');
  await serviceCall(page, 'dev_info', 'set_key_info', [
    '--path',
    path,
    '--index',
    '0',
    '--select',
    `[${KEY}]`,
    '--code',
    String(KC_X),
  ]);
  const key = page.locator(`[data-key-id="${KEY}"]`);
  await expect(key).toContainText('X');

  await profile(page, 1).click();
  await expect(profile(page, 1)).toHaveAttribute('aria-pressed', 'true');
  await expect(key).not.toContainText('X');

  // On the keyboard: hold Fn (MO(1)) and tap PF(2). The app moves to profile 3 and shows its key map.
  await pressKey(page, path, MO1, 4);
  await pressKey(page, path, PF(2), 4);
  await pressKey(page, path, PF(2), 0);
  await pressKey(page, path, MO1, 0);
  await expect(profile(page, 3)).toHaveAttribute('aria-pressed', 'true', { timeout: 6000 });
  await expect(key).toContainText('X');

  await page.getByRole('button', { name: 'Actions of profile 3' }).click();
  await page.getByRole('menuitem', { name: 'Copy onto profile 4' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy profile 3 onto profile 4?' });
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText('Profile 3 copied onto profile 4', { exact: true })).toBeVisible();
  await profile(page, 4).click();
  await expect(profile(page, 4)).toHaveAttribute('aria-pressed', 'true');
  await expect(key).toContainText('X');
});
