/**
 * Undo and redo of a key remap from the keyboard: Ctrl+Z puts the old code back on the key and on the keyboard,
 * Ctrl+Shift+Z brings the change back; and the history list names the step.
 */
import { expect, test, type Page } from '@playwright/test';
import { keyIdOf, legendOf, openKeyCodeTab, pickerKey, selectKeys, serviceCall } from './keycode-support';

const F1 = 0x3a;
const Q = 0x14;

/** The code key `id` has on layer 1, read from the keyboard itself. */
async function heldCode(page: Page, path: string, id: number): Promise<number | undefined> {
  const info = (await serviceCall(page, 'dev_info', 'get_key_value_info', ['--path', path])) as {
    keycodes: number[][];
  };
  return info.keycodes[0]?.[id];
}

test('Ctrl+Z undoes a remap on the screen and on the keyboard; Ctrl+Shift+Z redoes it', async ({ page, context }) => {
  const path = await openKeyCodeTab(page, context);
  const q = await keyIdOf(page, 'Q');
  const undo = page.getByRole('button', { name: 'Undo', exact: true });
  const redo = page.getByRole('button', { name: 'Redo', exact: true });
  await expect(undo).toHaveAttribute('aria-disabled', 'true');

  await selectKeys(page, 'Q');
  await pickerKey(page, 'F1, Function 1').click();
  await expect(legendOf(page, 'Q')).toHaveText('F1');
  // The step is written once the keyboard has been quiet for a moment.
  await expect(undo).toHaveAttribute('aria-disabled', 'false');
  await expect(undo).toHaveAccessibleDescription(/^Undo: .*Q.*F1/);

  await page.keyboard.press('Control+z');
  await expect(legendOf(page, 'Q')).toHaveText('Q');
  await expect.poll(() => heldCode(page, path, q)).toBe(Q);
  await expect(redo).toHaveAttribute('aria-disabled', 'false');

  await page.keyboard.press('Control+Shift+Z');
  await expect(legendOf(page, 'Q')).toHaveText('F1');
  await expect.poll(() => heldCode(page, path, q)).toBe(F1);

  // The history list, opened from the keyboard, names the step and marks where the keyboard is.
  const opener = page.getByRole('button', { name: 'History of changes' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitemradio')).toHaveCount(2);
  await expect(menu.getByRole('menuitemradio').first()).toHaveAttribute('aria-checked', 'true');
  await expect(menu.getByRole('menuitemradio').first()).toContainText('F1');
  await expect(menu.getByRole('menuitemradio').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitemradio').last()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(legendOf(page, 'Q')).toHaveText('Q');
  await expect.poll(() => heldCode(page, path, q)).toBe(Q);
  await expect(opener).toBeFocused();
});
