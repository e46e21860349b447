/**
 * Theme info (spec-2 §3 "Theme info from device"), shared by every area that answers or emits it (theme calls,
 * factory reset).
 */
import type { ThemeInfo } from '../../contract/payloads/theme.ts';
import { readFresh } from '../cache.ts';
import type { DeviceEntry, Emit } from '../context.ts';
import { decodeThemes, themeInfo } from '../convert/theme.ts';

/** Theme slots as the device has them now: the slot can change from the keyboard itself, so never from the cache. */
export async function readThemeInfo(device: DeviceEntry): Promise<ThemeInfo> {
  return themeInfo(device.path, decodeThemes(await readFresh(device, 'themes')));
}

/** Reads the theme info, emits get_theme_info with it and answers it. */
export async function emitThemeInfo(device: DeviceEntry, emit: Emit): Promise<ThemeInfo> {
  const info = await readThemeInfo(device);
  emit('get_theme_info', info);
  return info;
}
