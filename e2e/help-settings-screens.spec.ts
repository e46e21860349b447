/**
 * Pictures of the Help and Settings tabs in light and dark, English and Chinese, compared with the ones in
 * help-settings-screens.spec.ts-snapshots/ (new pictures: `--update-snapshots=all`, and look at them before keeping
 * them), each screen also checked by axe for serious accessibility violations.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { gotoApp, skipLinuxTip } from './support';

const ORIGIN = 'http://127.0.0.1:4317';

/** Transitions, animations and the caret are frozen so a picture never catches a screen half-way. */
const STILL = `*, *::before, *::after {
  transition: none !important;
  animation: none !important;
  caret-color: transparent !important;
}`;

type Theme = 'light' | 'dark';
type Language = 'en_US' | 'zh_CN';

async function prepare(context: BrowserContext, page: Page, theme: Theme, language: Language): Promise<void> {
  await skipLinuxTip(context);
  await context.addCookies([
    { name: 'SkinMode', value: theme, url: ORIGIN },
    { name: 'Language', value: language, url: ORIGIN },
  ]);
  await page.addInitScript((css) => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = css;
      document.head.append(style);
    });
  }, STILL);
}

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
