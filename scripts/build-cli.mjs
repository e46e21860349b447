// Bundles the command line and the desktop bridge (src/cli/entry.ts and everything it imports) into one ES module,
// dist-node/cli/keytune.mjs, plus the launcher the package's `keytune` command runs (dist-node/keytune.mjs), so an
// installed package runs with plain Node: no TypeScript, no tsx, no build on the user's side. (bin/keytune runs the
// sources through tsx, for work in the repository.) `npm pack` and `npm publish` run it (the `prepack` script). Left outside the bundle are the packages
// the published package lists as its own dependencies: ws (plain JavaScript, required at run time) and node-hid
// (native, optional: the bridge runs with virtual keyboards only when it cannot be loaded).
//
// The bundle sits two folders below the package root on purpose: src/desktop/main.ts finds the built UI (dist/) and
// bin/keytune two folders up from its own file, as it does from src/desktop/. The launcher is a separate file because
// main.ts also runs itself when it is the script Node was started with, which the bundle must never be.
import { build } from 'esbuild';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CLI_BUNDLE = 'dist-node/cli/keytune.mjs';
export const CLI_LAUNCHER = 'dist-node/keytune.mjs';

/** The packages the bundle leaves to Node's resolver: the runtime and optional dependencies of package.json. */
export function externalPackages(pkg) {
  return [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {})];
}

/** Builds the bundle and the launcher into `outDir` (dist-node/ of the package by default); answers esbuild's metafile. */
export async function buildCli(root = ROOT, outDir = join(root, 'dist-node')) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/cli/entry.ts'],
    outfile: join(outDir, 'cli', 'keytune.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: externalPackages(pkg),
    // A bundled package may name Node's own modules without the node: prefix (fflate's `module`): keep them Node's.
    plugins: [
      {
        name: 'node-builtins',
        setup(b) {
          b.onResolve({ filter: /^(module|worker_threads)$/ }, (args) => ({
            path: `node:${args.path}`,
            external: true,
          }));
        },
      },
    ],
    // Bundled CommonJS modules may call require() for Node's own modules; an ES module has none of its own.
    banner: {
      js: "import { createRequire as __keytuneRequire } from 'node:module';\nconst require = __keytuneRequire(import.meta.url);",
    },
    define: { 'import.meta.env.BASE_URL': '"/"' },
    legalComments: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  const launcher = join(outDir, 'keytune.mjs');
  writeFileSync(
    launcher,
    "#!/usr/bin/env node\n// The keytune command of the installed package.\nimport './cli/keytune.mjs';\n",
  );
  chmodSync(launcher, 0o755);
  return result.metafile;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const meta = await buildCli();
  const out = Object.values(meta.outputs).find((o) => o.entryPoint);
  console.log(
    `${CLI_BUNDLE}: ${Math.round((out?.bytes ?? 0) / 1024)} kB from ${Object.keys(meta.inputs).length} modules`,
  );
}
