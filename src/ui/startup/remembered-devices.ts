/**
 * Keeps the names and types of the listed devices (nothing else: no version, battery or address) in localStorage,
 * so the next visit's first frame (first-paint.ts) can draw them as "connecting" cards before the app has loaded.
 */
import type { DeviceStore } from '../device-list/store';
import { PREVIEW_LIMIT, REMEMBERED_DEVICES_KEY, type PreviewDevice } from './first-paint';

export function rememberedList(devices: readonly { display_name: string; dev_type: number }[]): PreviewDevice[] {
  return devices.slice(0, PREVIEW_LIMIT).map((d) => ({ name: d.display_name, type: d.dev_type }));
}

/** Writes the list whenever it changes; answers a function that stops. */
export function rememberDevices(store: DeviceStore, storage: Pick<Storage, 'setItem'> = localStorage): () => void {
  let last = '';
  const write = (devices: Parameters<typeof rememberedList>[0]) => {
    const text = JSON.stringify(rememberedList(devices));
    if (text === last) return;
    last = text;
    try {
      storage.setItem(REMEMBERED_DEVICES_KEY, text);
    } catch {
      // Storage full or refused: the next visit's first frame only shows fewer cards.
    }
  };
  write(store.getState().devices);
  return store.subscribe((state) => write(state.devices));
}
