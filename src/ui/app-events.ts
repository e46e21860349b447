/**
 * The service events the whole app reacts to, wired once right after the host exists so nothing said during
 * start-up is lost: toasts, the loading overlay, theme and language changes, and the device list. Payloads have the
 * contract's types (src/contract/areas/app.ts).
 */
import type { Client } from '../contract/client';
import { useLanguageStore } from '../i18n/store';
import type { DeviceStore } from './device-list/store';
import { useLoadingStore } from './loading-store';
import { useThemeStore } from './theme/store';
import { toastToShow, toastEndsLoading } from './toasts/format';
import { useToastStore } from './toasts/store';

export function connectAppEvents(client: Client, devices: DeviceStore): () => void {
  const offs = [
    client.on('toast_message', (payload) => {
      const toast = toastToShow(payload);
      if (!toast) return;
      useToastStore.getState().push(toast);
      if (toastEndsLoading(toast.type)) useLoadingStore.getState().setVisible(false);
    }),
    client.on('show_loading', (value) => useLoadingStore.getState().setVisible(value === '1')),
    client.on('update_theme', (mode) => useThemeStore.getState().setMode(mode)),
    client.on('update_lang', (lang) => useLanguageStore.getState().setLanguage(lang)),
    client.on('devs_changed', (list) => devices.getState().setDevices(list)),
  ];
  return () => offs.forEach((off) => off());
}
