/**
 * The bridge refuses what a hostile web page or program on the same machine could send it. Each case is a real
 * HTTP or WebSocket request to a bridge listening on 127.0.0.1 on a random port; a refused request leaves the
 * device list as it was and carries no token. The last test counts them: all refused. (page-access.test.ts,
 * socket-errors.test.ts and runtime-file.test.ts cover the page address, broken clients and the runtime file.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridge } from '../../src/desktop/bridge.ts';
import { startServer } from '../../src/desktop/server.ts';
import { openPage, raw, tempDir, testBridge, tryWebSocket } from './helpers.ts';

type Bridge = Awaited<ReturnType<typeof testBridge>>;
let bridge: Bridge;
let port: number;
let own: string;
const refused: string[] = [];

beforeAll(async () => {
  bridge = await testBridge();
  port = bridge.server.port;
  own = `http://127.0.0.1:${port}`;
  await bridge.service.addVirtual({ displayName: 'Made68Pro', fwVer: '1.4.2' });
});
afterAll(async () => {
  await bridge.close();
});

const devices = () => bridge.service.devices().length;

/** A WebSocket attempt that must fail; counts it once it did. */
async function wsRefused(name: string, options: Parameters<typeof tryWebSocket>[1]) {
  const before = devices();
  const result = await tryWebSocket(port, options);
  if (result.opened) result.ws.close();
  expect(result.opened, name).toBe(false);
  if (!result.opened) expect(result.status, name).toBeGreaterThanOrEqual(400);
  expect(devices()).toBe(before);
  refused.push(name);
}

async function httpRefused(name: string, options: Parameters<typeof raw>[1], leak = bridge.token) {
  const before = devices();
  const answer = await raw(port, options);
  expect(answer.status, name).toBeGreaterThanOrEqual(400);
  expect(answer.body, name).not.toContain(leak);
  expect(devices()).toBe(before);
  refused.push(name);
}

describe('the bridge answers its own page', () => {
  it('serves index.html with the token to the browser that opened its address, and opens the WebSocket for it', async () => {
    const page = await openPage(port, bridge.url);
    expect(page.status).toBe(200);
    expect(page.body).toContain(bridge.token);
    expect(page.headers['x-frame-options']).toBe('DENY');
    const ws = await tryWebSocket(port, { origin: own, token: bridge.token });
    expect(ws.opened).toBe(true);
    if (ws.opened) ws.ws.close();
  });
});

describe('hostile requests are refused', () => {
  it('1. WebSocket with a rebinding Host (evil.example)', () =>
    wsRefused('rebinding Host', {
      host: `evil.example:${port}`,
      origin: `http://evil.example:${port}`,
      token: bridge.token,
    }));
  it('2. WebSocket with a look-alike Host (127.0.0.1.evil.example)', () =>
    wsRefused('look-alike Host', { host: `127.0.0.1.evil.example:${port}`, origin: own, token: bridge.token }));
  it('3. WebSocket with the Host of another port', () =>
    wsRefused('Host of another port', { host: `127.0.0.1:${port + 1}`, origin: own, token: bridge.token }));
  it('4. WebSocket from a suffixed look-alike Origin', () =>
    wsRefused('suffixed Origin', { origin: `${own}.evil.example`, token: bridge.token }));
  it('5. WebSocket from a prefixed look-alike Origin', () =>
    wsRefused('prefixed Origin', { origin: `http://evil127.0.0.1:${port}`, token: bridge.token }));
  it('6. WebSocket from the null Origin (sandboxed frame, file:)', () =>
    wsRefused('null Origin', { origin: 'null', token: bridge.token }));
  it('7. WebSocket from https on the same host and port', () =>
    wsRefused('other scheme', { origin: `https://127.0.0.1:${port}`, token: bridge.token }));
  it('8. WebSocket from the same host on another port', () =>
    wsRefused('other port Origin', { origin: `http://127.0.0.1:${port + 1}`, token: bridge.token }));
  it('9. WebSocket from a cross-origin site', () =>
    wsRefused('cross-origin', { origin: 'https://evil.example', token: bridge.token }));
  it('10. WebSocket from the right Origin without a token', () =>
    wsRefused('missing token', { origin: own, token: null }));
  it('11. WebSocket from the right Origin with a wrong token', () =>
    wsRefused('wrong token', { origin: own, token: 'A'.repeat(bridge.token.length) }));
  it('12. WebSocket with the token plus extra characters', () =>
    wsRefused('token prefix', { origin: own, token: `${bridge.token}x` }));
  it('13. WebSocket without an Origin and without a token (a program)', () =>
    wsRefused('program without token', { token: null }));
  it('14. WebSocket on another path', () => wsRefused('other path', { origin: own, token: bridge.token, path: '/' }));

  it('15. GET / with a rebinding Host does not hand out the token', () =>
    httpRefused('GET with rebinding Host', { headers: { Host: `evil.example:${port}` } }));
  it('16. GET / from a cross-origin page', () =>
    httpRefused('GET cross-origin', { headers: { Origin: 'https://evil.example' } }));
  it('17. GET / fetched cross-site (Sec-Fetch-Site)', () =>
    httpRefused('GET cross-site', { headers: { 'Sec-Fetch-Site': 'cross-site' } }));
  it('18. GET / without a Host header', () => httpRefused('GET without Host', { setHost: false, headers: {} }));
  it('19. GET with side effects (a call in the query) changes nothing', async () => {
    const q = new URLSearchParams({ channel: 'app_info', func: 'add_virtual_device', display_name: 'Made68Pro' });
    await httpRefused('GET with side effects', { path: `/bridge?${q}&token=${bridge.token}` });
  });
  it('20. POST of a call, even with the token', () =>
    httpRefused('POST call', {
      method: 'POST',
      path: `/bridge?token=${bridge.token}`,
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ type: 'call', id: 1, channel: 'app_info', func: 'remove_device', args: [] }),
    }));
  it('21. DELETE from the right origin', () => httpRefused('DELETE', { method: 'DELETE', headers: { Origin: own } }));
  it('22. a file outside the UI (path traversal)', () =>
    httpRefused('path traversal', { path: '/../secret.txt' }, 'outside the UI'));
  it('23. a non-loopback bind attempt (0.0.0.0) does not listen', async () => {
    const dir = tempDir();
    await expect(startBridge({ dataDir: dir.path, hid: null, host: '0.0.0.0' })).rejects.toThrow(/127\.0\.0\.1/);
    await expect(startServer({ bridge: bridge.service, token: 't', host: '::' })).rejects.toThrow(/127\.0\.0\.1/);
    dir.remove();
    refused.push('non-loopback bind');
  });

  it('24. GET / from another program on the machine (no page address, no cookie)', () =>
    httpRefused('GET without the page address', { path: '/' }));
  it('25. GET / with a page address already used', async () => {
    const address = bridge.url;
    await openPage(port, address);
    await httpRefused('page address used twice', { path: new URL(address).pathname + new URL(address).search });
  });
  it('26. GET / with a forged session cookie', () =>
    httpRefused('forged cookie', { path: '/', headers: { Cookie: `keytune_page_${port}=${bridge.token}` } }));

  it('refuses every one of them', () => {
    expect(refused.length).toBeGreaterThanOrEqual(26);
    expect(new Set(refused).size).toBe(refused.length);
  });
});
