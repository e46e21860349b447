/**
 * The bridge's HTTP and WebSocket server on 127.0.0.1: GET serves the built UI (its index.html carrying the
 * per-launch token), the WebSocket carries the bridge contract (calls and events) and the window controls. Every
 * request passes the rules of security.ts first; a refused request gets 403 (or 405 for a method other than GET and
 * HEAD) and changes nothing.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { EVENT_NAMES, serializeCallError, type Bridge } from '../contract/bridge.ts';
import { toBridgeError } from '../service/service.ts';
import {
  assertLoopbackBind,
  fetchSiteAllowed,
  hostAllowed,
  LOOPBACK,
  originAllowed,
  tokenMatches,
} from './security.ts';
import { SOCKET_PATH, TOKEN_META, TOKEN_PARAM, type FromBridge, type ToBridge, type WindowAction } from './wire.ts';

/** The app window, when the bridge opened one. */
export interface WindowHandle {
  minimize(): Promise<void>;
  toggleMaximize(): Promise<void>;
  close(): Promise<void>;
  isMaximized(): Promise<boolean>;
}

export interface ServerOptions {
  bridge: Bridge;
  token: string;
  /** The built UI (dist/); without it GET answers 404 and only the WebSocket works. */
  distDir?: string;
  /** 0 (default) takes a free port. */
  port?: number;
  host?: string;
  /** Called after each call answered (the bridge applies changed preferences). */
  afterCall?: () => void;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

function refuse(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...COMMON_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', ...extra });
  res.end(`${text}\n`);
}

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

/** The HTML of the bridge's own page: the token goes in as a meta element only this page can read. */
export function withToken(html: string, token: string): string {
  const meta = `<meta name="${TOKEN_META}" content="${token}" />`;
  return html.includes('<head>') ? html.replace('<head>', `<head>\n    ${meta}`) : `${meta}\n${html}`;
}

export interface BridgeServer {
  readonly port: number;
  readonly url: string;
  setWindow(handle: WindowHandle | undefined): void;
  /** Tells every page the window's maximized state changed. */
  windowChanged(maximized: boolean): void;
  close(): Promise<void>;
}

export async function startServer(options: ServerOptions): Promise<BridgeServer> {
  const host = options.host ?? LOOPBACK;
  assertLoopbackBind(host);
  let port = 0;
  let windowHandle: WindowHandle | undefined;
  const sockets = new Set<WebSocket>();

  /** The checks every request passes, HTTP or WebSocket: Host, Origin, where the browser says it comes from. */
  const passes = (req: IncomingMessage): boolean =>
    hostAllowed(header(req, 'host'), port) &&
    originAllowed(header(req, 'origin'), port) &&
    fetchSiteAllowed(header(req, 'sec-fetch-site'));

  async function serveFile(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://bridge');
    const dist = options.distDir;
    if (!dist) return refuse(res, 404, 'Not found');
    let rel: string;
    try {
      rel = decodeURIComponent(url.pathname);
    } catch {
      return refuse(res, 400, 'Bad request');
    }
    if (rel === '/' || rel === '/index.html') rel = '/index.html';
    const file = normalize(join(dist, rel));
    if (!file.startsWith(normalize(dist) + sep) || rel.includes('\0')) return refuse(res, 404, 'Not found');
    try {
      const info = await stat(file);
      if (!info.isFile()) return refuse(res, 404, 'Not found');
    } catch {
      return refuse(res, 404, 'Not found');
    }
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    if (rel === '/index.html') {
      const html = withToken(await readFile(file, 'utf8'), options.token);
      res.writeHead(200, { ...COMMON_HEADERS, 'Content-Type': type, 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : html);
      return;
    }
    const body = await readFile(file);
    res.writeHead(200, { ...COMMON_HEADERS, 'Content-Type': type, 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  const server: Server = createServer((req, res) => {
    if (!passes(req)) return refuse(res, 403, 'Forbidden');
    // Nothing over HTTP changes anything: state changes travel only over the WebSocket, after its checks.
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return refuse(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
    serveFile(req, res).catch((e: unknown) => {
      console.error('serving a file failed', e);
      if (!res.headersSent) refuse(res, 500, 'Internal error');
      else res.end();
    });
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 });

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://bridge');
    if (!passes(req)) return refuseUpgrade(socket, 403, 'Forbidden');
    if (url.pathname !== SOCKET_PATH) return refuseUpgrade(socket, 404, 'Not Found');
    if (!tokenMatches(url.searchParams.get(TOKEN_PARAM), options.token)) return refuseUpgrade(socket, 403, 'Forbidden');
    wss.handleUpgrade(req, socket, head, (ws) => connected(ws));
  });

  function send(ws: WebSocket, message: FromBridge): void {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  }

  async function windowState(): Promise<FromBridge> {
    const maximized = windowHandle ? await windowHandle.isMaximized().catch(() => false) : false;
    return { type: 'window', available: windowHandle !== undefined, maximized };
  }

  async function windowAction(ws: WebSocket, action: WindowAction): Promise<void> {
    const w = windowHandle;
    if (w) {
      if (action === 'minimize') await w.minimize();
      else if (action === 'toggle-maximize') await w.toggleMaximize();
      else if (action === 'close') await w.close();
    }
    const state = await windowState();
    if (action === 'toggle-maximize') for (const s of sockets) send(s, state);
    else send(ws, state);
  }

  async function handle(ws: WebSocket, message: ToBridge): Promise<void> {
    if (message.type === 'window') return windowAction(ws, message.action);
    const { id, channel, func, args } = message;
    try {
      const value = await options.bridge.call(channel, func, args);
      send(ws, { type: 'result', id, value });
    } catch (e) {
      send(ws, { type: 'result', id, error: serializeCallError(toBridgeError(e)) });
    } finally {
      options.afterCall?.();
    }
  }

  function parse(text: string): ToBridge | undefined {
    let m: unknown;
    try {
      m = JSON.parse(text);
    } catch {
      return undefined;
    }
    if (typeof m !== 'object' || m === null) return undefined;
    const o = m as Record<string, unknown>;
    if (o['type'] === 'window') {
      const a = o['action'];
      return a === 'minimize' || a === 'toggle-maximize' || a === 'close' || a === 'state'
        ? { type: 'window', action: a }
        : undefined;
    }
    if (
      o['type'] === 'call' &&
      Number.isSafeInteger(o['id']) &&
      typeof o['channel'] === 'string' &&
      typeof o['func'] === 'string' &&
      Array.isArray(o['args'])
    )
      return o as ToBridge;
    return undefined;
  }

  function connected(ws: WebSocket): void {
    sockets.add(ws);
    const unsubscribe = EVENT_NAMES.map((name) =>
      options.bridge.on(name, (payload) => send(ws, { type: 'event', name, payload })),
    );
    ws.on('message', (data, isBinary) => {
      const message = isBinary ? undefined : parse(data.toString());
      if (!message) {
        ws.close(1003, 'not a bridge message');
        return;
      }
      void handle(ws, message).catch((e: unknown) => console.error('a bridge message failed', e));
    });
    ws.on('close', () => {
      sockets.delete(ws);
      for (const u of unsubscribe) u();
    });
    void windowState().then((s) => send(ws, s));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port ?? 0, host, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    url: `http://${LOOPBACK}:${port}/`,
    setWindow(handle) {
      windowHandle = handle;
      void windowState().then((s) => {
        for (const ws of sockets) send(ws, s);
      });
    },
    windowChanged(maximized) {
      for (const ws of sockets) send(ws, { type: 'window', available: windowHandle !== undefined, maximized });
    },
    async close() {
      for (const ws of sockets) ws.terminate();
      wss.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
