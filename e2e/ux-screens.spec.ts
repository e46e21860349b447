/**
 * What new users tripped over, in a real Chromium with a virtual keyboard: the keyboard tester keeps Tab and the keys
 * the browser acts on, the macro editor's event list keeps room for eight rows while the key picker is open, the
 * tester chart follows a held key, and key legends in Key LED read on every key colour.
 */
import { expect, test, type Page } from '@playwright/test';
import { gotoApp, skipLinuxTip } from './support';

async function openDevice(page: Page, tab: string): Promise<void> {
  await page.goto('/?virtual=made68pro@1.4.2');
  await page.getByRole('button', { name: 'Made68Pro', exact: true }).click();
  await page.getByRole('tab', { name: tab }).first().click();
}

test.beforeEach(async ({ context }) => {
  await skipLinuxTip(context);
});

test('the keyboard tester counts Tab, F5, Esc, arrows and Space, and keeps focus', async ({ page }) => {
  await gotoApp(page);
  await page.getByRole('tab', { name: /^Tool$/ }).click();
  await page.getByRole('button', { name: 'Open Keyboard Tester' }).click();
  const area = page.getByRole('application', { name: /Key test area/ });
  await expect(area).toBeFocused();
  for (const key of ['Tab', 'a', 'F5', 'Escape', 'ArrowDown', 'Space', 'Tab']) await page.keyboard.press(key);
  await expect(area).toBeFocused();
  const total = page.getByText('Total clicks', { exact: true }).locator('xpath=following-sibling::dd');
  await expect(total).toHaveText('7');
  await expect(page.getByRole('alert')).toHaveCount(0);
  // Esc then Tab is the way out; the tester says keys are no longer tested, and takes focus back on request.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('alert')).toContainText('Keys are not being tested');
  await page.getByRole('button', { name: 'Resume testing' }).click();
  await expect(area).toBeFocused();
});

for (const size of [
  { width: 1440, height: 900 },
  { width: 1366, height: 768 },
]) {
  test(`the macro editor shows eight event rows with the key picker open, ${size.width}x${size.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await openDevice(page, 'Key code');
    await page.getByRole('radiogroup', { name: 'Editing mode' }).getByRole('radio', { name: 'Advanced keys' }).click();
    const area = page.getByRole('region', { name: 'Advanced keys' });
    await area.getByRole('tablist', { name: 'Advanced key types' }).getByRole('tab', { name: 'Macro' }).click();
    await area.getByRole('button', { name: 'Add Macro' }).click();
    const editor = page.getByRole('dialog', { name: 'New macro' });
    await editor.getByRole('button', { name: 'Add key' }).click();
    const picker = editor.getByRole('region', { name: 'Add a key' });
    for (const legend of ['Q', 'W', 'E', 'R', 'T', 'Y'])
      await picker.getByRole('button', { name: `${legend}, Letter ${legend}`, exact: true }).click();
    await expect(editor.getByText('12 / 80 events')).toBeVisible();
    const list = editor.locator('.macro-events');
    const box = (await list.boundingBox())!;
    const rows = editor.locator('.macro-table tbody tr');
    let inView = 0;
    for (const row of await rows.all()) {
      const r = (await row.boundingBox())!;
      if (r.y >= box.y && r.y + r.height <= box.y + box.height + 1 && r.y + r.height <= size.height) inView++;
    }
    expect(inView).toBeGreaterThanOrEqual(8);
    await page.keyboard.press('Escape');
    await expect(picker).toHaveCount(0);
    await expect(editor).toBeVisible();
  });
}

test('the tester chart draws a held key and names it', async ({ page }) => {
  await openDevice(page, 'Key performance');
  await page.getByRole('tab', { name: 'Verify' }).click();
  await page.getByRole('button', { name: 'Tester chart' }).click();
  const chart = page.getByTestId('tester-chart');
  await expect(page.getByText('Press keys to chart their depth here.')).toBeVisible();
  await page.getByRole('button', { name: 'Press keys', exact: true }).click();
  const key = page.locator('.perf-tab [data-key-id][aria-label^="Key W, press"]');
  const k = (await key.boundingBox())!;
  await page.mouse.move(k.x + k.width / 2, k.y + k.height / 2);
  await page.mouse.down();
  const legend = page.getByRole('list', { name: 'Keys on the chart' });
  await expect(legend.getByRole('listitem')).toHaveCount(1);
  await expect(legend).toContainText('actuates and releases at');
  await expect.poll(async () => Number(await chart.getAttribute('data-samples'))).toBeGreaterThan(0);
  await page.mouse.up();
});

test('key legends in Key LED read on every key colour (WCAG contrast at least 4.5:1)', async ({ page }) => {
  await openDevice(page, 'Key LED');
  await page.getByRole('tab', { name: 'Colour modes' }).click();
  await page.getByRole('radio', { name: 'Custom' }).click();
  await expect(page.getByRole('radio', { name: 'Custom' })).toBeChecked();
  await expect(page.locator('.kb-key').first()).toBeVisible();
  const worst = () =>
    page.evaluate(() => {
      const rgb = (css: string) => (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
      const lum = ([r, g, b]: number[]) => {
        const c = [r!, g!, b!].map((v) => {
          const s = v / 255;
          return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
      };
      let min = 21;
      for (const key of document.querySelectorAll('.led-tab .kb-key')) {
        const cap = getComputedStyle(key.querySelector('.kb-key__cap')!).fill;
        const text = getComputedStyle(key.querySelector('.kb-key__legend')!).fill;
        const [a, b] = [lum(rgb(cap)), lum(rgb(text))].sort((x, y) => y - x);
        min = Math.min(min, (a! + 0.05) / (b! + 0.05));
      }
      return min;
    });
  // Polled: the caps fade to their new colours over a short transition.
  await expect.poll(worst).toBeGreaterThanOrEqual(4.5);
});
