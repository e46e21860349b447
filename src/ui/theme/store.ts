/**
 * Applies the theme to the document (data-theme on <html>, read by the CSS custom properties) and keeps it in step
 * with the SkinMode cookie and, in auto mode, with the system preference.
 */
import { create } from 'zustand';
import { COOKIE_NAMES, getCookie, setCookie } from '../cookies';
import { appliedTheme, themeModeFromCookie, type AppliedTheme, type ThemeMode } from './theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

interface ThemeState {
  mode: ThemeMode;
  applied: AppliedTheme;
  setMode(mode: ThemeMode, options?: { persist?: boolean }): void;
}

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY).matches
    : false;
}

function paint(theme: AppliedTheme): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

export const useThemeStore = create<ThemeState>((set) => ({
  mode: 'light',
  applied: 'light',
  setMode(mode, options = {}) {
    if (options.persist !== false) setCookie(COOKIE_NAMES.skinMode, mode);
    const applied = appliedTheme(mode, systemPrefersDark());
    paint(applied);
    set({ mode, applied });
  },
}));

let unwatch: (() => void) | undefined;

/** Reads SkinMode, paints the page and starts following the system preference. Returns a stop function. */
export function initTheme(): () => void {
  useThemeStore.getState().setMode(themeModeFromCookie(getCookie(COOKIE_NAMES.skinMode)), { persist: false });
  unwatch?.();
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DARK_QUERY);
  const onChange = (): void => {
    const { mode } = useThemeStore.getState();
    if (mode !== 'auto') return;
    const applied = appliedTheme(mode, query.matches);
    paint(applied);
    useThemeStore.setState({ applied });
  };
  query.addEventListener('change', onChange);
  unwatch = () => query.removeEventListener('change', onChange);
  return unwatch;
}
