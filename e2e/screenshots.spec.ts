/**
 * Visual regression: the welcome screen, the device list, the device page and its Key code tab in both themes and
 * both languages, and the Key code tab on a 768 px tablet and a 1366 x 768 laptop, compared with the pictures in
 * screenshots.spec.ts-snapshots/. A screen that changes on purpose gets new pictures with
 * `npx playwright test e2e/screenshots.spec.ts --update-snapshots`; look at them before keeping them.
 */
import { expect, test, type Page } from '@playwright/test';
import { prepareScreen, restScreen } from './support';

const FOUR_DEVICES = '/?virtual=made68pro@1.3.7&virtual=mojo68rt@1.3.9&virtual=mouse01@1.0.4&virtual=dongle01@1.0.2';

const prepare = prepareScreen;

const rest = restScreen;

/** The list with four virtual devices, ready: every card and the theme and language controls are on screen. */
async function openList(page: Page): Promise<void> {
  await page.goto(FOUR_DEVICES);
  await expect(page.getByRole('article')).toHaveCount(4);
  await expect(page.locator('.rail__prefs')).toBeVisible();
}

/** The made68pro's page on its Key code tab, with the key map read (the layer list shows). */
async function openKeyCodeTab(page: Page): Promise<void> {
  await page.locator('.device-card__open').first().click();
  await expect(page.locator('.device-page')).toBeVisible();
  const tab = page.locator('.tab-bar__tab[data-tab-id="0"]');
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await expect(page.locator('.keycode-tab .layers')).toBeVisible();
  await expect(page.locator('.kb-key').first()).toBeVisible();
  await expect(page.locator('.picker')).toBeVisible();
}

for (const theme of ['light', 'dark'] as const) {
  for (const language of ['en_US', 'zh_CN'] as const) {
    test(`screens look as recorded, ${theme} ${language}`, async ({ page, context }) => {
      await prepare(context, page, theme, language);
      await page.setViewportSize({ width: 1280, height: 800 });

      await page.goto('/');
      await expect(page.locator('.welcome')).toBeVisible();
      await expect(page.locator('.rail__prefs')).toBeVisible();
      await rest(page);
      await expect(page).toHaveScreenshot(`welcome-${theme}-${language}.png`);

      await openList(page);
      await rest(page);
      await expect(page).toHaveScreenshot(`list-${theme}-${language}.png`);

      await openKeyCodeTab(page);
      await rest(page);
      await expect(page).toHaveScreenshot(`device-${theme}-${language}.png`);
      // The whole tab, below the fold too (in a window tall enough for it): the layers, the drawing and the picker.
      await page.setViewportSize({ width: 1280, height: 1400 });
      await rest(page);
      await expect(page.locator('.keycode-tab')).toHaveScreenshot(`keycode-${theme}-${language}.png`);
    });
  }
}

const SIZES = [
  { width: 768, height: 1024, theme: 'light', language: 'en_US' },
  { width: 1366, height: 768, theme: 'dark', language: 'zh_CN' },
] as const;

for (const { width, height, theme, language } of SIZES) {
  test(`the Key code tab fits a ${width} x ${height} window`, async ({ page, context }) => {
    await prepare(context, page, theme, language);
    await page.setViewportSize({ width, height });
    await openList(page);
    await openKeyCodeTab(page);
    await rest(page);
    // The drawing keeps a readable size: as wide as most of the content area, legends no smaller than 10 px.
    const content = (await page.locator('.content').boundingBox())!;
    const board = (await page.locator('.kb__svg').boundingBox())!;
    expect(board.width).toBeGreaterThan(content.width * 0.75);
    const legend = (await page.locator('.kb-key__legend').first().boundingBox())!;
    expect(legend.height).toBeGreaterThanOrEqual(10);
    await expect(page).toHaveScreenshot(`keycode-tab-${width}x${height}-${theme}-${language}.png`);
  });
}
