import { expect, test } from '@playwright/test';
import { gotoApp, skipLinuxTip } from './support';

// Bundled by e2e/global-setup.ts: a fake navigator.hid whose devices run the reference firmware.
const FAKE_HID = 'e2e/helpers/generated/fake-hid.js';

test('Add device asks WebHID for permission and the chosen keyboard appears', async ({ page, context }) => {
  await skipLinuxTip(context);
  await page.addInitScript({ path: FAKE_HID });
  await gotoApp(page);
  await expect(page.getByRole('heading', { name: 'Welcome to Keytune' })).toBeVisible();
  await page.getByRole('button', { name: 'Add device' }).click();
  const card = page.getByRole('article').filter({ hasText: 'Made68Pro' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Connected');
  await expect(card).not.toContainText('Virtual');
  await card.getByRole('button', { name: 'Made68Pro', exact: true }).click();
  await expect(page.getByRole('tablist', { name: 'Device sections' })).toBeVisible();
});
