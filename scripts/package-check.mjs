// `npm run package:check` (and .ci/run after `npm test`): packs Keytune the way `npm publish` would, installs the
// tarball into an empty folder with the registry reachable, and runs what a person runs after `npm install keytune`:
// `keytune --help`; `keytune desktop --no-window`, whose printed address must answer the app's page over HTTP and
// whose bridge must take and list a virtual keyboard; and `keytune devices` with no bridge running. Writes
// .package-check-results.json for scripts/test-summary.mjs and exits 1 when a step failed.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const RESULTS_FILE = '.package-check-results.json';
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/**
 * The address `keytune desktop` printed, exactly as printed: the last line that is an address on its own (the
 * one-time address printed with --no-window) or ends "running at ADDRESS". Undefined while there is none.
 */
export function printedAddress(output) {
  const found = [...output.matchAll(/^(?:.*running at )?(https?:\/\/\S+)[ \t]*$/gm)];
  return found.at(-1)?.[1];
}

/** `name=value` of each Set-Cookie header, without its attributes. */
export function cookiePairs(setCookie) {
  return (setCookie ?? []).map((line) => line.split(';')[0]?.trim()).filter((pair) => pair && pair.includes('='));
}

function get(url, cookies) {
  return new Promise((resolve, reject) => {
    const headers = cookies.size ? { Cookie: [...cookies.values()].join('; ') } : {};
    const req = request(url, { method: 'GET', headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ res, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`${url} did not answer in 10 s`)));
    req.end();
  });
}

/**
 * GETs `address` as a browser's first visit would: following redirects on the same origin and sending back the
 * cookies set on the way (a one-time address may be exchanged for a cookie). Resolves the last answer, with the
 * cookies, so further requests can carry them.
 */
export async function visit(address, hops = 5) {
  const cookies = new Map();
  let url = new URL(address);
  for (let hop = 0; ; hop++) {
    const { res, body } = await get(url, cookies);
    for (const pair of cookiePairs(res.headers['set-cookie'])) cookies.set(pair.split('=')[0], pair);
    const location = res.headers.location;
    if (res.statusCode >= 300 && res.statusCode < 400 && location && hop < hops) {
      const next = new URL(location, url);
      if (next.origin !== url.origin) throw new Error(`${url} redirects to another origin: ${next}`);
      url = next;
      continue;
    }
    return { status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body, url, cookies };
  }
}

/** Runs a command to its end; resolves its exit code and output. */
export function run(command, args, { cwd, env, timeoutMs = 120_000 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      resolve({ code: -1, out, err: `${err}${e.message}` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, out, err });
    });
  });
}

/** Starts `keytune desktop --no-window` in its own process group; resolves once it printed its address. */
function startDesktop(cwd, env) {
  const child = spawn(join(cwd, 'node_modules', '.bin', 'keytune'), ['desktop', '--no-window'], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('close', () => resolve());
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        resolve();
      }
    });
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address printed in 30 s:\n${output}`)), 30_000);
    const look = (chunk) => {
      output += chunk;
      const address = printedAddress(output);
      if (address) {
        clearTimeout(timer);
        resolve(address);
      }
    };
    child.stdout.on('data', look);
    child.stderr.on('data', (c) => (output += c));
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`keytune desktop ended (${code}) before printing an address:\n${output}`));
    });
  });
  return { ready, stop, output: () => output };
}

/** The steps, each recorded as passed or failed with what went wrong; a failed step does not stop the others. */
async function check(work) {
  const steps = [];
  const step = async (name, body) => {
    const started = Date.now();
    try {
      await body();
      steps.push({ name, ok: true, ms: Date.now() - started });
      console.log(`  ok   ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      steps.push({ name, ok: false, ms: Date.now() - started, message });
      console.log(`  FAIL ${name}\n${message.replace(/^/gm, '       ')}`);
    }
  };
  const expectRun = (result, what, pattern) => {
    if (result.code !== 0) throw new Error(`${what} exited ${result.code}\n${result.out}${result.err}`);
    if (pattern && !pattern.test(result.out)) throw new Error(`${what} printed no ${pattern}:\n${result.out}`);
  };

  const packs = join(work, 'pack');
  const app = join(work, 'app');
  const data = join(work, 'data');
  const env = { KEYTUNE_DATA_DIR: data };
  let tarball;

  await step('npm pack (builds the UI and the command line)', async () => {
    const packed = await run(NPM, ['pack', '--pack-destination', packs, '--json'], { cwd: ROOT, timeoutMs: 180_000 });
    expectRun(packed, 'npm pack');
    const [info] = JSON.parse(packed.out.slice(packed.out.indexOf('[')));
    const names = new Set(info.files.map((f) => f.path));
    for (const needed of ['dist-node/keytune.mjs', 'dist-node/cli/keytune.mjs', 'dist/index.html', 'LICENSE'])
      if (!names.has(needed)) throw new Error(`the package lacks ${needed}`);
    const stray = [...names].filter((n) => /^(src|tests|e2e|bench|node_modules)\//.test(n));
    if (stray.length) throw new Error(`the package holds sources or tests: ${stray.slice(0, 5).join(', ')}`);
    tarball = join(
      packs,
      readdirSync(packs).find((f) => f.endsWith('.tgz')),
    );
  });
  if (!tarball) return steps;

  await step('npm install of the tarball into an empty folder', async () => {
    expectRun(
      await run(NPM, ['install', '--no-audit', '--no-fund', tarball], { cwd: app, timeoutMs: 180_000 }),
      'npm install',
    );
  });
  await step('npx keytune --help', async () => {
    expectRun(
      await run(NPX, ['--no', '--', 'keytune', '--help'], { cwd: app, env }),
      'keytune --help',
      /Usage: keytune/,
    );
  });

  const desktop = startDesktop(app, env);
  try {
    let address;
    await step('npx keytune desktop --no-window prints its address', async () => {
      address = await desktop.ready;
    });
    if (address) {
      await step('the printed address answers the app page over HTTP', async () => {
        const page = await visit(address);
        if (page.status !== 200 || !page.type.startsWith('text/html') || !page.body.includes('id="root"'))
          throw new Error(`GET ${page.url} answered ${page.status} ${page.type}:\n${page.body.slice(0, 300)}`);
        // The printed address lets this browser in: the page carries the bridge's token (docs/desktop.md).
        if (!page.body.includes('name="keytune-bridge-token"'))
          throw new Error(`the page at ${page.url} carries no bridge token:\n${page.body.slice(0, 300)}`);
        const script = /<script type="module"[^>]*src="([^"]+)"/.exec(page.body)?.[1];
        if (!script) throw new Error('the page names no module script');
        const js = await visit(new URL(script, page.url).href);
        if (js.status !== 200 || !js.type.startsWith('text/javascript'))
          throw new Error(`GET ${script} answered ${js.status} ${js.type}`);
      });
      await step('a virtual keyboard added through the bridge is listed by it', async () => {
        expectRun(
          await run(NPX, ['--no', '--', 'keytune', 'add-virtual', 'made68pro', '--remote'], { cwd: app, env }),
          'keytune add-virtual',
        );
        const list = await run(NPX, ['--no', '--', 'keytune', 'devices', '--remote', '--json'], { cwd: app, env });
        expectRun(list, 'keytune devices --remote', /made68pro/i);
      });
    }
  } finally {
    await desktop.stop();
  }
  await step('npx keytune devices with no bridge running', async () => {
    expectRun(
      await run(NPX, ['--no', '--', 'keytune', 'devices', '--local'], { cwd: app, env }),
      'keytune devices',
      /made68pro/i,
    );
  });
  return steps;
}

async function main() {
  const started = Date.now();
  const work = mkdtempSync(join(tmpdir(), 'keytune-package-'));
  for (const dir of ['pack', 'app', 'data']) mkdirSync(join(work, dir));
  console.log(`Package check in ${work}`);
  let steps;
  try {
    steps = await check(work);
  } finally {
    rmSync(work, { recursive: true, force: true });
    // The bundle is a build product of `npm pack`; the tarball holds it.
    rmSync(join(ROOT, 'dist-node'), { recursive: true, force: true });
  }
  const failed = steps.filter((s) => !s.ok);
  const seconds = Math.round((Date.now() - started) / 1000);
  writeFileSync(join(ROOT, RESULTS_FILE), JSON.stringify({ ok: failed.length === 0, seconds, steps }, null, 2));
  console.log(`Package check: ${steps.length - failed.length} of ${steps.length} steps passed in ${seconds} s`);
  process.exit(failed.length ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e) => {
    console.error(e);
    writeFileSync(
      join(ROOT, RESULTS_FILE),
      JSON.stringify({ ok: false, steps: [{ name: 'package check', ok: false, message: String(e) }] }),
    );
    process.exit(1);
  });
}
