/**
 * Who gets the bridge's page (and with it the WebSocket token): only the browser that opens an address the bridge
 * launched or printed. The address carries a one-time secret, exchanged on first use for an HttpOnly, SameSite=Strict
 * cookie; anyone else (another program, another user on the machine) gets a page without the token that says where
 * to open Keytune. On Linux, a connection from another user is refused outright.
 */
import { spawn } from 'node:child_process';
import { connect, createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peerUid, tcpSocketUid } from '../../src/desktop/peer-user.ts';
import { connectBridge } from '../../src/desktop/ws-client.ts';
import { cookieOf, pageSecret, raw, testBridge } from './helpers.ts';

type Bridge = Awaited<ReturnType<typeof testBridge>>;
let bridge: Bridge;
let port: number;

beforeAll(async () => {
  bridge = await testBridge();
  port = bridge.server.port;
});
afterAll(async () => {
  await bridge.close();
});

describe('the page without the address the bridge gave out', () => {
  it('GET / from a program (no Origin, no cookie, no secret) gets no token, and is told where to open Keytune', async () => {
    const page = await raw(port, { path: '/' });
    expect(page.status).toBe(403);
    expect(page.body).not.toContain(bridge.token);
    expect(page.body).not.toContain('keytune-bridge-token');
    expect(page.body).toContain('Open Keytune from the address it printed');
    expect(page.body).toContain('请打开 Keytune 打印的地址');
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('GET /index.html and a wrong or made-up secret or cookie get no token either', async () => {
    for (const request of [
      { path: '/index.html' },
      { path: '/?k=' },
      { path: `/?k=${'A'.repeat(43)}` },
      { path: '/', headers: { Cookie: `keytune_page_${port}=${'A'.repeat(43)}` } },
      { path: '/', headers: { Cookie: `keytune_page_${port}=${bridge.token}` } },
    ]) {
      const page = await raw(port, request);
      expect(page.status, request.path).toBe(403);
      expect(page.body, request.path).not.toContain(bridge.token);
    }
  });
});

describe('the address the bridge launched or printed', () => {
  it('works once: the secret becomes an HttpOnly SameSite=Strict cookie and the browser goes to the clean address', async () => {
    const address = bridge.url;
    expect(address).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/\\?k=[A-Za-z0-9_-]{43}$`));
    const first = await raw(port, { path: `/?k=${pageSecret(address)}` });
    expect(first.status).toBe(303);
    expect(first.headers['location']).toBe('/');
    expect(first.body).not.toContain(bridge.token);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\//);
    expect(cookieOf(first)).not.toContain(pageSecret(address));

    // The page, with the cookie: the token in its meta element, as the UI's desktop host reads it.
    const page = await raw(port, { path: '/', headers: { Cookie: cookieOf(first) } });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<meta name="keytune-bridge-token" content="${bridge.token}" />`);
    // A reload (the cookie again) works as often as the page needs.
    expect((await raw(port, { path: '/', headers: { Cookie: cookieOf(first) } })).status).toBe(200);

    // The same address a second time is refused, and hands out nothing.
    const again = await raw(port, { path: `/?k=${pageSecret(address)}` });
    expect(again.status).toBe(403);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.body).not.toContain(bridge.token);
  });

  it('keeps the other query parameters of the address when it drops the secret', async () => {
    const answer = await raw(port, { path: `/?preview=1&k=${pageSecret(bridge.url)}` });
    expect(answer.status).toBe(303);
    expect(answer.headers['location']).toBe('/?preview=1');
  });

  it('is not used up by a browser prefetching or prerendering it', async () => {
    const address = bridge.url;
    const prefetch = await raw(port, { path: `/?k=${pageSecret(address)}`, headers: { 'Sec-Purpose': 'prefetch' } });
    expect(prefetch.status).toBe(503);
    expect(prefetch.headers['set-cookie']).toBeUndefined();
    expect((await raw(port, { path: `/?k=${pageSecret(address)}` })).status).toBe(303);
  });

  it('a running bridge hands a new address to its own user (npm run desktop a second time)', async () => {
    const socket = await connectBridge({ port, token: bridge.token });
    try {
      const address = await socket.pageAddress();
      expect(address).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/\\?k=`));
      expect((await raw(port, { path: `/?k=${pageSecret(address)}` })).status).toBe(303);
    } finally {
      await socket.close();
    }
  });

  it('a HEAD of the address does not use it up', async () => {
    const address = bridge.url;
    const head = await raw(port, { method: 'HEAD', path: `/?k=${pageSecret(address)}` });
    expect(head.status).toBe(403);
    expect((await raw(port, { path: `/?k=${pageSecret(address)}` })).status).toBe(303);
  });
});

const linux = process.platform === 'linux';
const root = process.getuid?.() === 0;

describe.skipIf(!linux)('the user of a connection (Linux, /proc/net/tcp)', () => {
  it('reads the owner of the client end of a loopback connection', () => {
    const table = [
      '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
      '   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 1 1 0',
      '   1: 0100007F:1F90 0100007F:D431 01 00000000:00000000 00:00000000 00000000  1000        0 2 1 0',
      '   2: 0100007F:D431 0100007F:1F90 01 00000000:00000000 00:00000000 00000000  1001        0 3 1 0',
      '   3: 0100007F:D431 0500000A:1F90 01 00000000:00000000 00:00000000 00000000  1002        0 4 1 0',
    ].join('\n');
    // The client at 127.0.0.1:54321 (0xD431) talking to the bridge at 127.0.0.1:8080 (0x1F90) is user 1001; the
    // same local port towards another host (10.0.0.5) is someone else's connection and is not taken for it.
    expect(tcpSocketUid(table, { address: '127.0.0.1', port: 54321 }, { address: '127.0.0.1', port: 8080 }, 'LE')).toBe(
      1001,
    );
    expect(tcpSocketUid(table, { address: '127.0.0.1', port: 54322 }, { address: '127.0.0.1', port: 8080 }, 'LE')).toBe(
      undefined,
    );
    const big = table.replace(/0100007F/g, '7F000001');
    expect(tcpSocketUid(big, { address: '127.0.0.1', port: 54321 }, { address: '127.0.0.1', port: 8080 }, 'BE')).toBe(
      1001,
    );
  });

  it('finds this process as the user of its own loopback connection', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const seen = new Promise<number | undefined>((resolve) => server.once('connection', (s) => resolve(peerUid(s))));
    const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
    try {
      expect(await seen).toBe(process.getuid!());
    } finally {
      client.destroy();
      server.close();
    }
  });

  it.skipIf(!root)('refuses another user even with a valid page address, which stays valid for its owner', async () => {
    const address = bridge.url;
    // As user nobody: the request another account on the machine would send.
    const script = `
      const s = require('node:net').connect(${port}, '127.0.0.1', () =>
        s.write('GET /?k=${pageSecret(address)} HTTP/1.1\\r\\nHost: 127.0.0.1:${port}\\r\\nConnection: close\\r\\n\\r\\n'));
      let got = '';
      s.on('data', (d) => (got += d));
      s.on('error', () => {});
      s.on('close', () => { process.stdout.write(got.split('\\r\\n')[0] || 'closed'); });`;
    const answer = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['-e', script], { uid: 65534, gid: 65534, cwd: '/' });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.on('error', reject);
      child.on('exit', () => resolve(out));
    });
    expect(answer).toBe('closed');
    // Its try did not use the address up.
    expect((await raw(port, { path: `/?k=${pageSecret(address)}` })).status).toBe(303);
  });
});
