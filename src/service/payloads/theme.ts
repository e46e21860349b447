/**
 * Theme info (spec-2 §3 "Theme info from device"), shared by every area that answers or emits it (theme calls,
 * factory reset), and the objects of a theme slot read without switching to it.
 */
import type { ThemeInfo } from '../../contract/payloads/theme.ts';
import type { ObjectName } from '../../protocol/registry.ts';
import { readFresh } from '../cache.ts';
import type { KeytuneDevice, Emit } from '../context.ts';
import { decodeThemes, themeInfo } from '../convert/theme.ts';

/** Theme slots as the device has them now: the slot can change from the keyboard itself, so never from the cache. */
export async function readThemeInfo(device: KeytuneDevice): Promise<ThemeInfo> {
  return themeInfo(device.path, decodeThemes(await readFresh(device, 'themes')));
}

/** Reads the theme info, emits get_theme_info with it and answers it. */
export async function emitThemeInfo(device: KeytuneDevice, emit: Emit): Promise<ThemeInfo> {
  const info = await readThemeInfo(device);
  emit('get_theme_info', info);
  return info;
}

/**
 * The objects `names` of theme slot `slot` as the device holds them, read with slot reads (protocol 1.1) whichever
 * slot is current: the keyboard never leaves its slot. They bypass the service's copies, which belong to the current
 * slot. An object the device lacks is absent. Firmware of protocol 1 refuses with unknownCommand (a SessionError of
 * reason 'device').
 */
export function readSlot(device: KeytuneDevice, slot: number, names: readonly ObjectName[]) {
  return device.session.readMany(names, { slot });
}
