/**
 * Messages of the bridge's WebSocket, JSON text, one per frame. The page (src/ui/host/desktop.ts) and the command
 * line (ws-client.ts) speak them; tests/desktop checks both ends against the server.
 */
export type WindowAction = 'minimize' | 'toggle-maximize' | 'close' | 'state';

export type ToBridge =
  | { type: 'call'; id: number; channel: string; func: string; args: string[] }
  | { type: 'window'; action: WindowAction }
  /** Asks for a new one-time address of the page (a second `npm run desktop` opens a window with it). */
  | { type: 'page-address' };

export interface WireError {
  toastKey: string;
  message: string;
  args: string[];
  toastType: 1 | 2;
  toastDelay: number;
}

export type FromBridge =
  | { type: 'result'; id: number; value?: unknown; error?: WireError }
  | { type: 'event'; name: string; payload: unknown }
  | { type: 'window'; available: boolean; maximized: boolean }
  | { type: 'page-address'; url: string };

/** The query parameter carrying the per-launch token on the WebSocket's address. */
export const TOKEN_PARAM = 'token';
/** The WebSocket's path. */
export const SOCKET_PATH = '/bridge';
/** The meta element through which the bridge hands its page the token. */
export const TOKEN_META = 'keytune-bridge-token';
