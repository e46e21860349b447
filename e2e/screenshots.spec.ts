/** Screenshots of the list and the device page in both themes and both languages, for review (artifacts/). */
import { expect, test } from '@playwright/test';
import { skipLinuxTip } from './support';

const DIR = 'artifacts/screenshots';

for (const theme of ['light', 'dark'] as const) {
  for (const language of ['en_US', 'zh_CN'] as const) {
    test(`screenshots ${theme} ${language}`, async ({ page, context }) => {
      await skipLinuxTip(context);
      await context.addCookies([
        { name: 'SkinMode', value: theme, url: 'http://127.0.0.1:4317' },
        { name: 'Language', value: language, url: 'http://127.0.0.1:4317' },
      ]);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/');
      await expect(page.locator('.welcome')).toBeVisible();
      await expect(page.locator('.rail__prefs')).toBeVisible();
      await page.screenshot({ path: `${DIR}/welcome-${theme}-${language}.png` });

      await page.goto('/?virtual=made68pro@1.3.7&virtual=mojo68rt@1.3.9&virtual=mouse01@1.0.4&virtual=dongle01@1.0.2');
      await expect(page.getByRole('article')).toHaveCount(4);
      // The theme and language controls load just after the first screen.
      await expect(page.locator('.rail__prefs')).toBeVisible();
      await page.screenshot({ path: `${DIR}/list-${theme}-${language}.png` });

      await page.locator('.device-card__open').first().click();
      await expect(page.locator('.device-page')).toBeVisible();
      await page.locator('.tab-bar__tab[data-tab-id="4"]').click();
      await expect(page.locator('.info-list')).toBeVisible();
      await page.screenshot({ path: `${DIR}/device-${theme}-${language}.png` });
    });
  }
}
