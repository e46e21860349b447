/** Payloads of the theme-slot (scene) area (spec-2 §3 "Theme info from device", §7 set_theme_info). */

/** Theme info from the device: the get_theme_info and up_theme_info events, and the answer of most theme calls. */
export interface ThemeInfo {
  path: string;
  /** Index of the current slot, 0-based. */
  theme_mode: number;
  /** Slot names, in slot order. */
  theme_info_list: string[];
}

/** The answer of `set_theme_info --export`: one slot as a .mgscene file. */
export interface SceneExport {
  path: string;
  /** The slot exported, 0-based. */
  theme_id: number;
  /** The theme name with spaces replaced by underscores, plus `.mgscene`. */
  file_name: string;
  /** The scene document as JSON text. */
  content: string;
}

/** up_theme_save: a scene was imported into a slot. */
export interface ThemeSaved {
  path: string;
  theme_id: number;
  /** The slot's name after the import. */
  name: string;
}
