/**
 * Light, dark and auto. The SkinMode cookie holds the choice; auto follows the system's dark preference live;
 * no cookie (or a value we do not know) means light, as the spec says the app starts light.
 */

export const THEME_MODES = ['light', 'dark', 'auto'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export type AppliedTheme = 'light' | 'dark';

export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === 'string' && (THEME_MODES as readonly string[]).includes(value);
}

export function themeModeFromCookie(value: string | undefined): ThemeMode {
  const v = value?.trim().toLowerCase();
  return isThemeMode(v) ? v : 'light';
}

export function appliedTheme(mode: ThemeMode, systemPrefersDark: boolean): AppliedTheme {
  if (mode === 'auto') return systemPrefersDark ? 'dark' : 'light';
  return mode;
}
