/**
 * Virtual keyboards of other families, added from the welcome screen, keep what was changed on them over a reload,
 * as ours do: the device worker saves each one's simulator state to IndexedDB after a change
 * (src/host/worker-service.ts) and brings it back at the next start.
 */
import { expect, test, type Page } from '@playwright/test';
import { addVirtualFromWelcome, gotoApp, savedVirtualKeyboards, skipLinuxTip, waitForAppBridge } from './support';

/** The saved state of the one virtual keyboard (src/host/virtual-store.ts), as JSON; null before. */
const savedState = async (page: Page) => {
  const saved = await savedVirtualKeyboards(page);
  return saved.length === 1 ? saved[0]!.family : null;
};

/** The code the keyboard holds for a key on the first layer, read through the app's bridge. */
async function heldCode(page: Page, keyId: number): Promise<number> {
  await waitForAppBridge(page);
  return page.evaluate(async (id) => {
    const { bridge } = (window as unknown as { __keytune: { bridge: { call(...a: unknown[]): Promise<unknown> } } })
      .__keytune;
    const [device] = (await bridge.call('app_info', 'get_dev_list')) as { path: string }[];
    const info = (await bridge.call('dev_info', 'get_key_value_info', ['--path', device!.path])) as {
      keycodes: number[][];
    };
    return info.keycodes[0]![id]!;
  }, keyId);
}

async function openKeyCodeTab(page: Page, card: string): Promise<void> {
  await page.getByRole('button', { name: card, exact: true }).click();
  const tab = page.getByRole('tab', { name: /^Key code/ });
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await expect(page.getByRole('navigation', { name: 'Layers' })).toBeVisible();
}

const keyCell = (page: Page, keyId: number) =>
  page.getByRole('grid', { name: 'Keyboard', exact: true }).locator(`[data-key-id="${keyId}"]`);

const MODELS = [
  { option: 'he60', card: 'HE60', keyId: 17 },
  { option: 'via65', card: 'Keytune VIA 65', keyId: 17 },
];

for (const m of MODELS) {
  test(`a virtual ${m.card} added from the welcome screen keeps a remapped key over a reload`, async ({
    page,
    context,
  }) => {
    await skipLinuxTip(context);
    await gotoApp(page);
    await addVirtualFromWelcome(page, m.option, m.card);
    // Its factory settings are saved a moment after it is added.
    await expect.poll(() => savedState(page)).not.toBeNull();
    const factory = await savedState(page);
    const before = await heldCode(page, m.keyId);

    await openKeyCodeTab(page, m.card);
    const key = keyCell(page, m.keyId);
    await key.click();
    await expect(key).toHaveAttribute('aria-selected', 'true');
    await page
      .getByRole('region', { name: 'Key codes' })
      .getByRole('searchbox', { name: 'Search key codes' })
      .fill('F1');
    await page.getByRole('region', { name: 'Key codes' }).getByRole('button', { name: /^F1,/ }).click();
    await expect(key.locator('.kb-key__legend')).toHaveText('F1');
    const remapped = await heldCode(page, m.keyId);
    expect(remapped).not.toBe(before);
    // The worker saves the change a moment after the keyboard took it.
    await expect.poll(() => savedState(page)).not.toBe(factory);

    await page.reload();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('button', { name: m.card, exact: true })).toBeVisible();
    expect(await heldCode(page, m.keyId)).toBe(remapped);
    await openKeyCodeTab(page, m.card);
    await expect(keyCell(page, m.keyId).locator('.kb-key__legend')).toHaveText('F1');
  });
}
