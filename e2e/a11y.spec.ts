import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { gotoApp, skipLinuxTip } from './support';

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test.beforeEach(async ({ context }) => skipLinuxTip(context));

for (const theme of ['light', 'dark'] as const) {
  test(`welcome, list and device page have no serious violations (${theme})`, async ({ page, context }) => {
    await context.addCookies([{ name: 'SkinMode', value: theme, url: 'http://127.0.0.1:4317' }]);
    await gotoApp(page);
    await expect(page.getByRole('heading', { name: 'Welcome to Keytune' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/?virtual=made68pro@1.3.7&virtual=mouse01@1.0.4');
    await expect(page.getByRole('article')).toHaveCount(2);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Made68Pro', exact: true }).click();
    await expect(page.getByRole('tablist', { name: 'Device sections' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: /^Device settings/ }).click();
    await expect(page.locator('.info-list')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
