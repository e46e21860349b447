/**
 * The Key code tab in advanced-key mode: the life of one item of each type (create, bind, edit, rename, delete),
 * macro recording from the keyboard's own key presses, and a list filled to capacity.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  card,
  cardAction,
  cardKeys,
  dialog,
  footerButton,
  keyIdOf,
  keyIn,
  keyOf,
  legendOf,
  openKeyCodeTab,
  pickerKey,
  pressKey,
  selectKeys,
  serviceCall,
  switchToAdvanced,
  toast,
  unselectAll,
} from './keycode-support';

async function openTypeTab(area: Locator, tab: string, used: string): Promise<void> {
  await area.getByRole('tablist', { name: 'Advanced key types' }).getByRole('tab', { name: tab, exact: true }).click();
  await expect(area.getByText(used, { exact: true })).toBeVisible();
}

async function rename(page: Page, area: Locator, from: string, to: string): Promise<void> {
  await cardAction(page, from, 'Rename');
  const box = dialog(page, 'Rename');
  await box.getByRole('textbox', { name: 'Name' }).fill(to);
  await footerButton(box, 'OK').click();
  await expect(box).toBeHidden();
  await expect(card(area, to)).toBeVisible();
  await expect(card(area, from)).toHaveCount(0);
}

async function remove(page: Page, area: Locator, name: string): Promise<void> {
  await cardAction(page, name, 'Delete');
  const confirm = dialog(page, 'Delete advanced key');
  await expect(confirm).toContainText(`Delete ${name}?`);
  await footerButton(confirm, 'Delete').click();
  await expect(confirm).toBeHidden();
  await expect(card(area, name)).toHaveCount(0);
}

async function expectMenuWithoutRename(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Rename' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

test.describe('one advanced key of each type from creation to deletion', () => {
  test('DKS: bound with Bind', async ({ page, context }) => {
    await openKeyCodeTab(page, context);
    const area = await switchToAdvanced(page);
    await openTypeTab(area, 'DKS', '0 of 16 slots used');

    await area.getByRole('button', { name: 'Add DKS' }).click();
    let editor = dialog(page, 'New DKS');
    await editor.getByRole('button', { name: 'Row 1 key: no key' }).click();
    await pickerKey(editor, 'A, Letter A').click();
    await expect(editor.getByRole('button', { name: 'Row 1 key: A' })).toBeVisible();
    const mark = editor.getByRole('button', { name: 'Row 1, Press past top' });
    await mark.click();
    await expect(mark).toHaveAttribute('aria-pressed', 'true');
    await footerButton(editor, 'OK').click();
    await expect(editor).toBeHidden();

    const dks = card(area, 'DKS D0');
    await expect(cardKeys(dks)).toHaveText(['A']);
    await expect(area.getByText('1 of 16 slots used')).toBeVisible();
    await expect(legendOf(page, 'Caps')).toHaveText('Caps');

    await selectKeys(page, 'Caps');
    await dks.getByRole('button', { name: 'Bind DKS D0 to the selected keys' }).click();
    await expect(area.getByText('D0 is now on 1 key.')).toBeVisible();
    await expect(legendOf(page, 'Caps')).toHaveText('D0');
    await expect(keyOf(page, 'Caps')).toHaveAccessibleName('Key Caps, Dynamic keystroke D0');
    await unselectAll(page);

    await cardAction(page, 'DKS D0', 'Edit');
    editor = dialog(page, 'Edit DKS');
    await editor.getByRole('button', { name: 'Row 2 key: no key' }).click();
    await pickerKey(editor, 'B, Letter B').click();
    await editor.getByRole('button', { name: 'Row 2, Bottom out' }).click();
    await footerButton(editor, 'OK').click();
    await expect(editor).toBeHidden();
    await expect(cardKeys(dks)).toHaveText(['A', 'B']);
    await expect(legendOf(page, 'Caps')).toHaveText('D0');

    await rename(page, area, 'DKS D0', 'Dash');
    await expect(cardKeys(card(area, 'Dash'))).toHaveText(['A', 'B']);
    await expect(legendOf(page, 'Caps')).toHaveText('D0');
    // The key's tooltip names the bound item.
    await keyOf(page, 'Caps').focus();
    await expect(page.getByRole('tooltip')).toHaveText('Dynamic keystroke D0 “Dash”: A, B');
    await page.keyboard.press('Escape');

    await remove(page, area, 'Dash');
    await expect(area.getByText('0 of 16 slots used')).toBeVisible();
    await expect(legendOf(page, 'Caps')).toHaveText('Caps');
  });

  test('shortcut: bound by dragging the card onto a key', async ({ page, context }) => {
    await openKeyCodeTab(page, context);
    const area = await switchToAdvanced(page);
    await openTypeTab(area, 'Shortcut', '0 of 16 slots used');

    await area.getByRole('button', { name: 'Add Shortcut' }).click();
    let editor = dialog(page, 'New shortcut');
    await editor.getByRole('radio', { name: /^Replace/ }).click();
    await footerButton(editor, 'Next').click();
    await expect(editor).toContainText('Step 2 of 2: choose the keys for Replace.');
    await pickerKey(editor, 'LCtrl, Left Control').click();
    await pickerKey(editor, 'C, Letter C').click();
    await expect(editor.getByRole('list', { name: 'Chosen keys' }).getByRole('listitem')).toHaveCount(2);
    // Opening the Media category warns at once that its keys do not apply to a shortcut.
    await editor.getByRole('region', { name: 'Key codes' }).getByRole('tab', { name: 'Media' }).click();
    await expect(toast(page, 'No apply')).toBeVisible();
    await footerButton(editor, 'OK').click();
    await expect(editor).toBeHidden();

    const shortcut = card(area, 'Shortcut A0');
    await expect(cardKeys(shortcut)).toHaveText(['LCtrl', 'C']);
    // The card tells a replace shortcut from a lock or a mod-tap with the same keys.
    await expect(shortcut.locator('.adv-card__kind')).toHaveText('Replace');
    await expect(legendOf(page, 'F')).toHaveText('F');

    await shortcut.dragTo(keyOf(page, 'F'));
    await expect(legendOf(page, 'F')).toHaveText('A0');
    await expect(keyOf(page, 'F')).toHaveAccessibleName('Key F, Shortcut A0');
    await expect(legendOf(page, 'G')).toHaveText('G');

    await cardAction(page, 'Shortcut A0', 'Edit');
    editor = dialog(page, 'Edit shortcut');
    await pickerKey(editor, 'V, Letter V').click();
    await editor.getByRole('button', { name: 'Remove C' }).click();
    await footerButton(editor, 'OK').click();
    await expect(editor).toBeHidden();
    await expect(cardKeys(shortcut)).toHaveText(['LCtrl', 'V']);
    await expect(legendOf(page, 'F')).toHaveText('A0');

    await rename(page, area, 'Shortcut A0', 'Paste');
    await expect(legendOf(page, 'F')).toHaveText('A0');

    await remove(page, area, 'Paste');
    await expect(legendOf(page, 'F')).toHaveText('F');
  });

  test('macro: keys added by hand, bound with Bind', async ({ page, context }) => {
    await openKeyCodeTab(page, context);
    const area = await switchToAdvanced(page);
    await openTypeTab(area, 'Macro', '0 of 16 slots used');

    await area.getByRole('button', { name: 'Add Macro' }).click();
    let editor = dialog(page, 'New macro');
    await editor.getByRole('button', { name: 'Add key' }).click();
    await pickerKey(editor, 'H, Letter H').click();
    await pickerKey(editor, 'I, Letter I').click();
    await expect(editor.getByText('4 / 80 events')).toBeVisible();
    await footerButton(editor, 'OK').click();
    await expect(editor).toBeHidden();

    const macro = card(area, 'Macro M0');
    await expect(cardKeys(macro)).toHaveText(['H', 'I']);

    await selectKeys(page, 'G', 'J');
    await macro.getByRole('button', { name: 'Bind Macro M0 to the selected keys' }).click();
    await expect(legendOf(page, 'G')).toHaveText('M0');
    await expect(legendOf(page, 'J')).toHaveText('M0');
    await expect(keyOf(page, 'G')).toHaveAccessibleName('Key G, Macro M0');
    await unselectAll(page);

    await cardAction(page, 'Macro M0', 'Edit');
    editor = dialog(page, 'Edit macro');
    await expect(editor.getByText('4 / 80 events')).toBeVisible();
    await editor.getByRole('button', { name: 'Add key' }).click();
    await pickerKey(editor, 'Enter, Enter / Return').click();
    await expect(editor.getByText('6 / 80 events')).toBeVisible();
    await footerButton(editor, 'OK').click();
    await expect(editor).toBeHidden();
    // The title shows the first three keys pressed.
    await expect(cardKeys(macro)).toHaveText(['H', 'I', 'Enter']);

    await rename(page, area, 'Macro M0', 'Hi');
    await expect(legendOf(page, 'G')).toHaveText('M0');

    await remove(page, area, 'Hi');
    await expect(legendOf(page, 'G')).toHaveText('G');
    await expect(legendOf(page, 'J')).toHaveText('J');
  });

  test('snap tap: keys chosen in the list and on the small keyboard, no rename', async ({ page, context }) => {
    await openKeyCodeTab(page, context);
    const area = await switchToAdvanced(page);
    await openTypeTab(area, 'Snap Tap', '0 of 8 slots used');

    await area.getByRole('button', { name: 'Add Snap Tap' }).click();
    let editor = dialog(page, 'New Snap Tap');
    await editor.getByRole('combobox', { name: 'First key' }).selectOption({ label: 'A' });
    await editor.getByRole('combobox', { name: 'Second key' }).selectOption({ label: 'D' });
    await footerButton(editor, 'OK').click();
    await expect(editor).toBeHidden();

    const snap = card(area, 'Snap Tap S0');
    await expect(cardKeys(snap)).toHaveText(['A', 'D']);
    await expect(snap.getByRole('button', { name: /^Bind/ })).toHaveCount(0);
    await expect(legendOf(page, 'A')).toHaveText('A');

    await cardAction(page, 'Snap Tap S0', 'Edit');
    editor = dialog(page, 'Edit Snap Tap');
    await editor.getByRole('radio', { name: /Second key/ }).click();
    const board = editor.getByRole('grid', { name: 'Keyboard, setting the Second key' });
    await keyIn(board, 'S').click();
    await expect(keyIn(board, 'S')).toHaveAttribute('aria-selected', 'true');
    await expect(editor.getByRole('combobox', { name: 'Second key' }).locator('option:checked')).toHaveText('S');
    await footerButton(editor, 'OK').click();
    await expect(editor).toBeHidden();
    await expect(cardKeys(snap)).toHaveText(['A', 'S']);

    await expectMenuWithoutRename(page, 'Snap Tap S0');
    await remove(page, area, 'Snap Tap S0');
    await expect(area.getByText('0 of 8 slots used')).toBeVisible();
  });

  test('hyper tap: two keys of the keyboard, no rename', async ({ page, context }) => {
    await openKeyCodeTab(page, context);
    const area = await switchToAdvanced(page);
    await openTypeTab(area, 'Hyper Tap (DRT)', '0 of 8 slots used');

    await area.getByRole('button', { name: 'Add Hyper Tap (DRT)' }).click();
    let editor = dialog(page, 'New Hyper Tap (DRT)');
    await editor.getByRole('combobox', { name: 'First key' }).selectOption({ label: 'Z' });
    await editor.getByRole('combobox', { name: 'Second key' }).selectOption({ label: 'X' });
    await footerButton(editor, 'OK').click();
    await expect(editor).toBeHidden();

    const hyper = card(area, 'Hyper Tap (DRT) T0');
    await expect(cardKeys(hyper)).toHaveText(['Z', 'X']);
    await expect(hyper.getByRole('button', { name: /^Bind/ })).toHaveCount(0);

    await cardAction(page, 'Hyper Tap (DRT) T0', 'Edit');
    editor = dialog(page, 'Edit Hyper Tap (DRT)');
    await editor.getByRole('combobox', { name: 'First key' }).selectOption({ label: 'C' });
    await footerButton(editor, 'OK').click();
    await expect(editor).toBeHidden();
    await expect(cardKeys(hyper)).toHaveText(['C', 'X']);
    await expect(legendOf(page, 'C')).toHaveText('C');

    await expectMenuWithoutRename(page, 'Hyper Tap (DRT) T0');
    await remove(page, area, 'Hyper Tap (DRT) T0');
    await expect(area.getByText('0 of 8 slots used')).toBeVisible();
  });
});

test('a macro recorded from key presses on the keyboard', async ({ page, context }) => {
  const path = await openKeyCodeTab(page, context);
  const [q, w] = [await keyIdOf(page, 'Q'), await keyIdOf(page, 'W')];
  const area = await switchToAdvanced(page);
  await area.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('menuitem', { name: /^Macro/ }).click();
  const editor = dialog(page, 'New macro');
  await expect(editor.getByText('No events yet.')).toBeVisible();

  const record = editor.getByRole('button', { name: 'Start recording' });
  await record.click();
  await expect(editor.getByRole('button', { name: 'Stop recording' })).toHaveAttribute('aria-pressed', 'true');
  await expect(editor.getByText('Recording: press keys on the keyboard.')).toBeVisible();
  // Q down, W down, Q up, W up: overlapping presses, as a person rolls two keys.
  await pressKey(page, path, q, 3.5);
  await pressKey(page, path, w, 3.5);
  await pressKey(page, path, q, 0);
  await pressKey(page, path, w, 0);
  const rows = editor.getByRole('table').getByRole('row');
  // A header row and four events.
  await expect(rows).toHaveCount(5);
  await editor.getByRole('button', { name: 'Stop recording' }).click();
  await expect(editor.getByRole('button', { name: 'Start recording' })).toBeVisible();
  await expect(editor.getByText('Not recording.')).toBeVisible();

  await expect(editor.getByText('4 / 80 events')).toBeVisible();
  const events = rows.filter({ has: page.locator('td') });
  await expect(events.nth(0)).toContainText('Press');
  await expect(events.nth(0)).toContainText('Q');
  await expect(events.nth(1)).toContainText('Press');
  await expect(events.nth(1)).toContainText('W');
  await expect(events.nth(2)).toContainText('Release');
  await expect(events.nth(2)).toContainText('Q');
  await expect(events.nth(3)).toContainText('Release');
  await expect(events.nth(3)).toContainText('W');
  // The last event has no delay; the others have a field.
  await expect(editor.getByRole('textbox', { name: /^Delay after event/ })).toHaveCount(3);

  // Keys pressed after Stop are not recorded.
  await pressKey(page, path, q, 3.5);
  await pressKey(page, path, q, 0);
  await expect(editor.getByText('4 / 80 events')).toBeVisible();

  await footerButton(editor, 'OK').click();
  await expect(editor).toBeHidden();
  await expect(cardKeys(card(area, 'Macro M0'))).toHaveText(['Q', 'W']);
});

test('a full snap-tap list keeps its add button, which warns, and so does the All menu', async ({ page, context }) => {
  const path = await openKeyCodeTab(page, context);
  const area = await switchToAdvanced(page);
  await openTypeTab(area, 'Snap Tap', '0 of 8 slots used');

  // All but the last through the service: pairs of keys no other pair uses (ids 0-13).
  for (let pair = 0; pair < 7; pair++) {
    const item = {
      id_num: -1,
      name: '',
      type: 3,
      display: [{ key_id: pair * 2 }, { key_id: pair * 2 + 1 }],
    };
    await serviceCall(page, 'dev_info', 'set_func_info', [
      '--path',
      path,
      '--change_type',
      '1',
      '--snaptap',
      JSON.stringify(item),
    ]);
  }
  await expect(area.getByText('7 of 8 slots used')).toBeVisible();
  await expect(area.getByRole('article')).toHaveCount(7);

  await area.getByRole('button', { name: 'Add Snap Tap' }).click();
  const editor = dialog(page, 'New Snap Tap');
  await editor.getByRole('combobox', { name: 'First key' }).selectOption({ label: 'Z' });
  await editor.getByRole('combobox', { name: 'Second key' }).selectOption({ label: 'X' });
  await footerButton(editor, 'OK').click();
  await expect(editor).toBeHidden();
  await expect(area.getByText('8 of 8 slots used')).toBeVisible();
  await expect(cardKeys(card(area, 'Snap Tap S7'))).toHaveText(['Z', 'X']);

  // The list is full: its add button stays, warns and opens nothing.
  await area.getByRole('button', { name: 'Add Snap Tap' }).click();
  await expect(toast(page, 'No free slot left for this kind of advanced key. Delete one first.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await area.getByRole('tablist', { name: 'Advanced key types' }).getByRole('tab', { name: 'All' }).click();
  await area.getByRole('button', { name: 'Add', exact: true }).click();
  const full = page.getByRole('menuitem', { name: /^Snap Tap/ });
  await expect(full).toContainText('full');
  await expect(page.getByRole('menuitem', { name: /^Hyper Tap/ })).not.toContainText('full');
  await full.click();
  // The warning of the tab's button is still up (7 s): this second one is counted on it.
  const notices = page.getByRole('region', { name: /^Notifications/ });
  await expect(notices.getByText('No free slot left for this kind of advanced key. Delete one first.')).toHaveCount(1);
  await expect(notices.getByText('×2')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(area.getByRole('article')).toHaveCount(8);
});
