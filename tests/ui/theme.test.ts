// @vitest-environment jsdom
import { readCookie, cookieAssignment } from '../../src/ui/cookies';
import { appliedTheme, themeModeFromCookie } from '../../src/ui/theme/theme';
import { initTheme, useThemeStore } from '../../src/ui/theme/store';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/** A matchMedia whose dark preference the test can flip, notifying listeners like the browser does. */
function fakeMatchMedia(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<() => void>();
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query.includes('dark') ? dark : false;
    },
    media: query,
    onchange: null,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  return {
    setDark(value: boolean) {
      dark = value;
      listeners.forEach((l) => l());
    },
  };
}

describe('theme choice', () => {
  it('reads SkinMode; absent or unknown means light', () => {
    expect(themeModeFromCookie(undefined)).toBe('light');
    expect(themeModeFromCookie('purple')).toBe('light');
    expect(themeModeFromCookie('dark')).toBe('dark');
    expect(themeModeFromCookie('auto')).toBe('auto');
  });

  it('auto follows the system preference; explicit choices ignore it', () => {
    expect(appliedTheme('auto', true)).toBe('dark');
    expect(appliedTheme('auto', false)).toBe('light');
    expect(appliedTheme('light', true)).toBe('light');
    expect(appliedTheme('dark', false)).toBe('dark');
  });
});

describe('cookies', () => {
  it('are written for 999 days on path /', () => {
    const now = Date.UTC(2026, 0, 1);
    const text = cookieAssignment('SkinMode', 'dark', 999, now);
    expect(text).toContain('SkinMode=dark');
    expect(text).toContain('path=/');
    expect(text).toContain(`expires=${new Date(now + 999 * 86400000).toUTCString()}`);
  });

  it('are read back by name among others', () => {
    expect(readCookie('a=1; SkinMode=auto; Language=zh_CN', 'SkinMode')).toBe('auto');
    expect(readCookie('a=1; Language=zh_CN', 'SkinMode')).toBeUndefined();
  });
});

describe('theme store', () => {
  beforeEach(clearCookies);

  it('starts light without a cookie and paints the page', () => {
    fakeMatchMedia(true);
    initTheme();
    expect(useThemeStore.getState().mode).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('applies the saved SkinMode', () => {
    fakeMatchMedia(false);
    document.cookie = 'SkinMode=dark; path=/';
    initTheme();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('stores a new choice in the SkinMode cookie', () => {
    fakeMatchMedia(false);
    initTheme();
    useThemeStore.getState().setMode('dark');
    expect(readCookie(document.cookie, 'SkinMode')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('in auto mode follows the system preference live, and stops following once a theme is chosen', () => {
    const media = fakeMatchMedia(false);
    document.cookie = 'SkinMode=auto; path=/';
    initTheme();
    expect(document.documentElement.dataset.theme).toBe('light');
    media.setDark(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    useThemeStore.getState().setMode('light');
    media.setDark(false);
    media.setDark(true);
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
