/**
 * The page's first frame: before the app's script has run, index.html draws the shell and the devices it is about to
 * list ("connecting", nothing read from them), then the app's first render takes their place.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { skipLinuxTip } from './support';

test.beforeEach(async ({ context }) => skipLinuxTip(context));

const APP_SCRIPT = /\/assets\/app-[\w-]+\.js$/;
const WORKER_SCRIPT = /\/assets\/device-worker-[\w-]+\.js$/;

/**
 * Loads the address with the app's script held back, so the first frame stays on screen; with `worker`, the device
 * worker's too, so its cards stay "connecting" (the worker lists the devices before the app has loaded).
 */
async function firstFrameOf(page: Page, query: string, { worker = true } = {}) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Route) => {
    await held;
    await route.continue();
  };
  await page.route(APP_SCRIPT, hold);
  if (worker) await page.route(WORKER_SCRIPT, hold);
  await page.goto(`/${query}`, { waitUntil: 'commit' });
  return release;
}

test('the virtual keyboard the address asks for is drawn before the app loads, then the app takes over', async ({
  page,
}) => {
  const release = await firstFrameOf(page, '?virtual=made68pro@1.3.7');
  const preview = page.locator('.device-card--preview');
  await expect(preview).toHaveCount(1);
  await expect(preview).toContainText('Made68Pro');
  await expect(preview).toContainText('Connecting…');
  await expect(page.locator('.rail__tab-label')).toHaveText(['Device', 'Tool', 'Help', 'Settings']);
  // The rail does nothing yet; the card takes a choice at once, and the app opens its device once it lists it.
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText('Loading');
  await preview.getByRole('button', { name: 'Made68Pro', exact: true }).click();
  await expect(preview).toHaveAttribute('aria-busy', 'true');

  release();
  await expect(page.getByRole('tablist', { name: 'Device sections' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to devices: Made68Pro' }).click();
  const card = page.getByRole('article').filter({ hasText: 'Made68Pro' });
  await expect(card).toContainText('Connected');
  await expect(page.locator('.first-paint')).toHaveCount(0);
  await card.getByRole('button', { name: 'Made68Pro', exact: true }).click();
  await expect(page.getByRole('tablist', { name: 'Device sections' })).toBeVisible();
});

test('on the next visit the devices of the last one are drawn at once, in the chosen language', async ({
  page,
  context,
}) => {
  await page.goto('/?virtual=cyber01@1.2.8');
  await expect(page.getByRole('article').filter({ hasText: 'Cyber01' })).toContainText('Connected');
  // A new virtual keyboard's factory image is saved 200 ms after it is added (src/host/device-worker.ts).
  await page.waitForTimeout(500);
  await context.addCookies([{ name: 'Language', value: 'zh_CN', url: new URL(page.url()).origin }]);

  const release = await firstFrameOf(page, '');
  await expect(page.locator('.device-card--preview')).toHaveCount(1);
  await expect(page.locator('.device-card--preview')).toContainText('Cyber01');
  await expect(page.locator('.device-card--preview')).toContainText('正在连接…');
  release();
  await expect(page.getByRole('article').filter({ hasText: 'Cyber01' })).toContainText('已连接');
});

test('a card of the first frame opens its device once the service has listed it, before the app has rendered', async ({
  page,
  context,
}) => {
  // The default resources held back: the app's first render waits for them, the device list does not.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/default/*.json', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/?virtual=made68pro@1.3.7');
  const live = page.locator('.first-paint .device-card--live');
  await expect(live).toContainText('Connected');
  await expect(page.locator('.first-paint')).toHaveCount(1);
  // The rail does nothing yet; the card is a button in the tab order.
  await expect(page.locator('.first-paint .rail')).toHaveAttribute('inert', '');
  await live.getByRole('button', { name: 'Made68Pro', exact: true }).click();
  await expect(live).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByRole('tablist', { name: 'Device sections' })).toBeVisible();
  await expect(page.locator('.first-paint')).toHaveCount(0);
});

test('the device worker lists the address’s keyboard before the app has loaded; its card opens it once the app is there', async ({
  page,
}) => {
  const release = await firstFrameOf(page, '?virtual=made68pro@1.3.7', { worker: false });
  const live = page.locator('.first-paint .device-card--live');
  await expect(live).toContainText('Connected');
  await expect(page.locator('.device-card--preview')).toHaveCount(0);
  await live.getByRole('button', { name: 'Made68Pro', exact: true }).click();
  await expect(live).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByRole('tablist', { name: 'Device sections' })).toBeVisible();
  // One keyboard, at the path the first list named.
  const path = await page.evaluate(() => window.__keytuneFirstList?.[0]?.path);
  const listed = await page.evaluate(async () => {
    const devices = (await window.__keytune!.bridge.call('app_info', 'get_dev_list', [])) as { path: string }[];
    return devices.map((d) => d.path);
  });
  expect(listed).toEqual([path]);
});
