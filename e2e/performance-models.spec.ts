/**
 * The Key performance tab on several virtual keyboards (made68pro, cyber01 at 1.2.8 and a newer one, made68air):
 * trigger, dead zone and rapid trigger set on selected keys, a switch type changed (on cyber01 up to 1.2.8 for the
 * whole board, as its firmware takes it), a game preset applied, keys calibrated by pressing them on the virtual
 * keyboard from the drawing while the tester chart and the live travel view move, and all of it kept after a reload.
 */
import { expect, test, type Page } from '@playwright/test';
import { performanceEn, type PerformanceTextId } from '../src/i18n/sections/performance';
import { gotoApp, skipLinuxTip } from './support';

function text(id: PerformanceTextId): RegExp {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^(${escape(performanceEn[id])}|${escape(id)})$`);
}

/** A key of the drawing by its printed legend (its name reads "Key Q, ..."). */
const key = (page: Page, legend: string) => page.locator(`.perf-tab [data-key-id][aria-label^="Key ${legend},"]`);
const view = (page: Page, id: PerformanceTextId) => page.getByRole('tab', { name: text(id) });
const slider = (page: Page, id: PerformanceTextId) => page.getByRole('slider', { name: text(id) });
const increase = (page: Page, id: PerformanceTextId) =>
  page.getByRole('button', { name: new RegExp(`^Increase (${performanceEn[id]}|${id.replace(/\./g, '\\.')})$`) });

const MODELS = [
  { model: 'made68pro', version: '1.4.2', name: 'Made68Pro', perKeySwitch: true },
  { model: 'cyber01', version: '1.2.8', name: 'Cyber01', perKeySwitch: false },
  { model: 'cyber01', version: '1.3.0', name: 'Cyber01', perKeySwitch: true },
  { model: 'made68air', version: '1.4.2', name: 'Made68Air', perKeySwitch: true },
] as const;

async function openPerf(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('tab', { name: 'Key performance' }).click();
  await expect(slider(page, 'perf.trigger')).toBeVisible();
  await expect(key(page, 'E')).toBeVisible();
}

/** Holds a key of the drawing down with the mouse for a moment (the press panel's way) and lets it go. */
async function pressOnDrawing(page: Page, legend: string) {
  const target = page.locator(`.perf-tab [data-key-id][aria-label^="Key ${legend}, press"]`);
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect(target).toHaveAttribute('aria-pressed', 'true');
  await page.waitForTimeout(80);
  await page.mouse.up();
  await expect(target).toHaveAttribute('aria-pressed', 'false');
}

for (const m of MODELS) {
  test(`${m.name} ${m.version}: performance set, switch, preset and calibration survive a reload`, async ({
    page,
    context,
  }) => {
    await skipLinuxTip(context);
    await gotoApp(page, `?virtual=${m.model}@${m.version}`);
    await openPerf(page, m.name);

    // E and R: trigger one step deeper, dead zone one step, rapid trigger on.
    await key(page, 'E').click();
    await key(page, 'R').click();
    await expect(key(page, 'E')).toHaveAttribute('aria-selected', 'true');
    const trigger0 = Number(await slider(page, 'perf.trigger').getAttribute('aria-valuenow'));
    const dead0 = Number(await slider(page, 'perf.dead').getAttribute('aria-valuenow'));
    await increase(page, 'perf.trigger').click();
    await expect(slider(page, 'perf.trigger')).not.toHaveAttribute('aria-valuenow', String(trigger0));
    await increase(page, 'perf.dead').click();
    await expect(slider(page, 'perf.dead')).not.toHaveAttribute('aria-valuenow', String(dead0));
    const rt = page.getByRole('switch', { name: text('perf.rt') });
    await rt.click();
    await expect(rt).toHaveAttribute('aria-checked', 'true');
    const trigger = (await slider(page, 'perf.trigger').getAttribute('aria-valuenow'))!;
    const dead = (await slider(page, 'perf.dead').getAttribute('aria-valuenow'))!;
    await expect(key(page, 'R').getByTestId('perf-key-values')).toContainText(Number(trigger).toFixed(2));
    await expect(key(page, 'R').getByTestId('perf-key-values')).toContainText('RT');

    // Switch type T3: per key (T), or for the whole board where the firmware takes one type.
    await view(page, 'perf.tab.switch').click();
    if (m.perKeySwitch) await key(page, 'T').click();
    else await expect(key(page, 'T')).not.toHaveAttribute('aria-selected');
    await page.getByRole('button', { name: 'T3', exact: true }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toHaveAttribute('data-dialog-type', '2');
    if (!m.perKeySwitch) await expect(confirm).toContainText(/Every key/);
    await confirm.getByRole('button', { name: text('perf.ok') }).click();
    await expect(page.getByRole('button', { name: 'T3', exact: true })).toHaveAttribute('aria-pressed', 'true');

    // Game config: the FPS card sets W to 0.40 mm.
    await view(page, 'perf.tab.game').click();
    await page.getByRole('button', { name: text('perf.game.1') }).click();
    await view(page, 'perf.tab.perf').click();
    await expect(key(page, 'W').getByTestId('perf-key-values')).toContainText('0.40');

    // Verify: press keys from the drawing; the travel view takes the stream in, then the chart does.
    await view(page, 'perf.tab.verify').click();
    const canvas = page.getByTestId('travel-canvas');
    await expect(canvas).toBeVisible();
    await page.getByRole('button', { name: 'Press keys', exact: true }).click();
    const reports = async () => Number((await canvas.getAttribute('data-reports')) ?? 0);
    const before = await reports();
    await pressOnDrawing(page, 'Y');
    await expect.poll(reports).toBeGreaterThan(before);
    await page.getByRole('button', { name: text('perf.chart.open') }).click();
    const chart = page.getByTestId('tester-chart');
    await expect(chart).toHaveAttribute('data-samples', '0');
    // Press mode stays on between Verify and its chart.
    await expect(page.getByRole('button', { name: 'Press keys', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await pressOnDrawing(page, 'U');
    await expect.poll(async () => Number(await chart.getAttribute('data-samples'))).toBeGreaterThan(0);
    await page.getByRole('button', { name: text('perf.chart.back') }).click();

    // Calibration: Start, the 2-second wait, then G and H pressed through; both turn green; Save.
    await page.getByRole('button', { name: text('perf.cal.start') }).click();
    await expect(page.getByRole('dialog')).toHaveAttribute('data-dialog-type', '3');
    await expect(page.getByRole('dialog').getByRole('status')).toHaveText(/^Calibration starts in [12] seconds?\.$/);
    await expect(page.getByRole('dialog')).toBeHidden({ timeout: 5000 });
    const pressKeys = page.getByRole('button', { name: 'Press keys', exact: true });
    if ((await pressKeys.getAttribute('aria-pressed')) !== 'true') await pressKeys.click();
    const depth = page.getByRole('slider', { name: 'Depth' });
    await depth.focus();
    await page.keyboard.press('End');
    for (const legend of ['G', 'H']) await pressOnDrawing(page, legend);
    await expect(page.locator('.calibration-panel__state')).toContainText('2 of');
    await expect(page.locator('.calibration-panel__normal')).toHaveText('Key H: Calibration Normal');
    await page.getByRole('button', { name: text('perf.cal.save') }).click();
    await expect(page.locator('.calibration-panel__state')).toHaveText(text('perf.cal.state.2'));

    await expect(page.getByRole('status').filter({ hasText: /^Synced$/ })).toBeVisible();
    await page.reload();
    await openPerf(page, m.name);
    await expect(key(page, 'W').getByTestId('perf-key-values')).toContainText('0.40');
    await key(page, 'R').click();
    await expect(slider(page, 'perf.trigger')).toHaveAttribute('aria-valuenow', trigger);
    await expect(slider(page, 'perf.dead')).toHaveAttribute('aria-valuenow', dead);
    await expect(page.getByRole('switch', { name: text('perf.rt') })).toHaveAttribute('aria-checked', 'true');
    await view(page, 'perf.tab.switch').click();
    if (m.perKeySwitch) await key(page, 'T').click();
    await expect(page.getByRole('button', { name: 'T3', exact: true })).toHaveAttribute('aria-pressed', 'true');
  });
}
