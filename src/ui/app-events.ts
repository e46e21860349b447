/**
 * The service events the whole app reacts to, wired once right after the host exists so nothing said during
 * start-up is lost: toasts, the loading overlay, theme and language changes, and the device list.
 */
import type { Bridge } from '../service/bridge';
import { useLanguageStore } from '../i18n/store';
import { LANGUAGES, type Language } from '../i18n/translate';
import { parseDeviceList, type DeviceStore } from './device-list/store';
import { isLoadingOn, useLoadingStore } from './loading-store';
import { isThemeMode } from './theme/theme';
import { useThemeStore } from './theme/store';
import { parseToastPayload, toastEndsLoading } from './toasts/format';
import { useToastStore } from './toasts/store';

function eventValue(payload: unknown): unknown {
  return Array.isArray(payload) ? payload[0] : payload;
}

export function connectAppEvents(bridge: Bridge, devices: DeviceStore): () => void {
  const offs = [
    bridge.on('toast_message', (payload) => {
      const toast = parseToastPayload(payload);
      if (!toast) return;
      useToastStore.getState().push(toast);
      if (toastEndsLoading(toast.type)) useLoadingStore.getState().setVisible(false);
    }),
    bridge.on('show_loading', (payload) => useLoadingStore.getState().setVisible(isLoadingOn(payload))),
    bridge.on('update_theme', (payload) => {
      const mode = eventValue(payload);
      if (isThemeMode(mode)) useThemeStore.getState().setMode(mode);
    }),
    bridge.on('update_lang', (payload) => {
      const lang = eventValue(payload);
      if ((LANGUAGES as readonly unknown[]).includes(lang)) useLanguageStore.getState().setLanguage(lang as Language);
    }),
    bridge.on('devs_changed', (payload) => devices.getState().setDevices(parseDeviceList(payload))),
  ];
  return () => offs.forEach((off) => off());
}
