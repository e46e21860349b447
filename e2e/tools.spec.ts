/**
 * The Tool tab's keyboard tester driven by real key presses in Chromium (page.keyboard), its Config dialog and focus
 * warning, the Help and Settings tabs, and pictures of the tester in both themes and both languages, compared with
 * the ones in tools.spec.ts-snapshots/ (new pictures: `--update-snapshots`, and look at them before keeping them).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { gotoApp, skipLinuxTip, prepareScreen } from './support';

/** Records what the tester speaks instead of speaking it. */
const SPEECH_RECORDER = `
  window.__spoken = [];
  const synth = { speak: (u) => window.__spoken.push(u.text), cancel: () => {}, getVoices: () => [] };
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
`;

async function openTester(page: Page, query = ''): Promise<Locator> {
  await gotoApp(page, query);
  await page.getByRole('tab', { name: /^(Tool|工具)$/ }).click();
  await page.getByRole('button', { name: /^(Open Keyboard Tester|打开键盘测试)$/ }).click();
  const area = page.getByRole('application', { name: /Key test area|按键测试区/ });
  await expect(area).toBeFocused();
  return area;
}

/** The number shown under a counter's name. */
const counter = (page: Page, name: string) =>
  page.locator('.tester__count', { has: page.getByText(name) }).locator('dd');

/** Every row of the event table as its six cells' texts. */
async function tableRows(page: Page): Promise<string[][]> {
  const rows = page.getByRole('table', { name: 'Key events' }).getByRole('row');
  const texts: string[][] = [];
  for (const row of (await rows.all()).slice(1)) texts.push(await row.getByRole('cell').allTextContents());
  return texts;
}

test.beforeEach(async ({ context }) => skipLinuxTip(context));

test('real key presses show in the counters, the drawing and the table; Clear resets them', async ({ page }) => {
  await openTester(page);
  await expect(page.getByRole('table', { name: 'Key events' })).toContainText('No key events yet.');

  await page.keyboard.down('KeyA');
  await expect(page.getByRole('img', { name: 'A: held, pressed 1 time' })).toBeVisible();
  await expect(counter(page, 'Currently pressed')).toHaveText('1');
  await page.keyboard.down('ShiftLeft');
  await page.keyboard.down('Numpad5');
  await expect(counter(page, 'Currently pressed')).toHaveText('3');
  await page.keyboard.up('Numpad5');
  await page.keyboard.up('ShiftLeft');
  await page.keyboard.up('KeyA');
  // Past the chatter threshold (5 ms): a second press, not a bounce.
  await page.waitForTimeout(50);
  await page.keyboard.press('KeyA');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');

  await expect(counter(page, 'Total clicks')).toHaveText('6');
  await expect(counter(page, 'Currently pressed')).toHaveText('0');
  await expect(counter(page, 'Max simultaneous pressing')).toHaveText('3');
  await expect(page.getByRole('img', { name: 'A: pressed 2 times' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Left Shift: pressed 1 time' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Numpad 5: pressed 1 time' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Enter: pressed 1 time' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'S: not pressed yet' })).toBeVisible();

  const table = page.getByRole('table', { name: 'Key events' });
  await expect(table).toHaveAttribute('aria-rowcount', '13');
  const rows = await tableRows(page);
  expect(rows.map((r) => r[0])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
  // Key name, press/release with the keys held after it, and the key's press count.
  expect(rows.map((r) => [r[3], r[4], r[5]])).toEqual([
    ['A', 'Press · 1 held', '1'],
    ['Left Shift', 'Press · 2 held', '1'],
    ['Numpad 5', 'Press · 3 held', '1'],
    ['Numpad 5', 'Release · 2 held', '1'],
    ['Left Shift', 'Release · 1 held', '1'],
    ['A', 'Release · 0 held', '1'],
    ['A', 'Press · 1 held', '2'],
    ['A', 'Release · 0 held', '2'],
    ['Enter', 'Press · 1 held', '1'],
    ['Enter', 'Release · 0 held', '1'],
    ['↑', 'Press · 1 held', '1'],
    ['↑', 'Release · 0 held', '1'],
  ]);
  // Times in seconds from the first event, spacings in milliseconds, at the browser's fine resolution.
  expect(rows[0]!.slice(1, 3)).toEqual(['0.0000 s', '0.00 ms']);
  for (const row of rows) {
    expect(row[1]).toMatch(/^\d+\.\d{4} s$/);
    expect(row[2]).toMatch(/^\d+\.\d{2} ms$/);
  }

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(counter(page, 'Total clicks')).toHaveText('0');
  await expect(counter(page, 'Max simultaneous pressing')).toHaveText('0');
  await expect(table).toHaveAttribute('aria-rowcount', '1');
  await expect(table).toContainText('No key events yet.');
  await expect(page.getByRole('img', { name: 'A: not pressed yet' })).toBeVisible();
  // Clear hands the keys back to the test area: the next press counts at once.
  await page.keyboard.press('KeyZ');
  await expect(page.getByRole('img', { name: 'Z: pressed 1 time' })).toBeVisible();
  await expect(counter(page, 'Total clicks')).toHaveText('1');
});

test('keys the board lacks show as chips, and a held key is not counted again by auto-repeat', async ({ page }) => {
  await openTester(page);
  await page.keyboard.press('MediaPlayPause');
  await page.keyboard.press('AudioVolumeMute');
  await expect(page.getByRole('listitem', { name: 'Play/Pause: pressed 1 time' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Mute: pressed 1 time' })).toBeVisible();
  await page.keyboard.down('KeyJ');
  await page.keyboard.down('KeyJ');
  await page.keyboard.down('KeyJ');
  await page.keyboard.up('KeyJ');
  await expect(page.getByRole('img', { name: 'J: pressed 1 time' })).toBeVisible();
  await expect(counter(page, 'Total clicks')).toHaveText('3');
});

test('a key pressed again within the chatter threshold is flagged', async ({ page }) => {
  await openTester(page);
  await page.getByRole('button', { name: 'Config' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tester settings' });
  await dialog.getByRole('spinbutton', { name: 'Chatter threshold (ms)' }).fill('50');
  await dialog.getByRole('button', { name: 'OK' }).click();
  const area = page.getByRole('application', { name: /Key test area/ });
  await area.focus();
  // Press, release and press again within a few microseconds, as a chattering switch does; two separate key presses
  // from the test driver can be further apart than the threshold on a busy machine.
  await area.evaluate((el) => {
    for (const type of ['keydown', 'keyup', 'keydown', 'keyup'])
      el.dispatchEvent(new KeyboardEvent(type, { code: 'KeyC', key: 'c', bubbles: true, cancelable: true }));
  });
  await expect(counter(page, 'Chatter')).toHaveText('1');
  await expect(page.getByRole('img', { name: 'C: pressed 2 times' })).toHaveAttribute('data-state', 'chatter');
  const rows = await tableRows(page);
  expect(rows[2]![5]).toBe('2 chatter');
});

test("a virtual keyboard's own key events, pressed on its drawing, show in the counters, the drawing and the table", async ({
  page,
}) => {
  await openTester(page, '?virtual=made68pro@1.3.7');
  await page
    .getByRole('combobox', { name: 'Key events from' })
    .selectOption({ label: 'Made68Pro (its own key events)' });
  const area = page.getByRole('application', { name: 'Key test area: press keys to test them' });
  await expect(area).toContainText('hold a key on the drawing');
  const drawingKey = (id: number) => area.locator(`[data-key-id="${id}"]`);

  // Two keys held together with the mouse and a finger's worth of keyboard: the keyboard reports them itself
  // (press_key on the virtual keyboard, then its dev_event stream), not the browser.
  const a = (await drawingKey(31).boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await expect(counter(page, 'Currently pressed')).toHaveText('1');
  await page.mouse.up();
  await expect(counter(page, 'Currently pressed')).toHaveText('0');
  await drawingKey(32).focus();
  await page.keyboard.down('Space');
  await expect(counter(page, 'Currently pressed')).toHaveText('1');
  await page.keyboard.up('Space');
  await page.keyboard.down('Space');
  await page.keyboard.up('Space');

  await expect(counter(page, 'Total clicks')).toHaveText('3');
  await expect(counter(page, 'Max simultaneous pressing')).toHaveText('1');
  const table = page.getByRole('table', { name: 'Key events' });
  await expect(table).toHaveAttribute('aria-rowcount', '7');
  const rows = await tableRows(page);
  expect(rows.map((r) => r[0])).toEqual(['1', '2', '3', '4', '5', '6']);
  expect(rows.map((r) => [r[4], r[5]])).toEqual([
    ['Press · 1 held', '1'],
    ['Release · 0 held', '1'],
    ['Press · 1 held', '1'],
    ['Release · 0 held', '1'],
    ['Press · 1 held', '2'],
    ['Release · 0 held', '2'],
  ]);
  // Keys are named by the keyboard's own key events: the first key twice, then the second key four times.
  expect(new Set(rows.slice(0, 2).map((r) => r[3])).size).toBe(1);
  expect(new Set(rows.slice(2).map((r) => r[3])).size).toBe(1);
  expect(rows[0]![3]).not.toBe(rows[2]![3]);
  // The key count shows on the drawing too.
  await expect(drawingKey(32).locator('.tester-key__count')).toHaveText('2');
  await expect(drawingKey(31).locator('.tester-key__count')).toHaveText('1');
  // Browser key events do not count while the keyboard is the source.
  await area.focus();
  await page.keyboard.press('KeyQ');
  await expect(counter(page, 'Total clicks')).toHaveText('3');
});

test('every key legend of the drawing fits inside its key', async ({ page }) => {
  await openTester(page);
  const overflowing = await page.evaluate(() =>
    [...document.querySelectorAll<SVGGElement>('.tester-key')]
      .filter((key) => {
        const cap = key.querySelector('rect')!.getBBox();
        const legend = key.querySelector<SVGTextElement>('.tester-key__legend')!.getBBox();
        return (
          legend.x < cap.x ||
          legend.x + legend.width > cap.x + cap.width ||
          legend.y + legend.height > cap.y + cap.height
        );
      })
      .map((key) => key.dataset.code),
  );
  expect(overflowing).toEqual([]);
});

test('the Config dialog: Cancel drops the voice choice, OK keeps it and the tester speaks key names', async ({
  page,
}) => {
  await page.addInitScript(SPEECH_RECORDER);
  await openTester(page);
  const openConfig = async () => {
    await page.getByRole('button', { name: 'Config' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tester settings' });
    await expect(dialog).toBeVisible();
    return dialog;
  };

  let dialog = await openConfig();
  const voice = dialog.getByRole('checkbox', { name: 'Use voice' });
  await expect(voice).not.toBeChecked();
  await voice.click();
  await expect(voice).toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('application', { name: /Key test area/ }).focus();
  await page.keyboard.press('KeyQ');
  await expect(counter(page, 'Total clicks')).toHaveText('1');
  expect(await page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken)).toEqual([]);

  dialog = await openConfig();
  await expect(dialog.getByRole('checkbox', { name: 'Use voice' })).not.toBeChecked();
  // Keyboard only: Space toggles the box, then Tab reaches the buttons.
  await dialog.getByRole('checkbox', { name: 'Use voice' }).focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox', { name: 'Use voice' })).toBeChecked();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('application', { name: /Key test area/ }).focus();
  await page.keyboard.press('KeyW');
  await expect.poll(() => page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken)).toEqual(['W']);

  // The choice survives a reload.
  await page.reload();
  await page.getByRole('tab', { name: 'Tool' }).click();
  await page.getByRole('button', { name: 'Open Keyboard Tester' }).click();
  dialog = await openConfig();
  await expect(dialog.getByRole('checkbox', { name: 'Use voice' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the focus warning shows while the page has lost focus, and held keys are let go', async ({ page }) => {
  await openTester(page);
  await page.keyboard.down('KeyK');
  await expect(counter(page, 'Currently pressed')).toHaveText('1');
  const warning = page.getByRole('alert').filter({ hasText: 'lost focus' });
  await expect(warning).toHaveCount(0);
  await page.evaluate(() => window.dispatchEvent(new FocusEvent('blur')));
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('The page has lost focus');
  await expect(counter(page, 'Currently pressed')).toHaveText('0');
  await page.evaluate(() => window.dispatchEvent(new FocusEvent('focus')));
  await expect(warning).toBeHidden();
  await page.keyboard.up('KeyK');
});

test('the tester in Chinese names keys and columns in Chinese', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN' });
  await skipLinuxTip(context);
  const page = await context.newPage();
  await openTester(page);
  await page.keyboard.press('ShiftRight');
  await expect(page.getByRole('table', { name: '按键事件' })).toHaveAttribute('aria-rowcount', '3');
  await expect(page.getByRole('columnheader')).toHaveCount(6);
  await expect(page.locator('.tester__count', { hasText: '总点击次数' }).locator('dd')).toHaveText('1');
  await context.close();
});

test('the Help tab shows the FAQ, where to ask, the website and the six contacts', async ({ page }) => {
  await gotoApp(page);
  await page.getByRole('tab', { name: 'Help' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'FAQ' })).toBeVisible();
  await expect(page.getByText('The app does not find my keyboard.')).toBeVisible();
  await expect(page.getByRole('heading', { name: "We're here to help" })).toBeVisible();
  await expect(page.getByRole('link', { name: /Visit the official website/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Visit the official website/ })).toHaveAttribute(
    'href',
    'https://keytune.app/',
  );
  // The six contacts (src/ui/help/links.ts holds every address).
  const contacts = page.getByRole('region', { name: 'How to contact us' });
  await expect(contacts.getByRole('button')).toHaveCount(6);
  for (const name of ['Website', 'Email', 'Discord', 'Twitter', 'Instagram', 'Facebook'])
    await expect(contacts.getByRole('button', { name: new RegExp(`^${name}:`) })).toBeVisible();
});

test('the Settings tab shows theme, language, versions and notifications, and the browser has no startup options', async ({
  page,
}) => {
  await gotoApp(page);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  for (const name of ['Theme', 'Language', 'Versions', 'Notifications'])
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Startup options' })).toHaveCount(0);
  await expect(page.getByText('App version')).toBeVisible();
  await page.getByRole('radio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

const prepare = prepareScreen;

for (const theme of ['light', 'dark'] as const) {
  for (const language of ['en_US', 'zh_CN'] as const) {
    test(`the tester looks right: ${theme}, ${language}`, async ({ context, page }) => {
      await page.setViewportSize({ width: 1366, height: 900 });
      await prepare(context, page, theme, language);
      await openTester(page);
      // One key held, keys pressed before, a chip: every colour of the legend but chatter.
      await page.keyboard.press('KeyT');
      await page.keyboard.press('KeyE');
      await page.keyboard.press('KeyS');
      await page.keyboard.press('KeyT');
      await page.keyboard.press('MediaPlayPause');
      await page.keyboard.down('Space');
      await expect(page.locator('.tester__count dd').first()).toHaveText('6');
      await page.mouse.move(0, 899);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.evaluate(() => document.fonts.ready);
      // Times differ on every run: the time and spacing cells are masked.
      await expect(page).toHaveScreenshot(`tester-${theme}-${language}.png`, {
        fullPage: true,
        mask: [
          page.locator(
            '.tester-table__body .tester-table__row > :nth-child(2), .tester-table__body .tester-table__row > :nth-child(3)',
          ),
        ],
      });
      await page.keyboard.up('Space');
    });
  }
}
