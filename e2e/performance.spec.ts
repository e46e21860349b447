/**
 * The Key performance tab on a virtual made68pro: trigger, dead zone and rapid trigger set on selected keys, a
 * switch type changed, a game preset applied, and all of it still there after a reload.
 */
import { expect, test, type Page } from '@playwright/test';
import { performanceEn, type PerformanceTextId } from '../src/i18n/sections/performance';
import { gotoApp, skipLinuxTip } from './support';

/** A text of the performance section: its English text once wired into the catalogue, its id until then. */
function text(id: PerformanceTextId): RegExp {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^(${escape(performanceEn[id])}|${escape(id)})$`);
}

const key = (page: Page, id: number) => page.locator(`.perf-tab [data-key-id="${id}"]`);
const view = (page: Page, id: PerformanceTextId) => page.getByRole('tab', { name: text(id) });
const slider = (page: Page, id: PerformanceTextId) => page.getByRole('slider', { name: text(id) });

async function openPerf(page: Page) {
  await page.getByRole('button', { name: 'Made68Pro', exact: true }).click();
  await page.getByRole('tab', { name: 'Key performance' }).click();
  await expect(slider(page, 'perf.trigger')).toBeVisible();
  await expect(key(page, 16)).toBeVisible();
}

test('trigger, dead zone, rapid trigger, switch type and a game preset survive a reload', async ({ page, context }) => {
  await skipLinuxTip(context);
  await gotoApp(page, '?virtual=made68pro@1.4.2');
  await openPerf(page);

  // Q (16) and E (18): trigger two steps deeper, dead zone one step, rapid trigger on.
  await key(page, 16).click();
  await key(page, 18).click();
  await expect(key(page, 16)).toHaveAttribute('aria-selected', 'true');
  const trigger0 = Number(await slider(page, 'perf.trigger').getAttribute('aria-valuenow'));
  const dead0 = Number(await slider(page, 'perf.dead').getAttribute('aria-valuenow'));
  const increase = (id: PerformanceTextId) =>
    page.getByRole('button', { name: new RegExp(`^Increase (${performanceEn[id]}|${id.replace(/\./g, '\\.')})$`) });
  await increase('perf.trigger').click();
  await expect(slider(page, 'perf.trigger')).not.toHaveAttribute('aria-valuenow', String(trigger0));
  await increase('perf.trigger').click();
  await increase('perf.dead').click();
  await expect(slider(page, 'perf.dead')).not.toHaveAttribute('aria-valuenow', String(dead0));
  const rt = page.getByRole('switch', { name: text('perf.rt') });
  await rt.click();
  await expect(rt).toHaveAttribute('aria-checked', 'true');
  await expect(slider(page, 'perf.rt.press')).toBeVisible();
  const trigger = await slider(page, 'perf.trigger').getAttribute('aria-valuenow');
  const dead = await slider(page, 'perf.dead').getAttribute('aria-valuenow');
  expect(Number(trigger)).toBeGreaterThan(trigger0);
  await expect(key(page, 16).getByTestId('perf-key-values')).toContainText(Number(trigger).toFixed(2));
  await expect(key(page, 16).getByTestId('perf-key-values')).toContainText('RT');

  // Switch view: R (19) becomes T3.
  await view(page, 'perf.tab.switch').click();
  await key(page, 19).click();
  await page.getByRole('button', { name: 'T3', exact: true }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toHaveAttribute('data-dialog-type', '2');
  await confirm.getByRole('button', { name: text('perf.ok') }).click();
  await expect(page.getByRole('button', { name: 'T3', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // E (18) and R (19) now carry different switch types: their dead zone is not set, and a warning says why.
  await view(page, 'perf.tab.perf').click();
  await key(page, 18).click();
  await key(page, 19).click();
  await expect(key(page, 19)).toHaveAttribute('aria-selected', 'true');
  await increase('perf.dead').click();
  await expect(
    page.locator('.toast__title', { hasText: 'Please do not set dead zone for different switch' }),
  ).toBeVisible();
  await expect(slider(page, 'perf.dead')).toHaveAttribute('aria-valuenow', dead!);

  // Game config: the FPS card sets W A S D to 0.40 mm with rapid trigger.
  await view(page, 'perf.tab.game').click();
  await page.getByRole('button', { name: text('perf.game.1') }).click();
  await view(page, 'perf.tab.perf').click();
  await expect(key(page, 17).getByTestId('perf-key-values')).toContainText('0.40');
  await page.screenshot({ path: 'artifacts/performance-tab.png' });

  await expect(page.getByRole('status').filter({ hasText: /^Synced$/ })).toBeVisible();
  await page.reload();
  await openPerf(page);
  await expect(key(page, 17).getByTestId('perf-key-values')).toContainText('0.40');
  await key(page, 18).click();
  await expect(slider(page, 'perf.trigger')).toHaveAttribute('aria-valuenow', trigger!);
  await expect(slider(page, 'perf.dead')).toHaveAttribute('aria-valuenow', dead!);
  await expect(page.getByRole('switch', { name: text('perf.rt') })).toHaveAttribute('aria-checked', 'true');
  await view(page, 'perf.tab.switch').click();
  await key(page, 19).click();
  await expect(page.getByRole('button', { name: 'T3', exact: true })).toHaveAttribute('aria-pressed', 'true');
});
