/**
 * The command line trusts the runtime file (bridge.json) only when the bridge it names is alive and proves it is the
 * one that wrote it: it answers a fresh nonce with its HMAC under the file's secret before the command line sends it
 * the token. A file left by a crash, or a port taken over by another program posing as the bridge, is ignored (the
 * command line runs on its own) and the stale file removed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { runCli } from '../../src/cli/main.ts';
import { RUNTIME_FILE } from '../../src/desktop/bridge.ts';
import { findRunningBridge, proofOf } from '../../src/desktop/runtime-file.ts';
import { LINK_PRESETS } from '../../src/transport/types.ts';
import { tempDir, testBridge } from './helpers.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

function dataFolder(): string {
  const dir = tempDir();
  cleanup.push(() => dir.remove());
  const data = join(dir.path, 'data');
  mkdirSync(data, { mode: 0o700 });
  return data;
}

async function cli(data: string, ...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(argv, {
    out: (t) => (out += t),
    err: (t) => (err += t),
    env: { KEYTUNE_DATA_DIR: data, KEYTUNE_HID: 'off' },
  });
  return { code, out, err };
}

/** A pid that no process has any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

/**
 * Another program on the port the file names, posing as the bridge: it takes any WebSocket, answers the device list
 * with a keyboard of its own, and cannot know the file's secret (it answers the proof with something else).
 */
async function impostor() {
  const upgrades: string[] = [];
  const server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('A'.repeat(43));
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req: IncomingMessage, socket, head) => {
    upgrades.push(req.url ?? '');
    wss.handleUpgrade(req, socket, head, (ws) =>
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString()) as { id: number };
        const fake = [{ path: 'fake-keyboard', display_name: 'Impostor', fw_ver: '6.6.6', virtual: false }];
        ws.send(JSON.stringify({ type: 'result', id: m.id, value: fake }));
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(
    () =>
      new Promise<void>((resolve) => {
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { port: (server.address() as AddressInfo).port, upgrades };
}

const fileOf = (data: string) => join(data, RUNTIME_FILE);
const writeRuntime = (data: string, info: object) => writeFileSync(fileOf(data), JSON.stringify(info), { mode: 0o600 });

describe('the runtime file of a running bridge', () => {
  it('holds the port, the token, the pid and a secret, readable by the user only', async () => {
    const data = dataFolder();
    const bridge = await testBridge({ dataDir: data, announce: true });
    cleanup.push(() => bridge.close());
    const info = JSON.parse(readFileSync(fileOf(data), 'utf8')) as Record<string, unknown>;
    expect(info).toMatchObject({ port: bridge.server.port, token: bridge.token, pid: process.pid });
    expect(info['secret']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(fileOf(data)).mode & 0o777).toBe(0o600);
    const found = await findRunningBridge(data);
    expect(found).toMatchObject({ ok: true, port: bridge.server.port, token: bridge.token });
    // The command line uses it.
    const run = await cli(data, 'devices', '--remote', '--json');
    expect(run.code).toBe(0);
  });

  it('proves the bridge knows the secret: the HMAC of a nonce, bound to its port', () => {
    const a = proofOf('secret', 1234, 'nonce');
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(proofOf('secret', 1234, 'nonce')).toBe(a);
    expect(proofOf('other', 1234, 'nonce')).not.toBe(a);
    expect(proofOf('secret', 1235, 'nonce')).not.toBe(a);
    expect(proofOf('secret', 1234, 'nonce2')).not.toBe(a);
  });
});

describe('a runtime file left by a crash', () => {
  it('(its process gone) is ignored: the command line runs on its own and removes the file', async () => {
    const data = dataFolder();
    writeRuntime(data, { port: 9, token: 'T'.repeat(43), pid: deadPid(), secret: 'S'.repeat(43) });
    const run = await cli(data, 'devices', '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.out)).toEqual([]);
    expect(existsSync(fileOf(data))).toBe(false);
  });

  it('with --remote says no bridge runs (exit 4) and removes the file', async () => {
    const data = dataFolder();
    writeRuntime(data, { port: 9, token: 'T'.repeat(43), pid: deadPid(), secret: 'S'.repeat(43) });
    const run = await cli(data, 'devices', '--remote');
    expect(run.code).toBe(4);
    expect(existsSync(fileOf(data))).toBe(false);
  });

  it('that is not a runtime file at all is ignored and removed', async () => {
    const data = dataFolder();
    writeFileSync(fileOf(data), '{"port": "x"', { mode: 0o600 });
    expect((await cli(data, 'devices', '--json')).code).toBe(0);
    expect(existsSync(fileOf(data))).toBe(false);
  });
});

describe('another program on the port the file names', () => {
  it('cannot pose as the bridge: its device list is never shown and it never receives the token', async () => {
    const data = dataFolder();
    const fake = await impostor();
    const token = 'T'.repeat(43);
    // The worst case: the pid in the file is alive and the user's own (this process).
    writeRuntime(data, { port: fake.port, token, pid: process.pid, secret: 'S'.repeat(43) });
    const run = await cli(data, 'devices', '--json');
    expect(run.code).toBe(0);
    expect(run.out).not.toContain('Impostor');
    expect(JSON.parse(run.out)).toEqual([]);
    expect(fake.upgrades.join('\n')).not.toContain(token);
    expect(existsSync(fileOf(data))).toBe(false);
  });

  it('with --remote is refused: no bridge (exit 4)', async () => {
    const data = dataFolder();
    const fake = await impostor();
    writeRuntime(data, { port: fake.port, token: 'T'.repeat(43), pid: process.pid, secret: 'S'.repeat(43) });
    const run = await cli(data, 'devices', '--remote', '--json');
    expect(run.code).toBe(4);
    expect(run.out).not.toContain('Impostor');
  });
});

describe('a runtime file of another user', () => {
  it.skipIf(process.platform !== 'linux' || process.getuid?.() !== 0)(
    'is not trusted, and not removed either',
    async () => {
      const data = dataFolder();
      const bridge = await testBridge({ dataDir: data, announce: true, link: LINK_PRESETS.instant });
      cleanup.push(() => bridge.close());
      // The file now belongs to someone else (as if another account had planted it in a shared folder).
      const { chownSync } = await import('node:fs');
      chownSync(fileOf(data), 65534, 65534);
      expect(await findRunningBridge(data)).toMatchObject({ ok: false });
      expect(existsSync(fileOf(data))).toBe(true);
    },
  );
});
