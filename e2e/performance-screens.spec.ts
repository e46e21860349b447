/**
 * Visual regression of the Key performance tab on a virtual made68pro: the perf view with keys selected and rapid
 * trigger on (the values on the caps, the "Rapid trigger settings" and "Advanced mode" buttons), the switch, game
 * config and verify views, in both themes and both languages; and dialogs 1 and 5 open, with the press and release
 * travel shown on the caps. Compared with the pictures in performance-screens.spec.ts-snapshots/; a screen that
 * changes on purpose gets new pictures with `--update-snapshots`, looked at before they are kept.
 */
import { expect, test, type Page } from '@playwright/test';
import { prepareScreen, restScreen } from './support';

/** Keys of a made68pro's drawing by id: E 18, R 19. */
const E = 18;
const R = 19;

const prepare = prepareScreen;

const rest = restScreen;

const capKey = (page: Page, id: number) => page.locator(`.perf-tab [data-key-id="${id}"]`);
const view = (page: Page, index: number) => page.locator('.perf-tab__views [role="tab"]').nth(index);

/** The made68pro's page on its Key performance tab, the performance data read. */
async function openPerf(page: Page): Promise<void> {
  await page.goto('/?virtual=made68pro@1.4.2');
  await page.locator('.device-card__open').first().click();
  await expect(page.locator('.device-page')).toBeVisible();
  await page.locator('.tab-bar__tab[data-tab-id="3"]').click();
  await expect(page.locator('.perf-panel [role="slider"]').first()).toBeVisible();
  await expect(capKey(page, E).getByTestId('perf-key-values')).toBeVisible();
}

/** E and R selected, rapid trigger on for both: the caps read their trigger travel and RT. */
async function selectWithRapid(page: Page): Promise<void> {
  await capKey(page, E).click();
  await capKey(page, R).click();
  await expect(capKey(page, R)).toHaveAttribute('aria-selected', 'true');
  const rt = page.locator('.perf-panel__row [role="switch"]');
  await rt.click();
  await expect(rt).toHaveAttribute('aria-checked', 'true');
  await expect(capKey(page, R).getByTestId('perf-key-values')).toContainText('RT');
  await expect(page.locator('.perf-rapid')).toBeVisible();
}

for (const theme of ['light', 'dark'] as const) {
  for (const language of ['en_US', 'zh_CN'] as const) {
    test(`performance views look as recorded, ${theme} ${language}`, async ({ page, context }) => {
      await prepare(context, page, theme, language);
      await page.setViewportSize({ width: 1280, height: 1100 });
      await openPerf(page);

      await selectWithRapid(page);
      await rest(page);
      await expect(page.locator('.perf-tab')).toHaveScreenshot(`perf-${theme}-${language}.png`);

      await view(page, 2).click();
      await expect(page.locator('.perf-tab')).toHaveAttribute('data-view', '2');
      await expect(page.locator('.switch-panel')).toBeVisible();
      await rest(page);
      await expect(page.locator('.perf-tab')).toHaveScreenshot(`switch-${theme}-${language}.png`);

      await view(page, 1).click();
      await expect(page.locator('.perf-tab')).toHaveAttribute('data-view', '1');
      await rest(page);
      await expect(page.locator('.perf-tab')).toHaveScreenshot(`game-${theme}-${language}.png`);

      await view(page, 3).click();
      await expect(page.locator('.perf-tab')).toHaveAttribute('data-view', '3');
      await expect(page.getByTestId('travel-canvas')).toBeVisible();
      await rest(page);
      await expect(page.locator('.perf-tab')).toHaveScreenshot(`verify-${theme}-${language}.png`);
    });
  }
}

test('the rapid-trigger dialogs 1 and 5 look as recorded, and the caps with press and release travel', async ({
  page,
  context,
}) => {
  await prepare(context, page, 'light', 'en_US');
  await page.setViewportSize({ width: 1280, height: 1100 });
  await openPerf(page);
  await selectWithRapid(page);

  await page.getByRole('button', { name: 'Rapid trigger settings' }).click();
  const settings = page.getByRole('dialog');
  await expect(settings).toHaveAttribute('data-dialog-type', '1');
  await rest(page);
  await expect(page).toHaveScreenshot('dialog-1-light-en_US.png');
  // The press and release travel on the caps, then the dialog closed.
  await settings.getByRole('switch', { name: 'Show press and release travel on the keys' }).click();
  await settings.getByRole('button', { name: 'OK' }).click();
  await expect(settings).toBeHidden();
  await expect(capKey(page, R).getByTestId('perf-key-args')).toBeVisible();
  await rest(page);
  await expect(page.locator('.perf-tab')).toHaveScreenshot('perf-args-light-en_US.png');

  await page.getByRole('button', { name: /^Advanced mode: / }).click();
  await expect(page.getByRole('dialog')).toHaveAttribute('data-dialog-type', '5');
  await rest(page);
  await expect(page).toHaveScreenshot('dialog-5-light-en_US.png');
});

test('the perf sliders keep their zones and marks readable at 1366x768', async ({ page, context }) => {
  await prepare(context, page, 'light', 'en_US');
  await page.setViewportSize({ width: 1366, height: 768 });
  await openPerf(page);
  await selectWithRapid(page);
  await expect(page.getByTestId('slider-mark').first()).toBeVisible();
  await rest(page);
  await expect(page).toHaveScreenshot('perf-1366-light-en_US.png');
});
