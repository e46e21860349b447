/**
 * The bridge's rules for who may talk to it. Any web page the person opens can send requests to 127.0.0.1, so the
 * bridge answers only its own page:
 * - it listens on 127.0.0.1 and nowhere else;
 * - the Host header must name the bridge exactly (127.0.0.1:port or localhost:port), which defeats DNS rebinding
 *   (a hostile name that resolves to 127.0.0.1 still sends its own name);
 * - an Origin, when present, must equal one of the bridge's own origins, compared as whole strings (no prefix,
 *   suffix or substring match; "null" is refused);
 * - the WebSocket needs the per-launch token, which only the bridge's own page receives (inside its index.html), and
 *   the page goes only to a browser holding an address the bridge gave out (page-access.ts);
 * - on Linux, a connection from another user of the machine is closed before it is read (peer-user.ts);
 * - GET only reads files of the built UI; nothing changes state except calls over the WebSocket.
 */
import { timingSafeEqual, randomBytes } from 'node:crypto';

export const LOOPBACK = '127.0.0.1';

/** A fresh per-launch token: 32 random bytes, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function allowedHosts(port: number): string[] {
  return [`${LOOPBACK}:${port}`, `localhost:${port}`];
}

export function allowedOrigins(port: number): string[] {
  return allowedHosts(port).map((h) => `http://${h}`);
}

/** Only a loopback address of IPv4 is accepted for listening. */
export function assertLoopbackBind(host: string): void {
  if (host !== LOOPBACK) throw new Error(`the bridge listens on ${LOOPBACK} only, not on "${host}"`);
}

export function hostAllowed(host: string | undefined, port: number): boolean {
  return host !== undefined && allowedHosts(port).includes(host.toLowerCase());
}

/** No Origin is a non-browser client (the command line), which still needs the token; any Origin must match exactly. */
export function originAllowed(origin: string | undefined, port: number): boolean {
  return origin === undefined || allowedOrigins(port).includes(origin);
}

export function tokenMatches(given: string | null | undefined, token: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A browser tells where a request comes from; anything but the bridge's own page or a typed address is refused. */
export function fetchSiteAllowed(site: string | undefined): boolean {
  return site === undefined || site === 'same-origin' || site === 'none';
}
