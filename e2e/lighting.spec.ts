/**
 * The Key LED tab: per-key colours, lighting mode, outer frame and ambient light set on virtual keyboards (made68pro,
 * cyber01, real67 below and from the ambient threshold 3.9.7) and kept over a reload. The screens themselves are
 * compared in lighting-screens.spec.ts.
 */
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { gotoApp, skipLinuxTip } from './support';

async function openLedTab(page: Page, context: BrowserContext, virtual: string, name: string): Promise<void> {
  await skipLinuxTip(context);
  await gotoApp(page, `?virtual=${virtual}`);
  await page.getByRole('button', { name, exact: true }).click();
  await page
    .getByRole('tab', { name: /^(Key LED|按键灯光|灯光)/ })
    .first()
    .click();
  await expect(drawing(page)).toBeVisible();
}

const drawing = (page: Page): Locator => page.getByRole('grid', { name: /^(Keyboard lighting|键盘灯光)$/ });
const keyOf = (page: Page, printed: string): Locator =>
  drawing(page).getByRole('gridcell', { name: new RegExp(`^(Key|按键) ${printed}(,|$)`) });
const capOf = (page: Page, printed: string): Locator => keyOf(page, printed).locator('.kb-key__cap');

test('made68pro: custom key colours, the mode and the outer frame survive a reload', async ({ page, context }) => {
  await openLedTab(page, context, 'made68pro@1.4.2', 'Made68Pro');
  await page.getByRole('tab', { name: 'Colour modes' }).click();
  await page.getByRole('radio', { name: 'Custom' }).click();
  for (const key of ['Q', 'W']) {
    await keyOf(page, key).click();
    await expect(keyOf(page, key)).toHaveAttribute('aria-selected', 'true');
  }
  await page.getByRole('button', { name: 'Colour #ff0000' }).click();
  await expect(page.getByText('2 keys now #ff0000.')).toBeVisible();
  await expect(capOf(page, 'Q')).toHaveCSS('fill', 'rgb(255, 0, 0)');

  await page.getByRole('tab', { name: 'Outer frame' }).click();
  await page.getByRole('radio', { name: 'Breathing' }).click();
  await expect(page.getByText(/drawing shows its colour only/)).toBeVisible();
  await page.getByRole('button', { name: 'Decrease Brightness' }).click();
  await expect(page.getByRole('slider', { name: 'Brightness' })).toHaveAttribute('aria-valuenow', '7');
  // The flash write settles before the reload.
  await expect(page.locator('[data-sync]')).not.toHaveAttribute('data-sync', 'changing', { timeout: 10_000 });
  await page.waitForTimeout(500);

  await page.reload();
  await page.getByRole('button', { name: 'Made68Pro', exact: true }).click();
  await page.getByRole('tab', { name: 'Key LED' }).click();
  await expect(page.getByRole('radio', { name: 'Custom' })).toBeChecked();
  await expect(capOf(page, 'Q')).toHaveCSS('fill', 'rgb(255, 0, 0)');
  await expect(capOf(page, 'W')).toHaveCSS('fill', 'rgb(255, 0, 0)');
  await page.getByRole('tab', { name: 'Outer frame' }).click();
  await expect(page.getByRole('radio', { name: 'Breathing' })).toBeChecked();
  await expect(page.getByRole('slider', { name: 'Brightness' })).toHaveAttribute('aria-valuenow', '7');
});

test('real67: a light effect and the ambient light survive a reload', async ({ page, context }) => {
  await openLedTab(page, context, 'real67@3.9.7', 'Real67');
  await page.getByRole('tab', { name: 'Light effects' }).click();
  await page.getByRole('radio', { name: 'Wave' }).click();
  await page.getByRole('radio', { name: 'High to low' }).click();
  await expect(page.getByText('Preview: Wave, animated.')).toBeVisible();
  await page.getByRole('tab', { name: 'Ambient light' }).click();
  await page.getByRole('radio', { name: 'Breathing' }).click();
  await page.getByRole('radio', { name: 'Cyan' }).click();
  await expect(page.getByRole('radio', { name: 'Cyan' })).toBeChecked();
  await page.waitForTimeout(800);

  await page.reload();
  await page.getByRole('button', { name: 'Real67', exact: true }).click();
  await page.getByRole('tab', { name: 'Key LED' }).click();
  await expect(page.getByRole('radio', { name: 'Wave' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'High to low' })).toBeChecked();
  await page.getByRole('tab', { name: 'Ambient light' }).click();
  await expect(page.getByRole('radio', { name: 'Breathing' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Cyan' })).toBeChecked();
});

/** Waits for the flash write to settle, reloads, and opens the Key LED tab of the keyboard again. */
async function reloadLedTab(page: Page, name: string): Promise<void> {
  await expect(page.locator('[data-sync]')).not.toHaveAttribute('data-sync', 'changing', { timeout: 10_000 });
  await page.waitForTimeout(800);
  await page.reload();
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('tab', { name: 'Key LED' }).click();
  await expect(drawing(page)).toBeVisible();
}

test('made68pro: a gradient over the selected keys is written at once and survives a reload', async ({
  page,
  context,
}) => {
  await openLedTab(page, context, 'made68pro@1.4.2', 'Made68Pro');
  await page.getByRole('tab', { name: 'Colour modes' }).click();
  await page.getByRole('radio', { name: 'Custom' }).click();
  const row = ['A', 'S', 'D', 'F', 'G'];
  for (const key of row) await keyOf(page, key).click();
  await page.getByLabel('From', { exact: true }).fill('#00ff00');
  await page.getByLabel('To', { exact: true }).fill('#0000ff');
  await page.getByRole('button', { name: 'Fill the selection' }).click();
  await expect(page.getByText('5 keys now run from #00ff00 to #0000ff.')).toBeVisible();
  const want = ['rgb(0, 255, 0)', 'rgb(0, 191, 64)', 'rgb(0, 128, 128)', 'rgb(0, 64, 191)', 'rgb(0, 0, 255)'];
  for (const [i, key] of row.entries()) await expect(capOf(page, key)).toHaveCSS('fill', want[i]!);

  await reloadLedTab(page, 'Made68Pro');
  await expect(page.getByRole('radio', { name: 'Custom' })).toBeChecked();
  for (const [i, key] of row.entries()) await expect(capOf(page, key)).toHaveCSS('fill', want[i]!);
});

const sliderValue = (page: Page, name: string) => page.getByRole('slider', { name }).getAttribute('aria-valuenow');

test('real67 from 3.9.7: the rhythm style of the ambient light survives a reload', async ({ page, context }) => {
  await openLedTab(page, context, 'real67@3.9.8', 'Real67');
  await page.getByRole('tab', { name: 'Ambient light' }).click();
  await expect(page.getByRole('combobox', { name: 'Rhythm style' })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Rhythm' }).click();
  await page.getByRole('combobox', { name: 'Rhythm style' }).selectOption({ label: 'Bars' });
  await expect(page.getByRole('combobox', { name: 'Rhythm style' })).toHaveValue('1');

  await reloadLedTab(page, 'Real67');
  await page.getByRole('tab', { name: 'Ambient light' }).click();
  await expect(page.getByRole('radio', { name: 'Rhythm' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Rhythm style' })).toHaveValue('1');
});

test('real67 below 3.9.7: the ambient light has no rhythm style, and its settings survive a reload', async ({
  page,
  context,
}) => {
  await openLedTab(page, context, 'real67@3.9.6', 'Real67');
  await page.getByRole('tab', { name: 'Ambient light' }).click();
  await page.getByRole('radio', { name: 'Rhythm' }).click();
  await expect(page.getByRole('radio', { name: 'Rhythm' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Rhythm style' })).toHaveCount(0);
  const light = Number(await sliderValue(page, 'Light'));
  await page.getByRole('button', { name: 'Decrease Light' }).click();
  await expect(page.getByRole('slider', { name: 'Light' })).toHaveAttribute('aria-valuenow', String(light - 1));

  await reloadLedTab(page, 'Real67');
  await page.getByRole('tab', { name: 'Ambient light' }).click();
  await expect(page.getByRole('radio', { name: 'Rhythm' })).toBeChecked();
  await expect(page.getByRole('slider', { name: 'Light' })).toHaveAttribute('aria-valuenow', String(light - 1));
  await expect(page.getByRole('combobox', { name: 'Rhythm style' })).toHaveCount(0);
});

test('cyber01: brightness up to 20, a light effect and the outer frame survive a reload', async ({ page, context }) => {
  await openLedTab(page, context, 'cyber01@3.0.2', 'Cyber01');
  await page.getByRole('tab', { name: 'Light effects' }).click();
  await page.getByRole('radio', { name: 'Breathing' }).click();
  const brightness = page.getByRole('slider', { name: 'Brightness' });
  await expect(brightness).toHaveAttribute('aria-valuemax', '20');
  const increase = page.getByRole('button', { name: 'Increase Brightness' });
  for (let i = 0; i < 20 && (await brightness.getAttribute('aria-valuenow')) !== '20'; i++) await increase.click();
  await expect(brightness).toHaveAttribute('aria-valuenow', '20');
  await expect(increase).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('button', { name: 'Decrease Brightness' }).click();
  await expect(brightness).toHaveAttribute('aria-valuenow', '19');

  await page.getByRole('tab', { name: 'Outer frame' }).click();
  await page.getByRole('radio', { name: 'Static' }).click();
  await page.getByRole('button', { name: 'Decrease Brightness' }).click();
  await expect(page.getByRole('slider', { name: 'Brightness' })).toHaveAttribute('aria-valuenow', '7');

  await reloadLedTab(page, 'Cyber01');
  await expect(page.getByRole('radio', { name: 'Breathing' })).toBeChecked();
  await expect(page.getByRole('slider', { name: 'Brightness' })).toHaveAttribute('aria-valuenow', '19');
  await page.getByRole('tab', { name: 'Outer frame' }).click();
  await expect(page.getByRole('radio', { name: 'Static' })).toBeChecked();
  await expect(page.getByRole('slider', { name: 'Brightness' })).toHaveAttribute('aria-valuenow', '7');
});
