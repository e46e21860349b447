/** Steps shared by the Key code tab tests: opening the tab, finding keys on the drawing, the picker and the cards. */
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { gotoApp, openDevicePath, skipLinuxTip } from './support';

const MADE68PRO = 'made68pro@1.4.2';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Attaches a virtual made68pro at 1.4.2, opens its page on the Key code tab and returns its path. */
export async function openKeyCodeTab(page: Page, context: BrowserContext): Promise<string> {
  await skipLinuxTip(context);
  await gotoApp(page, `?virtual=${MADE68PRO}`);
  await page.getByRole('button', { name: 'Made68Pro', exact: true }).click();
  const tab = page.getByRole('tab', { name: /^Key code/ });
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await expect(drawing(page)).toBeVisible();
  // The legends come from the device's key map; wait until it has been read.
  await expect(page.getByRole('navigation', { name: 'Layers' })).toBeVisible();
  return openDevicePath(page);
}

/** The main keyboard drawing of the tab (the snap-tap editor has its own, named differently). */
export function drawing(page: Page): Locator {
  return page.getByRole('grid', { name: 'Keyboard', exact: true });
}

/** A key of a drawing by the legend printed on the physical key ("Q", "Caps"). */
export function keyIn(grid: Locator, printed: string): Locator {
  return grid.getByRole('gridcell', { name: new RegExp(`^Key ${escapeRegExp(printed)}(,|$)`) });
}

/** A key of the tab's main drawing. */
export function keyOf(page: Page, printed: string): Locator {
  return keyIn(drawing(page), printed);
}

/** The legend the drawing shows on a key. */
export function legendOf(page: Page, printed: string): Locator {
  return keyOf(page, printed).locator('.kb-key__legend');
}

export async function selectKeys(page: Page, ...printed: string[]): Promise<void> {
  for (const name of printed) {
    const key = keyOf(page, name);
    await key.click();
    await expect(key).toHaveAttribute('aria-selected', 'true');
  }
}

export async function unselectAll(page: Page): Promise<void> {
  const button = page.getByRole('toolbar', { name: 'Key selection' }).getByRole('button', { name: 'Unselect' });
  if (await button.isEnabled()) await button.click();
  await expect(
    page.getByRole('toolbar', { name: 'Key selection' }).getByText(/^0 of \d+ keys selected$/),
  ).toBeVisible();
}

/** A key-code button of the picker inside `scope` by its accessible name ("F1, Function 1"). */
export function pickerKey(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('region', { name: 'Key codes' }).getByRole('button', { name, exact: true });
}

export async function showLayer(page: Page, layer: number): Promise<void> {
  const button = page
    .getByRole('navigation', { name: 'Layers' })
    .getByRole('button', { name: `Layer ${layer}`, exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

export async function switchToAdvanced(page: Page): Promise<Locator> {
  await page.getByRole('radiogroup', { name: 'Editing mode' }).getByRole('radio', { name: 'Advanced keys' }).click();
  const area = page.getByRole('region', { name: 'Advanced keys' });
  await expect(area.getByRole('tablist', { name: 'Advanced key types' })).toBeVisible();
  return area;
}

/** The card of an advanced item, found by the name line it shows ("DKS D0", or the name given by Rename). */
export function card(area: Locator, name: string): Locator {
  return area.getByRole('article').filter({ has: area.page().locator('.adv-card__name', { hasText: name }) });
}

/** The keys a card's title lists, in order. */
export function cardKeys(cardLocator: Locator): Locator {
  return cardLocator.getByRole('heading').locator('kbd');
}

export async function cardAction(page: Page, cardName: string, action: 'Edit' | 'Rename' | 'Delete'): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${cardName}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** An open editor or confirmation dialog by its title. */
export function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title, exact: true });
}

/** A button along the bottom of a dialog (the picker inside some dialogs has key codes named "Cancel" or "Help"). */
export function footerButton(box: Locator, name: string): Locator {
  return box.locator('.dialog__footer').getByRole('button', { name, exact: true });
}

/** A key id of the drawing, for the virtual keyboard's physical key presses. */
export async function keyIdOf(page: Page, printed: string): Promise<number> {
  const id = Number(await keyOf(page, printed).getAttribute('data-key-id'));
  if (!Number.isInteger(id)) throw new Error(`no key ${printed} on the drawing`);
  return id;
}

/** Presses a physical key of the virtual keyboard to `depth` mm; 0 releases it. */
export async function pressKey(page: Page, path: string, keyId: number, depth: number): Promise<void> {
  await page.evaluate(
    ([p, id, mm]) =>
      window.__keytune?.bridge.call('app_info', 'press_key', ['--path', p, '--key_id', id, '--depth', mm]),
    [path, String(keyId), String(depth)] as const,
  );
}

/** Calls the device service directly, for setting up state the test is not about. */
export async function serviceCall(page: Page, channel: string, func: string, args: string[]): Promise<unknown> {
  return page.evaluate(([c, f, a]) => window.__keytune?.bridge.call(c, f, a), [channel, func, args] as const);
}

const descriptor = (code: number) => ({ code });

/**
 * One item of each advanced type, the key-bound ones bound to Caps (DKS), F (shortcut) and G (macro), for tests
 * about how the area shows them rather than how they are made.
 */
export async function seedAdvancedItems(page: Page, path: string): Promise<void> {
  const add = (kind: string, item: object, keyIds?: number[]) =>
    serviceCall(page, 'dev_info', 'set_func_info', [
      '--path',
      path,
      '--change_type',
      '1',
      `--${kind}`,
      JSON.stringify({ id_num: -1, context: '', vis: true, ...item }),
      ...(keyIds ? ['--key_ids', JSON.stringify(keyIds)] : []),
    ]);
  const stages = (marks: boolean[]) => marks.map((vis) => ({ useID: 0, vis }));
  await add(
    'dks',
    {
      name: 'Dash',
      type: 0,
      display: [
        { ...descriptor(4), data: stages([true, false, false, true]) },
        { ...descriptor(225), data: stages([false, true, true, false]) },
      ],
      top_level: 0.5,
      bottom_level: 3.2,
      tick_type: 0,
      tick_min: 3,
      tick_max: 5,
    },
    [await keyIdOf(page, 'Caps')],
  );
  await add(
    'shortcut',
    { name: 'Copy', type: 1, sc_type: 0, display: [descriptor(224), descriptor(6)], hold_time: 200 },
    [await keyIdOf(page, 'F')],
  );
  const event = (code: number, is_down: boolean, delay: number) => ({
    ...descriptor(code),
    key_id: -1,
    is_down,
    delay,
  });
  await add(
    'macro',
    {
      name: 'Login',
      type: 2,
      display: [event(225, true, 30), event(4, true, 45), event(4, false, 30), event(225, false, 0)],
      family_max_id: 0,
      delay_type: 0,
      delay_min: 30,
      delay_max: 35,
      repeat_count: 1,
      count: 4,
      trigger_action_type: 0,
      trigger_delay: 0,
    },
    [await keyIdOf(page, 'G')],
  );
  const keys = async (...printed: string[]) =>
    Promise.all(printed.map(async (p) => ({ key_id: await keyIdOf(page, p) })));
  await add('snaptap', { name: '', type: 3, display: await keys('A', 'D') });
  await add('hypertap', { name: '', type: 4, display: await keys('Z', 'X') });
}

/** A toast showing `text` in the notifications region. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('region', { name: /^Notifications/ }).getByText(text, { exact: true });
}
