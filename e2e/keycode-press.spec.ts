/**
 * Macro recording with no keyboard at hand: a virtual keyboard added from the welcome screen, a new macro, and keys
 * held on the drawing of the recording area become the macro's events.
 */
import { expect, test } from '@playwright/test';
import { addVirtualFromWelcome, gotoApp, skipLinuxTip } from './support';
import { dialog, drawing, switchToAdvanced } from './keycode-support';

test('keys held on the drawing of a virtual keyboard are recorded into a macro', async ({ page, context }) => {
  await skipLinuxTip(context);
  await gotoApp(page);
  await addVirtualFromWelcome(page, 'made68pro', 'Made68Pro');
  await page.getByRole('button', { name: 'Made68Pro', exact: true }).click();
  await expect(drawing(page)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Layers' })).toBeVisible();

  const area = await switchToAdvanced(page);
  await area
    .getByRole('tablist', { name: 'Advanced key types' })
    .getByRole('tab', { name: 'Macro', exact: true })
    .click();
  await area.getByRole('button', { name: 'Add Macro' }).click();
  const editor = dialog(page, 'New macro');
  await editor.getByRole('button', { name: 'Start recording' }).click();
  await expect(editor.getByRole('button', { name: 'Stop recording' })).toBeVisible();

  const pad = editor.locator('.virtual-pad');
  for (const id of [31, 32]) {
    const key = pad.locator(`[data-key-id="${id}"]`);
    const box = (await key.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await expect(key).toHaveAttribute('aria-pressed', 'true');
    await page.waitForTimeout(60);
    await page.mouse.up();
    await expect(key).toHaveAttribute('aria-pressed', 'false');
  }
  // Keyboard only: focus a key of the drawing and hold Space.
  await pad.locator('[data-key-id="33"]').focus();
  await page.keyboard.down('Space');
  await page.waitForTimeout(60);
  await page.keyboard.up('Space');

  const rows = editor.getByRole('row');
  await expect(rows).toHaveCount(7);
  await expect(editor.locator('tbody tr td:nth-child(3)')).toHaveText(['A', 'A', 'S', 'S', 'D', 'D']);
  await page.screenshot({ path: 'artifacts/keycode-press-macro.png' });
});
