/** Theme-slot (scene) calls (spec-2 §7): switch, rename, export and import. */
import { z } from 'zod';
import { THEME_SLOTS } from '../../protocol/objects.ts';
import { call, int, path } from '../define.ts';
import type { SceneExport, ThemeInfo, ThemeSaved } from '../payloads/theme.ts';

export type { SceneExport, ThemeInfo, ThemeSaved } from '../payloads/theme.ts';

/** A theme slot, 0-based; slots beyond the device's own count are refused by the service. */
const slot = int(0, THEME_SLOTS - 1);
/** The device-page tabs of spec-2 §2.3 that have data of their own: key code, key LED, performance, settings. */
const page = z.union([z.literal(0), z.literal(1), z.literal(3), z.literal(4)]);
/** An action flag that carries no value of its own: `--export ""`, `--export 1` or `export: true`. */
const present = z.union([z.literal(true), z.literal(1), z.enum(['', '1', 'true'])]).transform(() => true as const);

export const themeCalls = {
  getThemeInfo: call<ThemeInfo>()(
    'dev_info',
    'get_theme_info',
    { path },
    {
      doc: 'The theme slots, read fresh from the device (its button may switch them); emits get_theme_info.',
      answer: 'ThemeInfo',
    },
  ),
  setThemeInfo: call<ThemeInfo | SceneExport>()(
    'dev_info',
    'set_theme_info',
    {
      path,
      change_theme_id: slot.optional(),
      theme_name: z.string().optional(),
      export: present.optional(),
      import: z.string().optional(),
      cur_theme_id: slot.optional(),
      /** The open tab, as the spec sends it; the service keeps no UI state and only checks it. */
      current_page_id_num: page.optional(),
    },
    {
      doc: 'At most one of --change_theme_id (emits up_theme_info, get_theme_info), or --theme_name, --export or --import with --cur_theme_id (import emits up_theme_save, get_theme_info); --export answers SceneExport, the rest ThemeInfo.',
      answer: 'ThemeInfo | SceneExport',
    },
  ),
};

/** Events of this area and their payloads. */
export interface ThemeEvents {
  get_theme_info: ThemeInfo;
  up_theme_info: ThemeInfo;
  up_theme_save: ThemeSaved;
}
