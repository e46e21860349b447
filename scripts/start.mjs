// `npm start`: builds the app, then serves the build with vite preview on 127.0.0.1, on port 4173 or, when that one is
// taken, the next free port. The last line printed is the address to open. Ctrl-C (SIGINT) or SIGTERM stops the server.
import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const HOST = '127.0.0.1';
export const FIRST_PORT = 4173;

/** Resolves true when a server can listen on `port` of `host` (and closes it again), false when the port is taken. */
export function canListen(port, host = HOST) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', (err) => {
      if (err.code === 'EADDRINUSE' || err.code === 'EACCES') resolve(false);
      else reject(err);
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** The first port from `first` on (at most `tries` of them) that `listenable` accepts; throws when none does. */
export async function findFreePort(first = FIRST_PORT, { host = HOST, tries = 50, listenable = canListen } = {}) {
  const last = Math.min(first + tries - 1, 65535);
  for (let port = first; port <= last; port++) {
    if (await listenable(port, host)) return port;
  }
  throw new Error(`No free port on ${host} from ${first} to ${last}`);
}

export function addressOf(port, host = HOST) {
  return `http://${host}:${port}/`;
}

/** The lines printed once the server answers; the address is the last one. */
export function readyLines(port, first = FIRST_PORT) {
  const lines = [''];
  if (port !== first) lines.push(`Port ${first} is in use, so Keytune uses port ${port}.`);
  lines.push(`Keytune is running at ${addressOf(port)}`);
  return lines;
}

const exitCodeOf = (signal) => (signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : 1);
const stripColours = (text) => text.replace(/\x1b\[[0-9;]*m/g, '');

/** Resolves when `url` answers an HTTP request (any status), trying every 100 ms for up to `timeoutMs`. */
function answers(url, timeoutMs = 30000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const req = get(url, (res) => {
        res.resume();
        resolve();
      });
      req.on('error', () => {
        if (Date.now() > deadline) reject(new Error(`${url} did not answer within ${timeoutMs} ms`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/**
 * Runs vite preview on `port`. Resolves { kind: 'taken' } when the port was taken before vite could listen (another
 * program got there first), else { kind: 'exited', code } once vite ends.
 */
function serve(vite, root, port, run) {
  return new Promise((resolve) => {
    const child = spawn(vite, ['preview', '--host', HOST, '--port', String(port), '--strictPort'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    run.child = child;
    let listening = false;
    let ready = false;
    let output = '';
    const onListening = () =>
      answers(addressOf(port)).then(
        () => {
          if (run.stopping || child.exitCode !== null || child.signalCode !== null) return;
          ready = true;
          // Let vite finish its own banner so that the address is the last line.
          setTimeout(() => process.stdout.write(readyLines(port).join('\n') + '\n'), 150);
        },
        (err) => console.error(err.message),
      );
    const forward = (stream, to) =>
      stream.on('data', (chunk) => {
        to.write(chunk);
        if (listening) return;
        output += chunk.toString();
        // vite prints the address once it listens (with the port in bold when colours are on).
        if (stripColours(output).includes(addressOf(port))) {
          listening = true;
          onListening();
        }
      });
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    child.on('error', (err) => {
      console.error(`Cannot run ${vite}: ${err.message}`);
      resolve({ kind: 'exited', code: 1 });
    });
    child.on('exit', (code, signal) => {
      if (!ready && !run.stopping && /already in use/i.test(output)) resolve({ kind: 'taken' });
      else resolve({ kind: 'exited', code: code ?? exitCodeOf(signal) });
    });
  });
}

/** Runs `vite build`; resolves its exit code. */
function build(vite, root, run) {
  return new Promise((resolve) => {
    const child = spawn(vite, ['build'], { cwd: root, stdio: 'inherit' });
    run.child = child;
    child.on('error', (err) => {
      console.error(`Cannot run ${vite}: ${err.message} (run npm ci first)`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? exitCodeOf(signal)));
  });
}

async function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const vite = join(root, 'node_modules', '.bin', 'vite');
  const run = { child: undefined, stopping: false };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      run.stopping = true;
      const child = run.child;
      if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
      else process.exit(exitCodeOf(signal));
    });
  }

  const built = await build(vite, root, run);
  if (built !== 0 || run.stopping) process.exit(built);

  let port = await findFreePort(FIRST_PORT);
  for (let attempt = 1; ; attempt++) {
    const outcome = await serve(vite, root, port, run);
    if (outcome.kind === 'exited') process.exit(outcome.code);
    if (attempt === 5) process.exit(1);
    port = await findFreePort(port + 1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
