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
