/**
 * Visual regression of the Key LED tab: key light (custom colours with a gradient, and a light effect), outer frame on
 * made68pro and ambient light on real67, in both themes and both languages, compared with the pictures in
 * lighting-screens.spec.ts-snapshots/. The system asks for reduced motion, so the preview of a light effect stands
 * still (its caption says so) and no region needs masking. A screen that changes on purpose gets new pictures with
 * `npx playwright test e2e/lighting-screens.spec.ts --update-snapshots`; look at them before keeping them.
 */
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { addPageStyle, chooseLookAndLanguage } from './support';

type Theme = 'light' | 'dark';
type Language = 'en_US' | 'zh_CN';

/** Transitions and the caret are frozen so a picture never catches a screen half-way. */
const STILL = `*, *::before, *::after {
  transition: none !important;
  caret-color: transparent !important;
}`;

const TEXT = {
  en_US: {
    keyLed: 'Key LED',
    effects: 'Light effects',
    colourModes: 'Colour modes',
    wave: 'Wave',
    custom: 'Custom',
    fill: 'Fill the selection',
    outframe: 'Outer frame',
    ambient: 'Ambient light',
    rhythm: 'Rhythm',
    breathing: 'Breathing',
    static: 'Static',
    drawing: 'Keyboard lighting',
    key: 'Key',
  },
  zh_CN: {
    keyLed: '按键灯光',
    effects: '灯效',
    colourModes: '颜色模式',
    wave: '波浪',
    custom: '自定义',
    fill: '填充所选按键',
    outframe: '外框灯',
    ambient: '氛围灯',
    rhythm: '律动',
    breathing: '呼吸',
    static: '常亮',
    drawing: '键盘灯光',
    key: '按键',
  },
} as const;

async function prepare(context: BrowserContext, page: Page, theme: Theme, language: Language): Promise<void> {
  await chooseLookAndLanguage(context, theme, language);
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme });
  // Animations stay: the preview of a dynamic mode is shown paused by the reduced-motion setting itself.
  await addPageStyle(page, STILL);
  await page.setViewportSize({ width: 1280, height: 1000 });
}

const ledTab = (page: Page): Locator => page.locator('.led-tab');

/** Opens a virtual keyboard's Key LED tab, with its colours read. */
async function openLedTab(page: Page, virtual: string, name: string, language: Language): Promise<void> {
  await page.goto(`/?virtual=${virtual}`);
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('tab', { name: TEXT[language].keyLed }).first().click();
  await expect(page.getByRole('grid', { name: TEXT[language].drawing })).toBeVisible();
  await expect(page.locator('.kb-key').first()).toBeVisible();
}

/** Nothing hovered or focused: a picture shows the screen as it rests. */
async function rest(page: Page): Promise<void> {
  await page.mouse.move(0, page.viewportSize()!.height - 1);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.evaluate(() => document.fonts.ready);
}

for (const theme of ['light', 'dark'] as const) {
  for (const language of ['en_US', 'zh_CN'] as const) {
    const t = TEXT[language];
    const name = (screen: string) => `${screen}-${theme}-${language}.png`;

    test(`Key LED tab looks as recorded, ${theme} ${language}`, async ({ page, context }) => {
      await prepare(context, page, theme, language);
      await openLedTab(page, 'made68pro@1.4.2', 'Made68Pro', language);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);

      // Key light, custom colours: a gradient over the top letter row.
      await page.getByRole('tab', { name: t.colourModes }).click();
      await page.getByRole('radio', { name: t.custom }).click();
      const grid = page.getByRole('grid', { name: t.drawing });
      for (const key of ['Q', 'W', 'E', 'R', 'T', 'Y', 'U', 'I', 'O', 'P'])
        await grid.getByRole('gridcell', { name: new RegExp(`^${t.key} ${key}(,|$)`) }).click();
      await page.getByRole('button', { name: t.fill }).click();
      await expect(page.locator('.led-gradient .led-note')).toBeVisible();
      await rest(page);
      await expect(ledTab(page)).toHaveScreenshot(name('key-custom'));

      // Key light, a light effect: still under reduced motion, as the caption says.
      await page.getByRole('tab', { name: t.effects }).click();
      await page.getByRole('radio', { name: t.wave }).click();
      await expect(ledTab(page)).toHaveAttribute('data-reduced-motion', 'true');
      await expect(ledTab(page)).toHaveAttribute('data-preview', 'animated');
      await rest(page);
      await expect(ledTab(page)).toHaveScreenshot(name('key-effect'));

      // The outer frame in a mode with a colour, so its colour sliders, palette and brightness show.
      await page.getByRole('tab', { name: t.outframe }).click();
      const frame = page.locator('.led-panel[data-panel="outframe"]');
      await frame.getByRole('radio', { name: t.static }).click();
      await expect(frame.getByRole('radio', { name: t.static })).toBeChecked();
      await rest(page);
      await expect(ledTab(page)).toHaveScreenshot(name('outframe'));
    });

    test(`ambient light tab looks as recorded, ${theme} ${language}`, async ({ page, context }) => {
      await prepare(context, page, theme, language);
      await openLedTab(page, 'real67@3.9.7', 'Real67', language);
      await page.getByRole('tab', { name: t.ambient }).click();
      const ambient = page.locator('.led-panel[data-panel="ambient"]');
      // A mode with a colour shows the named colours; the rhythm mode its style dropdown instead.
      await ambient.getByRole('radio', { name: t.breathing }).click();
      await expect(ambient.getByRole('radio', { name: t.breathing })).toBeChecked();
      await rest(page);
      await expect(ledTab(page)).toHaveScreenshot(name('ambient'));
      await ambient.getByRole('radio', { name: t.rhythm }).click();
      await expect(ambient.getByRole('combobox')).toBeVisible();
      await rest(page);
      await expect(ledTab(page)).toHaveScreenshot(name('ambient-rhythm'));
    });
  }
}
