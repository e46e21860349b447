/** Shared steps of the end-to-end tests. */
import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * Debian's Chromium reports Linux, so the app opens with the Linux permission tip. Tests about other things turn it
 * off the way a user does: the CheckDevPermission cookie.
 */
export async function skipLinuxTip(context: BrowserContext): Promise<void> {
  await context.addCookies([
    { name: 'CheckDevPermission', value: '0', url: `http://127.0.0.1:${process.env.KEYTUNE_E2E_PORT ?? 4317}` },
  ]);
}

export async function gotoApp(page: Page, query = ''): Promise<void> {
  await page.goto(`/${query}`);
  await expect(page.getByRole('navigation', { name: /Main navigation|主导航/ })).toBeVisible();
}

/** Adds a virtual keyboard through the welcome screen's offer and waits for its card. */
export async function addVirtualFromWelcome(page: Page, model: string, displayName: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Model' }).selectOption(model);
  await page.getByRole('button', { name: 'Add virtual device' }).click();
  await expect(page.getByRole('button', { name: displayName, exact: true })).toBeVisible();
}

/** The path of the device whose page is open. */
export async function openDevicePath(page: Page): Promise<string> {
  const path = await page.locator('.device-page').getAttribute('data-path');
  if (!path) throw new Error('no device page open');
  return path;
}

export type ScreenTheme = 'light' | 'dark';
export type ScreenLanguage = 'en_US' | 'zh_CN';

/** Transitions, animations and the caret are frozen so a screen comparison never catches a screen half-way. */
const STILL = `*, *::before, *::after {
  transition: none !important;
  animation: none !important;
  caret-color: transparent !important;
}`;

/** The Linux tip off, and the theme and language cookies for the app's address. */
export async function chooseLookAndLanguage(
  context: BrowserContext,
  theme: ScreenTheme,
  language: ScreenLanguage,
): Promise<void> {
  const url = `http://127.0.0.1:${process.env.KEYTUNE_E2E_PORT ?? 4317}`;
  await skipLinuxTip(context);
  await context.addCookies([
    { name: 'SkinMode', value: theme, url },
    { name: 'Language', value: language, url },
  ]);
}

/** Adds a style sheet to every page the test opens, once its document exists. */
export async function addPageStyle(page: Page, css: string): Promise<void> {
  await page.addInitScript((text) => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = text;
      document.head.append(style);
    });
  }, css);
}

/** A page for screen comparisons: the Linux tip off, the theme and language chosen, nothing moving. */
export async function prepareScreen(
  context: BrowserContext,
  page: Page,
  theme: ScreenTheme,
  language: ScreenLanguage,
): Promise<void> {
  await chooseLookAndLanguage(context, theme, language);
  await addPageStyle(page, STILL);
}

/** Nothing hovered or focused, fonts loaded: a picture shows the screen as it rests. */
export async function restScreen(page: Page): Promise<void> {
  await page.mouse.move(0, page.viewportSize()!.height - 1);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.evaluate(() => document.fonts.ready);
}

/**
 * The virtual keyboards the device worker has saved in IndexedDB (src/host/virtual-store.ts): display name, when
 * saved, and the saved state of another family's simulator as JSON (null for ours).
 */
export async function savedVirtualKeyboards(
  page: Page,
): Promise<{ name: string; savedAt: number; family: string | null }[]> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('keytune', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('virtual-keyboards', { keyPath: 'id' });
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const all = open.result.transaction('virtual-keyboards').objectStore('virtual-keyboards').getAll();
      all.onsuccess = () => {
        open.result.close();
        resolve(all.result.map((r) => ({
          name: r.spec.displayName,
          savedAt: r.savedAt,
          family: r.family ? JSON.stringify(r.family) : null,
        })));
      };
      all.onerror = () => reject(all.error);
    };
  })`);
}

/** Waits for the app's bridge: a card can show (from the worker's early list) before the app has started. */
export async function waitForAppBridge(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as { __keytune?: { bridge?: unknown } }).__keytune?.bridge !== undefined);
}
