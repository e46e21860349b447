/**
 * The bridge's HTTP and WebSocket server on 127.0.0.1: GET serves the built UI, the WebSocket carries the bridge
 * contract (calls and events) and the window controls. Every request passes the rules of security.ts first; a
 * refused request gets 403 (or 405 for a method other than GET and HEAD) and changes nothing. The page, which
 * carries the WebSocket token, goes only to a browser holding an address the bridge gave out (page-access.ts); on
 * Linux a connection from another user is closed before it is read (peer-user.ts). A client that breaks HTTP or the
 * WebSocket protocol, or resets its connection, loses that connection and nothing else.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { EVENT_NAMES, serializeCallError, type Bridge } from '../contract/bridge.ts';
import { FIRMWARE_SLOT_SIZE } from '../protocol/firmware-image.ts';
import { toBridgeError } from '../service/service.ts';
import { LOCKED_PAGE } from './locked-page.ts';
import { PAGE_SECRET_PARAM, PageAccess } from './page-access.ts';
import { checkPeer } from './peer-user.ts';
import { NONCE_PARAM, PROOF_PATH, proofOf, validNonce } from './runtime-file.ts';
import {
  assertLoopbackBind,
  fetchSiteAllowed,
  hostAllowed,
  LOOPBACK,
  originAllowed,
  tokenMatches,
} from './security.ts';
import { COMMON_HEADERS, distFile, refuse, sendHtml, serveAsset } from './static-files.ts';
import { SOCKET_PATH, TOKEN_META, TOKEN_PARAM, type FromBridge, type ToBridge, type WindowAction } from './wire.ts';

/**
 * The largest WebSocket message the bridge reads. The largest legitimate one is a firmware package (run_other_func
 * --cmd flash --mg FILES), whose images travel as base64 inside the JSON message: an image is at most one slot of
 * the device (FIRMWARE_SLOT_SIZE, 1 MiB; larger ones are refused anyway), 4/3 of that as base64. Room for five
 * full-size images and 1 MiB of the rest: about 7.7 MiB. A longer frame closes the connection with 1009.
 */
const FULL_SIZE_IMAGES = 5;
export const MAX_MESSAGE_BYTES = FULL_SIZE_IMAGES * Math.ceil(FIRMWARE_SLOT_SIZE / 3) * 4 + 1024 * 1024;

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
  /** The runtime file's secret: the bridge answers `GET /proof?nonce=N` with its HMAC (runtime-file.ts). */
  proofSecret?: string;
}

/** Answers a refused upgrade on the raw socket; a client that already reset it costs nothing. */
function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  if (!socket.writable) return void socket.destroy();
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

const guarded = new WeakSet<Duplex>();

/**
 * A socket that errs (reset by its client, mostly) is closed quietly: an 'error' without a listener would crash.
 * Once per socket (a kept-alive connection carries many requests, then perhaps an upgrade).
 */
function quietOnError(socket: Duplex): void {
  if (guarded.has(socket)) return;
  guarded.add(socket);
  socket.on('error', () => socket.destroy());
}

/** A browser fetching an address ahead of the person (prefetch, prerender) must not use up its one-time secret. */
function speculative(req: IncomingMessage): boolean {
  const purpose = [req.headers['sec-purpose'], req.headers['purpose'], req.headers['x-moz']].join(' ');
  return /prefetch|prerender/i.test(purpose);
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
  /** The page's plain address; a browser gets in only through an address of pageAddress(). */
  readonly url: string;
  /** A new one-time address of the page, to print or to open in a browser (page-access.ts). */
  pageAddress(): string;
  /** A new session cookie for the app window the bridge opens and hands it over the DevTools pipe. */
  windowCookie(): { name: string; value: string };
  setWindow(handle: WindowHandle | undefined): void;
  /** Tells every page the window's maximized state changed. */
  windowChanged(maximized: boolean): void;
  close(): Promise<void>;
}

export async function startServer(options: ServerOptions): Promise<BridgeServer> {
  const host = options.host ?? LOOPBACK;
  assertLoopbackBind(host);
  let port = 0;
  const access = new PageAccess(() => port);
  let windowHandle: WindowHandle | undefined;
  let warnedPeer = false;
  const sockets = new Set<WebSocket>();

  /** The checks every request passes, HTTP or WebSocket: Host, Origin, where the browser says it comes from. */
  const passes = (req: IncomingMessage): boolean =>
    hostAllowed(header(req, 'host'), port) &&
    originAllowed(header(req, 'origin'), port) &&
    fetchSiteAllowed(header(req, 'sec-fetch-site'));

  /** The page: with the token for a browser the bridge let in, else the page that says where to open Keytune. */
  async function servePage(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const head = req.method === 'HEAD';
    const locked = () => sendHtml(res, 403, LOCKED_PAGE, head);
    const file = options.distDir ? await distFile(options.distDir, '/index.html') : undefined;
    if (!file) return refuse(res, 404, 'Not found');
    const admitted = access.admits(header(req, 'cookie'));
    const secret = url.searchParams.get(PAGE_SECRET_PARAM);
    if (secret !== null) {
      url.searchParams.delete(PAGE_SECRET_PARAM);
      const clean = `/${url.search}`;
      const onward = (extra: Record<string, string>) => {
        res.writeHead(303, { ...COMMON_HEADERS, Location: clean, 'Cache-Control': 'no-store', ...extra });
        res.end();
      };
      if (admitted) return onward({});
      // Only the person's own visit uses the address up: not a HEAD, not a browser fetching ahead of them.
      if (head) return locked();
      if (speculative(req)) return refuse(res, 503, 'Not now', { 'Cache-Control': 'no-store' });
      const cookie = access.redeem(secret);
      return cookie ? onward({ 'Set-Cookie': cookie }) : locked();
    }
    if (!admitted) return locked();
    sendHtml(res, 200, withToken(await readFile(file, 'utf8'), options.token), head);
  }

  /** Proves to the command line that this is the bridge that wrote the runtime file; tells nothing else. */
  function serveProof(res: ServerResponse, url: URL): void {
    const nonce = url.searchParams.get(NONCE_PARAM);
    if (!options.proofSecret || !validNonce(nonce)) return refuse(res, 404, 'Not found');
    res.writeHead(200, { ...COMMON_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(proofOf(options.proofSecret, port, nonce));
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://bridge');
    if (url.pathname === PROOF_PATH) return serveProof(res, url);
    if (url.pathname === '/' || url.pathname === '/index.html') return servePage(req, res, url);
    if (!options.distDir) return refuse(res, 404, 'Not found');
    return serveAsset(res, options.distDir, url.pathname, req.method === 'HEAD');
  }

  const server: Server = createServer((req, res) => {
    quietOnError(req.socket);
    if (!passes(req)) return refuse(res, 403, 'Forbidden');
    // Nothing over HTTP changes anything: state changes travel only over the WebSocket, after its checks.
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return refuse(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
    serve(req, res).catch((e: unknown) => {
      console.error('serving a file failed', e);
      if (!res.headersSent) refuse(res, 500, 'Internal error');
      else res.end();
    });
  });

  // Before a byte is read: on Linux, a connection from another user of the machine is closed.
  server.on('connection', (socket: Socket) => {
    quietOnError(socket);
    const peer = checkPeer(socket);
    if (peer === 'other-user') socket.destroy();
    else if (peer === 'unknown' && process.platform === 'linux' && !warnedPeer) {
      warnedPeer = true;
      console.warn('/proc/net/tcp is not readable: connections from other users cannot be told apart');
    }
  });

  // A malformed request, or a client that reset its connection: that connection ends, the bridge goes on.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    quietOnError(socket);
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node hands the raw socket over without its own error listener.
    quietOnError(socket);
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
    if (message.type === 'page-address') {
      return send(ws, { type: 'page-address', url: access.address() });
    }
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
    if (o['type'] === 'page-address') return { type: 'page-address' };
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
    // A frame that breaks the protocol (bad UTF-8, too long, unmasked, reserved bits or opcodes): ws closes the
    // connection with 1002, 1007 or 1009 after this; without a listener the error would stop the bridge.
    ws.on('error', () => undefined);
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
    pageAddress: () => access.address(),
    windowCookie: () => access.openSession(),
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
