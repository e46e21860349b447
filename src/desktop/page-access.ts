/**
 * Who may load the bridge's page, which carries the WebSocket token: only a browser that opened an address the bridge
 * launched (the app window) or printed. Such an address carries a one-time secret (`/?k=…`); its first use exchanges
 * it for a session cookie (HttpOnly, SameSite=Strict, Path=/) and sends the browser on to the clean address, so the
 * secret never stays in the address bar or the history in a usable form. Any other client gets a page without the
 * token. Secrets and sessions live in memory and die with the bridge.
 */
import { randomBytes } from 'node:crypto';
import { tokenMatches } from './security.ts';

/** The query parameter of a page address that carries its one-time secret. */
export const PAGE_SECRET_PARAM = 'k';

/** Addresses handed out and not yet used; the oldest is dropped past this (nobody opens dozens at once). */
const MAX_PENDING = 16;
/** Browsers let in; the oldest session ends past this. */
const MAX_SESSIONS = 32;

const fresh = () => randomBytes(32).toString('base64url');

/** Finds `value` in `list` comparing every entry in constant time, so timing tells nothing about a near miss. */
function indexOfSecret(list: readonly string[], value: string): number {
  let found = -1;
  list.forEach((entry, i) => {
    if (tokenMatches(value, entry)) found = i;
  });
  return found;
}

/** The values of the cookie named `name` in a Cookie header (a browser may send several of one name). */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const out: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) out.push(part.slice(eq + 1).trim());
  }
  return out;
}

export class PageAccess {
  private readonly pending: string[] = [];
  private readonly sessions: string[] = [];

  /** `port` answers the port the bridge listens on (known once it listens). */
  constructor(private readonly port: () => number) {}

  /**
   * Cookies are not kept apart by port, so two bridges on one machine (two users) would overwrite each other's
   * cookie under one name: the name carries the port.
   */
  get cookieName(): string {
    return `keytune_page_${this.port()}`;
  }

  /** A new one-time address of the bridge's page. */
  address(): string {
    const secret = fresh();
    this.pending.push(secret);
    if (this.pending.length > MAX_PENDING) this.pending.shift();
    return `http://127.0.0.1:${this.port()}/?${PAGE_SECRET_PARAM}=${secret}`;
  }

  /** A new session, for a window the bridge hands its cookie directly (over the DevTools pipe). */
  openSession(): { name: string; value: string } {
    const value = fresh();
    this.sessions.push(value);
    if (this.sessions.length > MAX_SESSIONS) this.sessions.shift();
    return { name: this.cookieName, value };
  }

  /** Uses up a one-time secret: the Set-Cookie value of the session it opens, or undefined when it is not valid. */
  redeem(secret: string): string | undefined {
    const at = indexOfSecret(this.pending, secret);
    if (at < 0) return undefined;
    this.pending.splice(at, 1);
    const { name, value } = this.openSession();
    return `${name}=${value}; HttpOnly; SameSite=Strict; Path=/`;
  }

  /** True when the request's cookies hold a session this bridge opened. */
  admits(cookieHeader: string | undefined): boolean {
    return cookieValues(cookieHeader, this.cookieName).some((v) => indexOfSecret(this.sessions, v) >= 0);
  }
}
