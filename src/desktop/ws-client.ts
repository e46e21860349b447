/**
 * The bridge contract over the bridge's WebSocket, for Node programs (the command line): a `Bridge` the typed client
 * wraps, like the page's desktop host. It sends no Origin (it is not a web page) and needs the per-launch token,
 * which the running bridge leaves for its user in the data folder (runtime-file.ts); connect only to a bridge that
 * findRunningBridge has found, so the token never goes to a program posing as the bridge.
 */
import WebSocket from 'ws';
import { BridgeCallError, callErrorFrom, type Bridge, type EventName, type Listener } from '../contract/bridge.ts';
import { LOOPBACK } from './security.ts';
import { SOCKET_PATH, TOKEN_PARAM, type FromBridge, type ToBridge, type WindowAction } from './wire.ts';

export interface SocketBridge extends Bridge {
  window(action: WindowAction): void;
  /** A new one-time address of the bridge's page, for a window or a browser of this user. */
  pageAddress(): Promise<string>;
  close(): Promise<void>;
}

export function connectBridge(options: { port: number; token: string; timeoutMs?: number }): Promise<SocketBridge> {
  const url = `ws://${LOOPBACK}:${options.port}${SOCKET_PATH}?${TOKEN_PARAM}=${encodeURIComponent(options.token)}`;
  const ws = new WebSocket(url, { handshakeTimeout: options.timeoutMs ?? 3000 });
  let next = 1;
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  const listeners = new Map<string, Set<Listener>>();
  /** Callers of pageAddress(), answered in order. */
  const addresses: { resolve(url: string): void; reject(e: Error): void }[] = [];

  const failAll = (why: string) => {
    for (const w of waiting.values()) w.reject(new BridgeCallError('err.dev.disconnected', why));
    waiting.clear();
    for (const a of addresses.splice(0)) a.reject(new Error(why));
  };

  ws.on('message', (data) => {
    let m: FromBridge;
    try {
      m = JSON.parse(data.toString()) as FromBridge;
    } catch {
      return void ws.close(1003, 'not a bridge message');
    }
    if (m.type === 'result') {
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (!w) return;
      if (m.error) {
        const e = m.error;
        w.reject(callErrorFrom(e));
      } else w.resolve(m.value);
    } else if (m.type === 'event') {
      for (const l of [...(listeners.get(m.name) ?? [])]) l(m.payload);
    } else if (m.type === 'page-address') {
      addresses.shift()?.resolve(m.url);
    }
  });
  ws.on('close', () => failAll('the bridge closed the connection'));

  const bridge: SocketBridge = {
    call(channel, func, args = []) {
      const id = next++;
      return new Promise((resolve, reject) => {
        if (ws.readyState !== ws.OPEN) return reject(new BridgeCallError('err.dev.disconnected', 'not connected'));
        waiting.set(id, { resolve, reject });
        ws.send(JSON.stringify({ type: 'call', id, channel, func, args: [...args] } satisfies ToBridge));
      });
    },
    on(event: EventName, listener: Listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
    pageAddress() {
      return new Promise((resolve, reject) => {
        if (ws.readyState !== ws.OPEN) return reject(new Error('not connected'));
        addresses.push({ resolve, reject });
        ws.send(JSON.stringify({ type: 'page-address' } satisfies ToBridge));
      });
    },
    window(action) {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'window', action } satisfies ToBridge));
    },
    close() {
      return new Promise((resolve) => {
        if (ws.readyState === ws.CLOSED) return resolve();
        ws.once('close', () => resolve());
        ws.close();
      });
    },
  };

  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(bridge));
    ws.once('unexpected-response', (_req, res) => {
      reject(new Error(`the bridge refused the connection (HTTP ${res.statusCode ?? '?'})`));
      ws.terminate();
    });
    // Kept after the opening: a later error closes the socket (and fails what waits) instead of throwing.
    ws.on('error', (e) => reject(e));
  });
}
