/**
 * Whole-keyboard backups in the browser: back up a virtual Made68Pro to a file, remap a key, restore the file (the
 * dialog lists the key's change), and the key is back; the restore left a restore point. Then pictures of the backup
 * menu and of the restore dialog with a diff in both themes, both languages and two window sizes, for review
 * (artifacts/screenshots/backup-*.png).
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { legendOf, openKeyCodeTab, pickerKey, selectKeys } from './keycode-support';
import { gotoApp, prepareScreen, restScreen, skipLinuxTip, type ScreenLanguage, type ScreenTheme } from './support';

/** A folder of this test's own: test-results/ is emptied by any other Playwright run started meanwhile. */
async function scratch(name: string): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), 'keytune-backup-e2e-')), name);
}

const menuButton = (page: Page) => page.getByTestId('backup-menu');

/** Opens the backup menu and picks its n-th entry (0 Back up, 1 Restore from file, 2 Restore points). */
async function pick(page: Page, entry: 0 | 1 | 2): Promise<void> {
  await menuButton(page).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitem').nth(entry).click();
  await expect(menu).toBeHidden();
}

async function backUp(page: Page, file: string): Promise<void> {
  const download = page.waitForEvent('download');
  await pick(page, 0);
  await (await download).saveAs(file);
  // The toast that says so comes with the toast layer's own code; a menu opened before it would lose Escape to it.
  await expect(page.locator('.toast').filter({ hasText: /keytune-backup-Made68Pro-\d{8}-\d{6}\.json/ })).toBeVisible();
}

async function restoreFrom(page: Page, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await pick(page, 1);
  await (await chooser).setFiles(file);
}

test('back up, remap a key, restore the file: the dialog lists the change and the key is back', async ({
  page,
  context,
}) => {
  await openKeyCodeTab(page, context);
  const file = await scratch('made68pro-backup.json');
  await backUp(page, file);
  const saved = JSON.parse(await readFile(file, 'utf8'));
  expect(saved).toMatchObject({ format: 'keytune-backup', device: { family: 'keytune', model: 'made68pro' } });

  await selectKeys(page, 'Q');
  await pickerKey(page, 'F1, Function 1').click();
  await expect(legendOf(page, 'Q')).toHaveText('F1');
  await expect(page.getByRole('status').filter({ hasText: /^Synced$/ })).toBeVisible();

  await restoreFrom(page, file);
  const dialog = page.getByRole('dialog', { name: 'Restore Made68Pro' });
  await expect(dialog.getByText('From: made68pro-backup.json')).toBeVisible();
  await expect(dialog.getByText(/^Theme 1, Layer 1, key Q: F1 -> Q$/)).toBeVisible();
  await expect(dialog.locator('[data-area="keymap"] h3')).toContainText('1 change');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog.getByText('Restored; a restore point of the previous state was kept.')).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(menuButton(page)).toBeFocused();
  await expect(legendOf(page, 'Q')).toHaveText('Q');

  // Restoring the same file again has nothing to change.
  await restoreFrom(page, file);
  await expect(dialog.getByText('This keyboard already holds this backup.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Restore' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The restore kept the state before it (Q on F1) as a restore point; choosing it shows the way back.
  await pick(page, 2);
  const points = page.getByRole('dialog', { name: 'Restore points of Made68Pro' });
  const list = points.getByRole('list', { name: 'Restore points, newest first' });
  await expect(list.getByRole('button')).toHaveCount(1);
  await expect(list.getByRole('button').first()).toContainText('Before a restore');
  await expect(list.getByRole('button').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(/^From: Restore point of /)).toBeVisible();
  await expect(dialog.getByText(/^Theme 1, Layer 1, key Q: Q -> F1$/)).toBeVisible();
});

test('a file of another kind is refused in the dialog and nothing changes', async ({ page, context }) => {
  await openKeyCodeTab(page, context);
  const file = await scratch('not-a-backup.json');
  await writeFile(file, JSON.stringify({ hello: 'world' }));
  await restoreFrom(page, file);
  const dialog = page.getByRole('dialog', { name: 'Restore Made68Pro' });
  await expect(dialog.getByRole('alert')).toHaveText('This file is not a Keytune backup. Nothing was changed.');
  await expect(dialog.getByRole('button', { name: 'Restore' })).toHaveCount(0);
});

test('the device card’s menu backs up and lists restore points without opening the device', async ({
  page,
  context,
}) => {
  await skipLinuxTip(context);
  await gotoApp(page, '?virtual=made68pro@1.4.2');
  // The real menu button, not the stand-in shown until the menu's code has loaded.
  const cardMenu = page
    .getByRole('button', { name: 'More actions for Made68Pro' })
    .and(page.locator('[aria-haspopup="menu"]'));
  const download = page.waitForEvent('download');
  await cardMenu.click();
  await page.getByRole('menuitem', { name: 'Back up…' }).click();
  expect((await download).suggestedFilename()).toMatch(/^keytune-backup-Made68Pro-\d{8}-\d{6}\.json$/);
  await expect(page.locator('.toast').filter({ hasText: /keytune-backup-Made68Pro/ })).toBeVisible();

  await cardMenu.click();
  await page.getByRole('menuitem', { name: 'Restore points…' }).click();
  const points = page.getByRole('dialog', { name: 'Restore points of Made68Pro' });
  await expect(points.getByText(/^No restore points yet\./)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(points).toBeHidden();
  await expect(cardMenu).toBeFocused();
  await expect(page.locator('.device-page')).toHaveCount(0);
});

/** A copy of the backup with several keys, one key's trigger and a colour changed, for a diff worth looking at. */
function edited(backup: {
  profiles: { keymap?: number[][]; performance?: Record<string, number | boolean>[]; keyColours?: string[] }[];
}): unknown {
  const copy = structuredClone(backup);
  const profile = copy.profiles[0]!;
  const layer = profile.keymap?.[0];
  if (layer) for (const key of [15, 16, 17, 30, 31]) layer[key] = layer[key + 1] ?? layer[key]!;
  for (const key of [1, 2, 3, 4]) {
    const perf = profile.performance?.[key];
    if (perf && typeof perf.actuationMm === 'number') perf.actuationMm = 0.8;
  }
  if (profile.keyColours?.[0]) profile.keyColours[0] = '#ff8800';
  return copy;
}

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1366, height: 768 },
] as const;

for (const theme of ['light', 'dark'] as ScreenTheme[]) {
  for (const language of ['en_US', 'zh_CN'] as ScreenLanguage[]) {
    test(`pictures of the backup menu and the restore dialog (${theme}, ${language})`, async ({ page, context }) => {
      await prepareScreen(context, page, theme, language);
      await page.setViewportSize(SIZES[0]);
      await gotoApp(page, '?virtual=made68pro@1.4.2');
      await page.locator('[data-device-open]').first().click();
      await expect(menuButton(page)).toBeVisible();
      const file = await scratch('backup.json');
      await backUp(page, file);
      const changed = await scratch('changed.json');
      await writeFile(changed, JSON.stringify(edited(JSON.parse(await readFile(file, 'utf8')))));
      for (const size of SIZES) {
        await page.setViewportSize(size);
        const name = `backup-${theme}-${language}-${size.width}x${size.height}`;
        await menuButton(page).click();
        await expect(page.getByRole('menu')).toBeVisible();
        await page.screenshot({ path: `artifacts/screenshots/${name}-menu.png` });
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menu')).toBeHidden();
        await restoreFrom(page, changed);
        const dialog = page.getByRole('dialog');
        await expect(dialog.locator('[data-area="keymap"]')).toBeVisible();
        await restScreen(page);
        await page.screenshot({ path: `artifacts/screenshots/${name}-restore.png` });
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
      // Once restored (smaller window), the outcome, and the restore point it left.
      const name = `backup-${theme}-${language}`;
      await restoreFrom(page, changed);
      const dialog = page.getByRole('dialog');
      await dialog.locator('.dialog__footer .button--primary').click();
      await expect(dialog).toHaveAttribute('data-step', 'done');
      await restScreen(page);
      await page.screenshot({ path: `artifacts/screenshots/${name}-restored.png` });
      await page.keyboard.press('Escape');
      await pick(page, 2);
      await expect(page.locator('.restore-points__item')).toHaveCount(1);
      await restScreen(page);
      await page.screenshot({ path: `artifacts/screenshots/${name}-points.png` });
    });
  }
}
