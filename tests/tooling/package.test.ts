/**
 * The published package: its metadata, the command-line bundle (every package it leaves outside must be a declared
 * dependency, so `npm install keytune` brings it), and the helpers of the package check (scripts/package-check.mjs)
 * and of the CI summary that counts it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCli, CLI_LAUNCHER, externalPackages } from '../../scripts/build-cli.mjs';
import { cookiePairs, printedAddress, visit } from '../../scripts/package-check.mjs';

const ROOT = resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown> & {
  dependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
  files: string[];
  bin: Record<string, string>;
};
const temps: string[] = [];
const temp = () => {
  // Inside node_modules/.cache, so the bundle resolves ws and node-hid from the repository's node_modules.
  mkdirSync(join(ROOT, 'node_modules', '.cache'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'keytune-pkg-test-'));
  temps.push(dir);
  return dir;
};
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('package.json', () => {
  it('is publishable under the MIT licence, with its addresses', () => {
    expect(pkg['private']).toBeUndefined();
    expect(pkg['license']).toBe('MIT');
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(
      /^MIT License\n\nCopyright \(c\) 2026 Keytune contributors/,
    );
    expect(pkg['repository']).toMatchObject({
      type: 'git',
      url: expect.stringMatching(/^git\+https:\/\/github\.com\//),
    });
    expect(pkg['bugs']).toMatchObject({ url: expect.stringMatching(/^https:\/\/github\.com\/.+\/issues$/) });
    expect(pkg['homepage']).toMatch(/^https:\/\//);
    expect(pkg['keywords']).toEqual(expect.arrayContaining(['keyboard', 'webhid']));
  });

  it('ships the built UI and the bundled command line, and runs the launcher the bundle script writes', () => {
    expect(pkg.files).toEqual(expect.arrayContaining(['dist/', 'dist-node/']));
    expect(pkg.bin['keytune']).toBe(CLI_LAUNCHER);
    expect(pkg['scripts']).toMatchObject({ prepack: expect.stringContaining('scripts/build-cli.mjs') });
  });

  it('installs only what runs outside the bundles; node-hid is optional', () => {
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['ws']);
    expect(pkg.optionalDependencies).toEqual({ 'node-hid': expect.any(String) });
    for (const bundled of ['react', 'react-dom', 'zod', 'radix-ui']) expect(pkg.devDependencies[bundled]).toBeDefined();
  });
});

describe('the command-line bundle', () => {
  it('leaves outside only the declared dependencies and Node itself, and runs with plain Node', async () => {
    const out = temp();
    const meta = await buildCli(ROOT, out);
    const outside = new Set(
      Object.values(meta.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path)),
    );
    const declared = new Set(externalPackages(pkg));
    for (const name of outside) expect(name.startsWith('node:') || declared.has(name), name).toBe(true);
    expect([...outside]).toContain('node-hid');
    // No TypeScript loader: Node runs the launcher as it is.
    const help = spawnSync(process.execPath, [join(out, 'keytune.mjs'), '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: keytune COMMAND/);
  }, 60_000);
});

describe('package check helpers', () => {
  it('takes the last address the bridge printed, exactly as printed', () => {
    const once =
      'Keytune is running.\nOpen this address in a browser (it works once):\nhttp://127.0.0.1:5001/?k=ab_C-9\n';
    expect(printedAddress(once)).toBe('http://127.0.0.1:5001/?k=ab_C-9');
    expect(printedAddress('Keytune is running at http://127.0.0.1:5000/\n')).toBe('http://127.0.0.1:5000/');
    expect(printedAddress(`Keytune is running at http://127.0.0.1:5000/\n${once}`)).toBe(
      'http://127.0.0.1:5001/?k=ab_C-9',
    );
    expect(printedAddress('Keytune is running.\nOpen this address in a browser:\n')).toBeUndefined();
    expect(printedAddress('see http://example.com/ for help\n')).toBeUndefined();
  });

  it('keeps only name=value of each cookie', () => {
    expect(cookiePairs(['keytune=abc; HttpOnly; SameSite=Strict; Path=/', 'bad'])).toEqual(['keytune=abc']);
    expect(cookiePairs(undefined)).toEqual([]);
  });

  it('follows a one-time address to the page, sending back the cookie it was given', async () => {
    const server: Server = createServer((req, res) => {
      if (req.url === '/?once=1') {
        res.writeHead(303, { Location: '/', 'Set-Cookie': 'session=s3cret; HttpOnly; Path=/' });
        return res.end();
      }
      if (req.headers.cookie === 'session=s3cret') {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        return res.end('<div id="root"></div>');
      }
      res.writeHead(403).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    try {
      const page = await visit(`http://127.0.0.1:${port}/?once=1`);
      expect(page.status).toBe(200);
      expect(page.body).toBe('<div id="root"></div>');
      expect((await visit(`http://127.0.0.1:${port}/`)).status).toBe(403);
    } finally {
      server.close();
    }
  });
});

describe('the CI summary', () => {
  const summary = (files: Record<string, unknown>, args: string[]) => {
    const dir = temp();
    for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(body));
    return spawnSync(process.execPath, [join(ROOT, 'scripts/test-summary.mjs'), ...args], {
      cwd: dir,
      encoding: 'utf8',
    }).stdout;
  };
  const reports = {
    '.vitest-results.json': { numPassedTests: 3, numFailedTests: 0, testResults: [] },
    '.playwright-results.json': { stats: { expected: 2, unexpected: 0, flaky: 0 }, suites: [] },
  };

  it('counts the package check as one test when asked to', () => {
    expect(
      summary({ ...reports, '.package-check-results.json': { ok: true, steps: [] } }, ['--with-package-check']),
    ).toContain('6 passed, 0 failed');
    const failing = summary(
      { ...reports, '.package-check-results.json': { ok: false, steps: [{ name: 'npx keytune --help', ok: false }] } },
      ['--with-package-check'],
    );
    expect(failing).toContain('5 passed, 1 failed');
    expect(failing).toContain('package check failed: npx keytune --help');
  });

  it('counts a package check that wrote no report as failed, and leaves it out when not asked', () => {
    expect(summary(reports, ['--with-package-check'])).toContain('5 passed, 1 failed');
    expect(summary(reports, [])).toContain('5 passed, 0 failed');
  });
});
