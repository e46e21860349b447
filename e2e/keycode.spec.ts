/**
 * The Key code tab in key-code mode: remapping keys on layers, keeping them over a reload, resetting a layer; and
 * screenshots of the tab and every advanced-key editor in both themes, for review (artifacts/).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  card,
  cardAction,
  dialog,
  footerButton,
  keyOf,
  legendOf,
  openKeyCodeTab,
  pickerKey,
  seedAdvancedItems,
  selectKeys,
  showLayer,
  switchToAdvanced,
  unselectAll,
} from './keycode-support';

test('remapped keys on two layers survive a reload', async ({ page, context }) => {
  await openKeyCodeTab(page, context);
  await expect(page.getByRole('button', { name: 'Layer 1', exact: true })).toHaveAttribute('aria-pressed', 'true');

  await selectKeys(page, 'Q', 'W');
  await expect(page.getByRole('toolbar', { name: 'Key selection' })).toContainText('2 of 68 keys selected');
  await pickerKey(page, 'F1, Function 1').click();
  await expect(legendOf(page, 'Q')).toHaveText('F1');
  await expect(legendOf(page, 'W')).toHaveText('F1');
  await expect(keyOf(page, 'Q')).toHaveAccessibleName('Key Q, Function 1');
  await expect(page.getByText('F1 set on 2 keys.')).toBeVisible();
  await expect(legendOf(page, 'E')).toHaveText('E');

  await showLayer(page, 2);
  // Layer 2 of this model is the Fn layer: the number row carries F-keys, the letters are transparent.
  await expect(legendOf(page, 'Q')).not.toHaveText('F1');
  const layer2Default = await legendOf(page, 'A').textContent();
  await unselectAll(page);
  // Keyboard only: focus the drawing on A and toggle it with Space.
  await keyOf(page, 'A').focus();
  await page.keyboard.press('Space');
  await expect(keyOf(page, 'A')).toHaveAttribute('aria-selected', 'true');
  await page
    .getByRole('region', { name: 'Key codes' })
    .getByRole('searchbox', { name: 'Search key codes' })
    .fill('mute');
  await pickerKey(page, 'KbMute, Keyboard Mute').click();
  await expect(legendOf(page, 'A')).toHaveText('KbMute');
  await expect(page.getByText('KbMute set on 1 key.')).toBeVisible();

  // The header says when the keyboard has stored the change; a person may reload from then on.
  await expect(page.getByRole('status').filter({ hasText: /^Synced$/ })).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Made68Pro', exact: true }).click();
  await expect(page.getByRole('grid', { name: 'Keyboard', exact: true })).toBeVisible();

  await showLayer(page, 1);
  await expect(legendOf(page, 'Q')).toHaveText('F1');
  await expect(legendOf(page, 'W')).toHaveText('F1');
  await expect(legendOf(page, 'A')).toHaveText('A');
  await showLayer(page, 2);
  await expect(legendOf(page, 'A')).toHaveText('KbMute');
  await expect(legendOf(page, 'S')).toHaveText(layer2Default ?? '');
  await expect(legendOf(page, 'Q')).not.toHaveText('F1');
});

test('resetting a layer asks first; Cancel keeps the keys, OK restores the defaults', async ({ page, context }) => {
  await openKeyCodeTab(page, context);
  await selectKeys(page, 'Esc', 'Caps');
  await pickerKey(page, 'Tab').click();
  await expect(page.getByText('Tab set on 2 keys.')).toBeVisible();
  await expect(legendOf(page, 'Esc')).toHaveText('Tab');
  await expect(legendOf(page, 'Caps')).toHaveText('Tab');

  // Layer 2 is untouched by a reset of layer 1.
  await showLayer(page, 2);
  await unselectAll(page);
  await selectKeys(page, 'Z');
  await pickerKey(page, 'Esc, Escape').click();
  await expect(legendOf(page, 'Z')).toHaveText('Esc');
  await showLayer(page, 1);

  await page.getByRole('button', { name: 'Reset layer 1' }).click();
  let confirm = dialog(page, 'Reset layer 1?');
  await expect(confirm).toBeVisible();
  await footerButton(confirm, 'Cancel').click();
  await expect(confirm).toBeHidden();
  await expect(legendOf(page, 'Esc')).toHaveText('Tab');
  await expect(legendOf(page, 'Caps')).toHaveText('Tab');

  await page.getByRole('button', { name: 'Reset layer 1' }).click();
  confirm = dialog(page, 'Reset layer 1?');
  await footerButton(confirm, 'OK').click();
  await expect(confirm).toBeHidden();
  await expect(legendOf(page, 'Esc')).toHaveText('Esc');
  await expect(legendOf(page, 'Caps')).toHaveText('Caps');
  await expect(keyOf(page, 'Caps')).toHaveAccessibleName('Key Caps, Caps Lock');

  await showLayer(page, 2);
  await expect(legendOf(page, 'Z')).toHaveText('Esc');
});

const SHOTS = 'artifacts/screenshots';

for (const theme of ['light', 'dark'] as const) {
  test(`screenshots of the tab and its editors (${theme})`, async ({ page, context }) => {
    await context.addCookies([{ name: 'SkinMode', value: theme, url: 'http://127.0.0.1:4317' }]);
    await page.setViewportSize({ width: 1280, height: 960 });
    const path = await openKeyCodeTab(page, context);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const shot = async (name: string) => {
      // No hover tooltip over what is being shown, and colour transitions finished.
      await page.mouse.move(1, 1);
      await page.screenshot({ path: `${SHOTS}/e2e-keycode-${name}-${theme}.png`, animations: 'disabled' });
    };
    const back = page.getByRole('button', { name: 'Back to devices: Made68Pro' });
    const cancel = async (box: Locator) => {
      await footerButton(box, 'Cancel').click();
      await expect(box).toBeHidden();
    };

    await selectKeys(page, 'Q', 'W');
    await pickerKey(page, 'F1, Function 1').click();
    await expect(page.getByText('F1 set on 2 keys.')).toBeVisible();
    await seedAdvancedItems(page, path);
    await expect(legendOf(page, 'G')).toHaveText('M0');
    await back.scrollIntoViewIfNeeded();
    await shot('tab');

    await page.getByRole('button', { name: 'Reset layer 1' }).click();
    await expect(dialog(page, 'Reset layer 1?')).toBeVisible();
    await shot('reset-layer');
    await cancel(dialog(page, 'Reset layer 1?'));

    await unselectAll(page);
    const area = await switchToAdvanced(page);
    await selectKeys(page, 'Caps');
    await expect(area.getByRole('article')).toHaveCount(5);
    await back.scrollIntoViewIfNeeded();
    await shot('advanced');
    await area.getByRole('article').last().scrollIntoViewIfNeeded();
    await shot('advanced-cards');

    await area.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await shot('add-menu');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();

    await openEditor(page, 'Dash', 'Edit DKS');
    await shot('dks');
    await dialog(page, 'Edit DKS').getByRole('button', { name: 'Row 3 key: no key' }).click();
    await expect(dialog(page, 'Edit DKS').getByRole('region', { name: 'Key codes' })).toBeVisible();
    await shot('dks-picker');
    await cancel(dialog(page, 'Edit DKS'));

    await area.getByRole('tablist', { name: 'Advanced key types' }).getByRole('tab', { name: 'Shortcut' }).click();
    await area.getByRole('button', { name: 'Add Shortcut' }).click();
    await expect(dialog(page, 'New shortcut').getByRole('radiogroup', { name: 'Shortcut type' })).toBeVisible();
    await shot('shortcut-type');
    await cancel(dialog(page, 'New shortcut'));
    await openEditor(page, 'Copy', 'Edit shortcut');
    await shot('shortcut-keys');
    await cancel(dialog(page, 'Edit shortcut'));

    await openEditor(page, 'Login', 'Edit macro');
    await shot('macro');
    await dialog(page, 'Edit macro').getByRole('button', { name: 'Play once on press' }).click();
    await expect(dialog(page, 'Trigger configuration')).toBeVisible();
    await shot('macro-trigger');
    await cancel(dialog(page, 'Trigger configuration'));
    await cancel(dialog(page, 'Edit macro'));

    await openEditor(page, 'Snap Tap S0', 'Edit Snap Tap');
    await shot('snaptap');
    await cancel(dialog(page, 'Edit Snap Tap'));
    await openEditor(page, 'Hyper Tap (DRT) T0', 'Edit Hyper Tap (DRT)');
    await shot('hypertap');
    await cancel(dialog(page, 'Edit Hyper Tap (DRT)'));

    await cardAction(page, 'Login', 'Rename');
    await expect(dialog(page, 'Rename')).toBeVisible();
    await shot('rename');
    await cancel(dialog(page, 'Rename'));
    await cardAction(page, 'Login', 'Delete');
    await expect(dialog(page, 'Delete advanced key')).toBeVisible();
    await shot('delete');
    await cancel(dialog(page, 'Delete advanced key'));
    await expect(card(area, 'Login')).toBeVisible();

    await area.getByRole('button', { name: 'Gamepad (preview)' }).click();
    await expect(dialog(page, 'Gamepad (preview)')).toBeVisible();
    await shot('gamepad');
  });
}

async function openEditor(page: Page, cardName: string, title: string): Promise<void> {
  const area = page.getByRole('region', { name: 'Advanced keys' });
  const all = area.getByRole('tablist', { name: 'Advanced key types' }).getByRole('tab', { name: 'All' });
  if ((await all.getAttribute('aria-selected')) !== 'true') await all.click();
  await cardAction(page, cardName, 'Edit');
  await expect(dialog(page, title)).toBeVisible();
}
