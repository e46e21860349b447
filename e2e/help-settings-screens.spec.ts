/**
 * Pictures of the Help and Settings tabs in light and dark, English and Chinese, compared with the ones in
 * help-settings-screens.spec.ts-snapshots/ (new pictures: `--update-snapshots=all`, and look at them before keeping
 * them), each screen also checked by axe for serious accessibility violations.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { gotoApp, prepareScreen } from './support';

const prepare = prepareScreen;

const TABS = {
  help: { tab: /^(Help|帮助)$/, heading: /^(Help|帮助)$/ },
  settings: { tab: /^(Settings|设置)$/, heading: /^(Settings|设置)$/ },
} as const;

for (const screen of ['help', 'settings'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    for (const language of ['en_US', 'zh_CN'] as const) {
      test(`the ${screen} tab looks right: ${theme}, ${language}`, async ({ context, page }) => {
        await page.setViewportSize({ width: 1280, height: 800 });
        await prepare(context, page, theme, language);
        await gotoApp(page);
        await page.getByRole('tab', { name: TABS[screen].tab }).click();
        await expect(page.getByRole('heading', { level: 1, name: TABS[screen].heading })).toBeVisible();
        await page.mouse.move(0, 799);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.evaluate(() => document.fonts.ready);
        await expect(page).toHaveScreenshot(`${screen}-${theme}-${language}.png`, { fullPage: true });
        const { violations } = await new AxeBuilder({ page }).include('main').analyze();
        expect(
          violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`),
        ).toEqual([]);
      });
    }
  }
}
