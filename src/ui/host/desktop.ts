/**
 * The desktop host: the page the local bridge serves (src/desktop) reaches the device service over the bridge's
 * WebSocket, with the per-launch token the bridge put in this page's index.html, and the app window's controls
 * through the same socket. Screens see only the Host interface, so another desktop shell (Electron, Tauri) is one
 * more implementation of it, chosen in createHost.
 */
import { BridgeCallError, callErrorFrom, type Bridge, type EventName, type Listener } from '../../contract/bridge.ts';
import type { Host, HostKind, Platform, WindowControls } from '../host-types.ts';

/** The meta element carrying the bridge's per-launch token (src/desktop/wire.ts TOKEN_META). */
export const TOKEN_META = 'keytune-bridge-token';
const SOCKET_PATH = '/bridge';

/** The token of the bridge that served this page, or undefined in the browser host. */
export function bridgeToken(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${TOKEN_META}"]`);
  return meta?.content || undefined;
}

type Incoming =
  | {
      type: 'result';
      id: number;
      value?: unknown;
      error?: { toastKey: string; message: string; args: string[]; toastType: 1 | 2; toastDelay: number };
    }
  | { type: 'event'; name: string; payload: unknown }
  | { type: 'window'; available: boolean; maximized: boolean };

type WindowAction = 'minimize' | 'toggle-maximize' | 'close' | 'state';

export interface DesktopHostOptions {
  token: string;
  /** The WebSocket address without the token; by default the bridge that served the page. */
  url?: string;
  platform: Platform;
  /** The WebSocket class (the page's own by default). */
  WebSocketImpl?: typeof WebSocket;
}

/** The desktop host reaches devices through the bridge: no permission prompt, the list is the bridge's. */
export const BRIDGE_HOST_KIND: HostKind = 'bridge';

export function createDesktopHost(options: DesktopHostOptions): Promise<Host> {
  const Impl = options.WebSocketImpl ?? WebSocket;
  const base = options.url ?? `ws://${location.host}${SOCKET_PATH}`;
  const ws = new Impl(`${base}?token=${encodeURIComponent(options.token)}`);
  let next = 1;
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  const listeners = new Map<string, Set<Listener>>();
  const windowListeners = new Set<(maximized: boolean) => void>();
  let maximized = false;
  let firstWindowState: ((available: boolean) => void) | undefined;

  const send = (message: unknown) => {
    if (ws.readyState === Impl.OPEN) ws.send(JSON.stringify(message));
  };

  ws.addEventListener('message', (event: MessageEvent) => {
    const m = JSON.parse(String(event.data)) as Incoming;
    if (m.type === 'result') {
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (!w) return;
      if (m.error) {
        const e = m.error;
        w.reject(callErrorFrom(e));
      } else w.resolve(m.value);
    } else if (m.type === 'event') {
      for (const l of [...(listeners.get(m.name) ?? [])]) {
        try {
          l(m.payload);
        } catch (err) {
          console.error(`listener of ${m.name} failed`, err);
        }
      }
    } else if (m.type === 'window') {
      firstWindowState?.(m.available);
      firstWindowState = undefined;
      if (m.maximized !== maximized) {
        maximized = m.maximized;
        for (const l of [...windowListeners]) l(maximized);
      }
    }
  });
  ws.addEventListener('close', () => {
    for (const w of waiting.values()) w.reject(new BridgeCallError('err.dev.disconnected', 'the bridge has stopped'));
    waiting.clear();
  });

  const bridge: Bridge = {
    call(channel, func, args = []) {
      const id = next++;
      return new Promise((resolve, reject) => {
        if (ws.readyState !== Impl.OPEN)
          return reject(new BridgeCallError('err.dev.disconnected', 'the bridge has stopped'));
        waiting.set(id, { resolve, reject });
        send({ type: 'call', id, channel, func, args: [...args] });
      });
    },
    on(event: EventName, listener: Listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };

  const action = (a: WindowAction) => send({ type: 'window', action: a });
  const windowControls: WindowControls = {
    minimize: () => action('minimize'),
    toggleMaximize: () => action('toggle-maximize'),
    close: () => action('close'),
    isMaximized: () => maximized,
    onMaximizedChange(cb) {
      windowListeners.add(cb);
      return () => windowListeners.delete(cb);
    },
    // The app window keeps the system's frame, which moves it; the title bar's drag has nothing to hand over.
    startDrag: () => undefined,
  };

  return new Promise<Host>((resolve, reject) => {
    // The bridge tells at once whether it has a window to control; the host offers controls only then.
    firstWindowState = (available) =>
      resolve({
        bridge,
        hasWebHid: false,
        platform: options.platform,
        hostKind: BRIDGE_HOST_KIND,
        ...(available ? { windowControls } : {}),
        async requestHidDevice() {
          // The bridge sees every keyboard plugged in; there is no permission to ask for.
        },
      });
    ws.addEventListener('error', () => reject(new Error('the Keytune bridge did not accept this page')));
    ws.addEventListener('close', () => reject(new Error('the Keytune bridge closed the connection')));
  });
}
