/**
 * A virtual keyboard on the real device service for the Key performance tab tests, the tab rendered over it, and
 * the tab's texts as the page shows them (the English text once the section is wired, the id until then).
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PerformanceSpecTextId, PerformanceTextId } from '../../../src/i18n/sections/performance';
import { createTranslate, type Language } from '../../../src/i18n/translate';
import PerfTab from '../../../src/ui/device-page/performance/PerfTab';
import { useToastStore } from '../../../src/ui/toasts/store';
import { renderWithServices } from '../render';
import { testHost } from '../test-host';

export function shown(id: PerformanceTextId | PerformanceSpecTextId, ...values: (string | number)[]): string {
  // The tab registers its texts when it loads (src/i18n/sections/performance.ts), so they read as in the app.
  return createTranslate('en_US').dynamic(id, ...values);
}

/** The same text in Chinese. */
export function shownZh(id: PerformanceTextId | PerformanceSpecTextId, ...values: (string | number)[]): string {
  return createTranslate('zh_CN').dynamic(id, ...values);
}

export async function openPerfTab(model = 'Made68Pro', fwVer = '1.4.2', language: Language = 'en_US') {
  const host = testHost({}, { timeoutMs: 500 });
  const live = host.live;
  const path = await live.addVirtual(model, { fwVer });
  const rendered = renderWithServices(<PerfTab path={path} />, { host, language });
  const say = language === 'zh_CN' ? shownZh : shown;
  await screen.findByRole('slider', { name: say('perf.trigger') });
  await waitFor(() => expect(document.querySelector('[data-key-id="0"]')).not.toBeNull());
  return {
    host,
    path,
    rendered,
    perf: () => live.client.getKeyPerfInfo({ path }),
    setPerfCalls: () => live.callsTo('setPerfInfo').map((c) => Object.fromEntries(c.named)),
  };
}

/** A key of the drawing by its id (Q 16, W 17 on a made68pro). */
export function key(id: number): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[data-key-id="${id}"]`);
  if (!el) throw new Error(`no key ${id}`);
  return el;
}

/** Selects keys the keyboard's way: focus and Space. */
export function selectKeys(...ids: number[]): void {
  for (const id of ids) {
    act(() => key(id).focus());
    fireEvent.keyDown(key(id), { key: ' ' });
  }
}

export function toastTitles(): string[] {
  return useToastStore.getState().toasts.map((t) => t.title);
}

export function viewTab(id: 'perf.tab.perf' | 'perf.tab.game' | 'perf.tab.switch' | 'perf.tab.verify'): HTMLElement {
  return screen.getByRole('tab', { name: shown(id) });
}
