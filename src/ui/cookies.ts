/**
 * The two preferences the spec keeps in cookies (Language, SkinMode) plus CheckDevPermission. Cookies rather than
 * localStorage because the desktop shells and the browser share the same reading code, and the spec fixes the
 * lifetime (999 days) and path (/).
 */

export const COOKIE_DAYS = 999;

export const COOKIE_NAMES = {
  language: 'Language',
  skinMode: 'SkinMode',
  checkDevPermission: 'CheckDevPermission',
} as const;

/** Reads one cookie from a `document.cookie` style string. */
export function readCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** The `document.cookie` assignment that stores one value for `days` days on path /. */
export function cookieAssignment(name: string, value: string, days = COOKIE_DAYS, now = Date.now()): string {
  const expires = new Date(now + days * 24 * 60 * 60 * 1000).toUTCString();
  return `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
}

export function getCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return readCookie(document.cookie, name);
}

export function setCookie(name: string, value: string, days = COOKIE_DAYS): void {
  if (typeof document === 'undefined') return;
  document.cookie = cookieAssignment(name, value, days);
}
