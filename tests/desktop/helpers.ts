/** Shared set-up of the desktop tests: a bridge on 127.0.0.1 with a throw-away data folder, and raw requests to it. */
import { mkdtempSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startBridge, type BridgeOptions, type RunningBridge } from '../../src/desktop/bridge.ts';
import { LINK_PRESETS } from '../../src/transport/types.ts';

export function tempDir(prefix = 'keytune-test-'): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** A tiny built UI: an index.html and one asset. */
export function fakeDist(root: string): string {
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Keytune</title></head><body></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("app");');
  writeFileSync(join(root, 'secret.txt'), 'outside the UI');
  return dist;
}

export async function testBridge(more: Partial<BridgeOptions> = {}): Promise<RunningBridge & { dir: string }> {
  const dir = tempDir();
  const bridge = await startBridge({
    dataDir: join(dir.path, 'data'),
    distDir: fakeDist(dir.path),
    link: LINK_PRESETS.instant,
    hid: null,
    ...more,
  });
  const close = bridge.close.bind(bridge);
  // Assigned onto the bridge rather than spread: `url` is a getter that hands out a new page address each time.
  return Object.assign(bridge, {
    dir: dir.path,
    async close() {
      await close();
      dir.remove();
    },
  });
}

export interface RawAnswer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** An HTTP request with exactly the headers given (Host included), as a hostile page or program could send. */
export function raw(
  port: number,
  options: { method?: string; path?: string; headers?: Record<string, string>; body?: string; setHost?: boolean },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path ?? '/',
        headers: options.headers ?? {},
        setHost: options.setHost ?? !(options.headers && 'Host' in options.headers),
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    if (options.body) req.write(options.body);
    req.end();
  });
}

/** Opens the bridge's WebSocket; resolves 'open' or the HTTP status it was refused with. */
export function tryWebSocket(
  port: number,
  options: { path?: string; origin?: string; host?: string; token?: string | null },
): Promise<{ opened: true; ws: WebSocket } | { opened: false; status: number }> {
  const query =
    options.token === null || options.token === undefined ? '' : `?token=${encodeURIComponent(options.token)}`;
  const ws = new WebSocket(`ws://127.0.0.1:${port}${options.path ?? '/bridge'}${query}`, {
    ...(options.origin !== undefined ? { origin: options.origin } : {}),
    ...(options.host !== undefined ? { headers: { Host: options.host } } : {}),
  });
  return new Promise((resolve) => {
    ws.on('open', () => resolve({ opened: true, ws }));
    ws.on('unexpected-response', (_req, res) => {
      resolve({ opened: false, status: res.statusCode ?? 0 });
      res.resume();
      ws.terminate();
    });
    ws.on('error', () => resolve({ opened: false, status: 0 }));
  });
}

/** A bridge client over a raw WebSocket: numbered calls and their answers. */
export function socketCaller(ws: WebSocket) {
  let next = 1;
  const events: { name: string; payload: unknown }[] = [];
  const waiting = new Map<number, (m: { value?: unknown; error?: { toastKey: string } }) => void>();
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString()) as { type: string; id: number; name: string; payload: unknown };
    if (m.type === 'result') waiting.get(m.id)?.(m as never);
    else if (m.type === 'event') events.push({ name: m.name, payload: m.payload });
  });
  return {
    events,
    call(channel: string, func: string, args: string[] = []) {
      const id = next++;
      return new Promise<{ value?: unknown; error?: { toastKey: string } }>((resolve) => {
        waiting.set(id, resolve);
        ws.send(JSON.stringify({ type: 'call', id, channel, func, args }));
      });
    },
  };
}

/** The one-time secret of a page address the bridge hands out (`http://127.0.0.1:PORT/?k=…`). */
export function pageSecret(address: string): string {
  const secret = new URL(address).searchParams.get('k');
  if (!secret) throw new Error(`${address} carries no page secret`);
  return secret;
}

/** The `name=value` part of the Set-Cookie of an answer, as a browser would send it back. */
export function cookieOf(answer: RawAnswer): string {
  const set = answer.headers['set-cookie'];
  const first = Array.isArray(set) ? set[0] : set;
  if (!first) throw new Error('the answer sets no cookie');
  return first.split(';')[0]!;
}

/** Opens the bridge's WebSocket page the way a browser that holds the address does: secret, cookie, then the page. */
export async function openPage(port: number, address: string): Promise<RawAnswer> {
  const first = await raw(port, { path: `/?k=${encodeURIComponent(pageSecret(address))}` });
  if (first.status !== 303) throw new Error(`the page secret was refused (${first.status})`);
  return raw(port, { path: '/', headers: { Cookie: cookieOf(first) } });
}
