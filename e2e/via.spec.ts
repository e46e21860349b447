/**
 * A virtual VIA keyboard from the app's address (`?virtual=via65@12.0.0`): it opens with its bundled definition's
 * drawing, drawn for the layout options it holds (the split-backspace keys only when chosen), in the real worker.
 */
import { expect, test } from '@playwright/test';
import { gotoApp, skipLinuxTip } from './support';

test.beforeEach(async ({ context }) => {
  await skipLinuxTip(context);
});

test('a virtual VIA keyboard opens with its definition’s keys, drawn for its layout options', async ({ page }) => {
  await gotoApp(page, '?virtual=via65@12.0.0');
  await page.getByRole('button', { name: 'Keytune VIA 65', exact: true }).click();
  const drawing = page.locator('.device-page [data-key-id]');
  await expect(drawing).toHaveCount(68);
  // Key 43 (row 2, column 13) exists only in the split-backspace choice, which the keyboard does not hold.
  await expect(page.locator('.device-page [data-key-id="43"]')).toHaveCount(0);
  await expect(page.locator('.device-page [data-key-id="13"]')).toHaveCount(1);
});

test('a VIA key gets a layer-tap in two picks, a typed code from the Any key, and keeps both after a reload', async ({
  page,
}) => {
  await gotoApp(page, '?virtual=via65@12.0.0');
  await page.getByRole('button', { name: 'Keytune VIA 65', exact: true }).click();
  const key = (id: number) => page.locator(`.device-page [data-key-id="${id}"]`);
  await key(30).click();
  await page.getByRole('tab', { name: 'Layers', exact: true }).click();
  await page.getByRole('button', { name: /^LT2\(kc\),/ }).click();
  await expect(page.getByText('LT2(kc): now pick the key it wraps.')).toBeVisible();
  await page.getByRole('button', { name: 'Space, Space bar' }).click();
  await expect(key(30)).toContainText('LT2(Space)');

  await page.getByRole('button', { name: 'Unselect', exact: true }).click();
  await key(31).click();
  await page.getByRole('button', { name: 'Any key: type a code' }).click();
  await page.getByRole('textbox', { name: 'Key code' }).fill('LCTL(KC_C)');
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(key(31)).toContainText('LCtl+C');
  await expect(key(30)).toContainText('LT2(Space)');
  // The legend shows at once, before the write has reached the keyboard; a reload in that moment loses it (noted:
  // the app should hold the page while a write is under way). The test reloads once the write has had its time.
  await expect(page.getByRole('status').filter({ hasText: 'LCtl+C set on 1 key.' })).toBeVisible();
  await page.waitForTimeout(500);

  await page.reload();
  await page.getByRole('button', { name: 'Keytune VIA 65', exact: true }).click();
  await expect(key(30)).toContainText('LT2(Space)');
  await expect(key(31)).toContainText('LCtl+C');
});

test('a VIA macro is recorded from the keyboard alone and written', async ({ page }) => {
  await gotoApp(page, '?virtual=via65@12.0.0');
  await page.getByRole('button', { name: 'Keytune VIA 65', exact: true }).click();
  await page.getByRole('tab', { name: 'VIA', exact: true }).click();
  await page.getByRole('button', { name: 'Edit M2' }).click();
  const editor = page.getByRole('region', { name: 'Edit M2' });
  const record = editor.getByRole('button', { name: 'Record keys' });
  await record.focus();
  await page.keyboard.press('Enter');
  await expect(editor.getByText(/^Recording: press the keys/)).toBeVisible();
  await page.keyboard.down('Shift');
  await page.keyboard.press('KeyH');
  await page.keyboard.up('Shift');
  await page.keyboard.press('KeyI');
  await page.keyboard.press('Escape');
  // Shift down, H tapped, Shift up, I tapped (and the pauses between, as the keyboard waits inside macros).
  await expect(editor.getByText(/^\d+ actions recorded\.$/)).toBeVisible();
  await editor.getByRole('button', { name: 'Write' }).click();
  await expect(page.locator('[data-macro="2"] .via-macro__words')).toContainText('Tap H');
  await expect(page.locator('[data-macro="2"] .via-macro__words')).toContainText('Tap I');
});
