/**
 * A key code picked at the earliest moment after the device page opens takes, on every family: the card is clicked
 * the moment it shows, a key the moment the drawing shows, and F13 the moment the picker offers it, while the
 * page may still be reading the keyboard. The drawing shows F13, the keyboard holds it, and so does the page after a
 * reload. Repeated, since the moment the pick lands in the page's loading varies from one try to the next.
 */
import { expect, test, type Page } from '@playwright/test';
import { gotoApp, skipLinuxTip } from './support';

/** Each family's virtual keyboard and its A key (a VIA board prints no legends: its keys go by number). */
const FAMILIES = [
  { address: 'made68pro@1.4.0', card: 'Made68Pro', keyA: 'A' },
  { address: 'he60@1.7.0', card: 'HE60', keyA: 'A' },
  { address: 'via65@12.0.0', card: 'Keytune VIA 65', keyA: '#31' },
];
const TRIES = 5;

// The first card of the model: the one the address added (a reload lists the keyboards in the order they came).
const card = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).first();
const drawing = (page: Page) => page.getByRole('grid', { name: 'Keyboard', exact: true });
const keyNamed = (page: Page, name: string) =>
  drawing(page).getByRole('gridcell', { name: new RegExp(`^Key ${name}(,|$)`) });
const picker = (page: Page) => page.getByRole('region', { name: 'Key codes' });

for (const family of FAMILIES) {
  test(`on ${family.card}, F13 picked at the earliest moment takes, ${TRIES} times over`, async ({ browser }) => {
    test.setTimeout(TRIES * 40_000);
    for (let attempt = 1; attempt <= TRIES; attempt++) {
      // A fresh browser each time: a new virtual keyboard with its factory key map.
      const context = await browser.newContext();
      const page = await context.newPage();
      await skipLinuxTip(context);
      await gotoApp(page, `?virtual=${family.address}`);
      await card(page, family.card).click();
      await keyNamed(page, family.keyA).click();
      await picker(page).getByRole('searchbox', { name: 'Search key codes' }).fill('f13');
      await picker(page)
        .getByRole('button', { name: /^F13(,|$)/ })
        .click();

      const legend = keyNamed(page, family.keyA).locator('.kb-key__legend');
      await expect(legend, `try ${attempt}: the drawing shows the pick`).toHaveText('F13');
      await expect(page.getByText('F13 set on 1 key.')).toBeVisible();
      // The worker saves the keyboard as soon as it changed; give the save its few milliseconds.
      await page.waitForTimeout(500);

      await page.reload();
      await card(page, family.card).click();
      await expect(page.getByRole('navigation', { name: 'Layers' })).toBeVisible();
      await expect(legend, `try ${attempt}: after a reload`).toHaveText('F13');
      await context.close();
    }
  });
}
