/**
 * The device page's header (back, sync state, Undo, Redo, History, Backup) stays in view at 1366x768 while the page
 * scrolls down to the key picker and a category tab of the picker is clicked.
 */
import { expect, test } from '@playwright/test';
import { gotoApp, skipLinuxTip } from './support';

test.use({ viewport: { width: 1366, height: 768 } });

test('the header stays in view when a picker tab below the fold is clicked', async ({ page, context }) => {
  await skipLinuxTip(context);
  await gotoApp(page, '?virtual=made68pro@1.4.2');
  await page.getByRole('button', { name: 'Made68Pro', exact: true }).click();
  const page_ = page.locator('.device-page');
  await page_.locator('[data-key-id="17"]').click();
  const header = page_.locator('.device-page__header');
  const undo = header.getByRole('button', { name: 'Undo', exact: true });
  await expect(undo).toBeInViewport();

  const categories = page.getByRole('tablist', { name: 'Key code categories' });
  // The picker starts below the fold at this size: reaching its tabs scrolls the page.
  await expect(categories).not.toBeInViewport();
  await categories.getByRole('tab', { name: 'Special' }).click();
  await expect(categories.getByRole('tab', { name: 'Special' })).toHaveAttribute('aria-selected', 'true');
  expect(await page.locator('.content').evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await expect(undo).toBeInViewport({ ratio: 1 });
  await expect(header.getByRole('button', { name: 'Backup' })).toBeInViewport({ ratio: 1 });
  // Nothing of the page shows through the header where the page scrolls under it.
  const box = (await header.boundingBox())!;
  expect(box.y).toBe(0);
  const hit = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('.device-page__header') !== null,
    {
      x: box.x + box.width / 2,
      y: box.y + box.height - 1,
    },
  );
  expect(hit).toBe(true);
});
