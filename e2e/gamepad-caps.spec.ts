/**
 * HE60's Gamepad tab in Chromium: long button names ("Left stick right", "右摇杆按下") drawn inside their key caps, in
 * English and Chinese, measured from the rendered text.
 */
import { expect, test } from '@playwright/test';
import { gotoApp, prepareScreen } from './support';

for (const language of ['en_US', 'zh_CN'] as const) {
  test(`bound buttons' names fit their caps (${language})`, async ({ page, context }) => {
    await prepareScreen(context, page, language === 'en_US' ? 'light' : 'dark', language);
    await gotoApp(page, '?virtual=he60@1.7.0');
    await page.getByRole('button', { name: 'HE60', exact: true }).click();
    await page.getByRole('tab', { name: /^(Gamepad|手柄)$/ }).click();
    const select = page.locator('select.gamepad-select');
    // Esc, Q, W, E, Caps and A: 1u caps, and Caps a wider one.
    const binds: [number, number][] = [
      [0, 23],
      [16, 19],
      [17, 13],
      [18, 11],
      [29, 24],
      [30, 12],
    ];
    for (const [id, code] of binds) {
      const key = page.locator(`[data-key-id="${id}"]`);
      await key.focus();
      await page.keyboard.press('Space');
      await select.selectOption(String(code));
      await expect(key.getByTestId('gamepad-cap')).toBeVisible();
      await key.focus();
      await page.keyboard.press('Space');
    }
    const caps = await page.getByTestId('gamepad-cap').evaluateAll((gs) =>
      gs.map((g) => {
        const cap = (g.closest('[data-key-id]')!.querySelector('.kb-key__cap') as SVGGraphicsElement).getBBox();
        const text = (g.querySelector('text') as SVGGraphicsElement).getBBox();
        return {
          name: g.textContent,
          fits:
            text.x >= cap.x &&
            text.x + text.width <= cap.x + cap.width &&
            text.y >= cap.y &&
            text.y + text.height <= cap.y + cap.height,
        };
      }),
    );
    expect(caps).toHaveLength(binds.length);
    for (const cap of caps) expect(cap, cap.name ?? '').toEqual({ name: cap.name, fits: true });
    await page.screenshot({ path: `artifacts/gamepad-caps-${language}.png` });
  });
}
