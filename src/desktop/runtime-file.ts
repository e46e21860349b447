/**
 * The runtime file (bridge.json in the data folder): how the command line and a second `npm run desktop` find the
 * running bridge. It holds the bridge's port, WebSocket token, pid and a secret, and is readable by the user only
 * (0600 in a 0700 folder). A file can outlive its bridge (a crash, a kill), and then another program — another user's
 * — may hold the port it names, so nothing in it is trusted until the bridge proves it wrote it: it answers a fresh
 * nonce with an HMAC under the file's secret, before the token is sent anywhere. The pid must be alive and, on Linux,
 * the user's own.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { lstatSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { z } from 'zod';
import { LOOPBACK, tokenMatches } from './security.ts';

export const RUNTIME_FILE = 'bridge.json';
/** Where the bridge answers the proof (GET, `?nonce=…`). */
export const PROOF_PATH = '/proof';
export const NONCE_PARAM = 'nonce';

const runtimeSchema = z.object({
  port: z.number().int().min(1).max(65535),
  token: z.string().min(16),
  pid: z.number().int().positive(),
  secret: z.string().min(32),
});

/** What a running bridge writes for its user's command line. */
export type RuntimeInfo = z.infer<typeof runtimeSchema>;

const NONCE = /^[A-Za-z0-9_-]{22,128}$/;

export function validNonce(nonce: string | null): nonce is string {
  return nonce !== null && NONCE.test(nonce);
}

/** The bridge's answer to a nonce: HMAC-SHA256 under the file's secret, bound to the port it listens on. */
export function proofOf(secret: string, port: number, nonce: string): string {
  return createHmac('sha256', secret).update(`keytune-bridge-proof\n${port}\n${nonce}`).digest('base64url');
}

/** A fresh secret for the runtime file (32 random bytes). */
export function newRuntimeSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Writes the runtime file, readable and writable by the user only; a file of an earlier bridge is replaced. */
export function writeRuntimeFile(dataDir: string, info: RuntimeInfo): void {
  const file = join(dataDir, RUNTIME_FILE);
  rmSync(file, { force: true });
  // 'wx': a file that reappeared between the two steps is not written through.
  writeFileSync(file, JSON.stringify(info), { mode: 0o600, flag: 'wx' });
}

/** Removes the runtime file if it is still the one `info` wrote (a newer bridge's file stays). */
export function removeRuntimeFile(dataDir: string, info: RuntimeInfo): void {
  const file = join(dataDir, RUNTIME_FILE);
  try {
    const now = runtimeSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (now.success && now.data.pid === info.pid && now.data.port === info.port) rmSync(file, { force: true });
  } catch {
    // Gone already, or not ours to judge.
  }
}

export type FoundBridge = { ok: true; port: number; token: string } | { ok: false; reason: string };

const ownUid = () => process.getuid?.();

/** True while the process lives and, where the system tells (Linux), belongs to this user. */
function ownProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    // ESRCH: gone; EPERM: alive but another user's, so not a bridge of this user.
    return false;
  }
  const uid = ownUid();
  if (process.platform !== 'linux' || uid === undefined) return true;
  try {
    return statSync(`/proc/${pid}`).uid === uid;
  } catch {
    return false;
  }
}

type ProofAnswer = 'proved' | 'wrong' | 'silent';

/** Asks whatever listens on the port for the proof of a fresh nonce; sends nothing secret. */
function askProof(info: RuntimeInfo, timeoutMs: number): Promise<ProofAnswer> {
  const nonce = randomBytes(32).toString('base64url');
  return new Promise((resolve) => {
    const req = request(
      {
        host: LOOPBACK,
        port: info.port,
        path: `${PROOF_PATH}?${NONCE_PARAM}=${nonce}`,
        method: 'GET',
        agent: false,
        timeout: timeoutMs,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
          if (body.length > 256) res.destroy();
        });
        res.on('end', () =>
          resolve(
            res.statusCode === 200 && tokenMatches(body.trim(), proofOf(info.secret, info.port, nonce))
              ? 'proved'
              : 'wrong',
          ),
        );
        res.on('error', () => resolve('wrong'));
      },
    );
    req.on('timeout', () => {
      req.destroy();
      resolve('silent');
    });
    // Refused or reset: nothing that is the bridge listens there.
    req.on('error', () => resolve('wrong'));
    req.end();
  });
}

/**
 * The running bridge named by the runtime file, once it has proved it wrote the file; otherwise why not. A file of
 * this user that names a bridge that is gone or not the one that wrote it is removed; another user's file is left.
 */
export async function findRunningBridge(dataDir: string, options: { timeoutMs?: number } = {}): Promise<FoundBridge> {
  const file = join(dataDir, RUNTIME_FILE);
  let text: string;
  try {
    const info = lstatSync(file);
    const uid = ownUid();
    if (uid !== undefined && info.uid !== uid)
      return { ok: false, reason: `${file} belongs to another user; it is ignored` };
    if (!info.isFile() || (process.platform !== 'win32' && (info.mode & 0o077) !== 0))
      return stale(file, undefined, `${file} is not a private file`);
    text = readFileSync(file, 'utf8');
  } catch {
    return { ok: false, reason: `there is no ${RUNTIME_FILE} in ${dataDir}` };
  }
  let info: RuntimeInfo;
  try {
    info = runtimeSchema.parse(JSON.parse(text));
  } catch {
    return stale(file, text, `${file} is not a runtime file`);
  }
  if (!ownProcessAlive(info.pid)) return stale(file, text, 'the bridge that wrote the runtime file is gone');
  const answer = await askProof(info, options.timeoutMs ?? 2000);
  if (answer === 'silent') return { ok: false, reason: `the bridge on port ${info.port} did not answer` };
  if (answer === 'wrong')
    return stale(file, text, `what listens on port ${info.port} is not the bridge that wrote the runtime file`);
  return { ok: true, port: info.port, token: info.token };
}

/** Removes this user's stale runtime file, unless it changed meanwhile (a new bridge wrote its own). */
function stale(file: string, text: string | undefined, reason: string): FoundBridge {
  try {
    if (text === undefined || readFileSync(file, 'utf8') === text) rmSync(file, { force: true });
  } catch {
    // Already gone.
  }
  return { ok: false, reason };
}
