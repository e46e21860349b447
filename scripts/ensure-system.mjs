// Makes sure the machine has what the end-to-end tests and the benchmarks need besides npm packages: Debian's
// Chromium, and a Chinese font so the zh_CN screenshots show text instead of empty boxes. When one is missing it
// installs both with apt-get (as root), or stops at once with the one command to run.
//
//   node scripts/ensure-system.mjs
//
// KEYTUNE_CHROMIUM=/path/to/chromium picks another Chromium; playwright.config.ts reads the same variable.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, closeSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_NAMES = ['chromium', 'chromium-browser'];
/** Flags Chromium needs on these machines: no sandbox as root, and no background traffic the closed network refuses. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const PACKAGES = ['chromium', 'fonts-wqy-microhei'];
export const APT_COMMAND = `apt-get update && apt-get install -y ${PACKAGES.join(' ')}`;
export const SUDO_COMMAND = `sudo apt-get update && sudo apt-get install -y ${PACKAGES.join(' ')}`;
/** How fc-list names the font of fonts-wqy-microhei (family, or the file it comes from). */
const FONT_PATTERN = /WenQuanYi Micro Hei|wqy-microhei/i;

/** True when `path` is a file this process may execute. */
export function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first `name` found on `pathList` (the PATH variable's value), or null. */
export function findOnPath(name, pathList = process.env.PATH ?? '', executable = isExecutable) {
  for (const dir of pathList.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    if (executable(candidate)) return candidate;
  }
  return null;
}

/**
 * Where Chromium is: KEYTUNE_CHROMIUM when set (even if it does not exist, so a wrong value is reported rather than
 * silently replaced), else /usr/bin/chromium, else `chromium` or `chromium-browser` on PATH; null when none is there.
 */
export function findChromium({ env = process.env, executable = isExecutable } = {}) {
  if (env.KEYTUNE_CHROMIUM) return env.KEYTUNE_CHROMIUM;
  if (executable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  for (const name of CHROMIUM_NAMES) {
    const found = findOnPath(name, env.PATH ?? '', executable);
    if (found) return found;
  }
  return null;
}

/** True when the output of `fc-list` lists the Chinese font; null output (no fc-list) means no font. */
export function hasChineseFont(fcListOutput) {
  return typeof fcListOutput === 'string' && FONT_PATTERN.test(fcListOutput);
}

/** What is missing, as the words of a message; empty when nothing is. */
export function missingParts({ chromium, font }) {
  const missing = [];
  if (!chromium) missing.push(`Chromium (not at ${DEBIAN_CHROMIUM}, no ${CHROMIUM_NAMES.join(' or ')} on PATH)`);
  if (!font) missing.push('the Chinese font WenQuanYi Micro Hei (fonts-wqy-microhei; fc-list does not list it)');
  return missing;
}

/**
 * What to do: 'ok' when Chromium and the font are there, 'install' when they are not and apt-get can be run (as root),
 * 'stop' otherwise.
 */
export function decide({ chromium, font, isRoot, hasAptGet }) {
  if (chromium && font) return 'ok';
  return isRoot && hasAptGet ? 'install' : 'stop';
}

/** The message printed when the check stops: what is missing and the one command that installs it. */
export function stopMessage(missing) {
  return [
    `Missing for the end-to-end tests and benchmarks: ${missing.join('; ')}.`,
    'Install them with:',
    '',
    `    ${SUDO_COMMAND}`,
    '',
    'then run the command again.',
  ].join('\n');
}

/** The last `count` lines of `text`. */
export function tail(text, count = 20) {
  const lines = text.replace(/\n+$/, '').split('\n');
  return lines.slice(-count).join('\n');
}

/**
 * Checks the machine, installs what is missing when it can, and answers the exit code (0: ready). Everything it
 * touches comes in through `system`, so tests drive it with fakes.
 */
export function ensureSystem(system) {
  const state = () => {
    const chromium = system.findChromium();
    return {
      chromium: chromium && system.executable(chromium) ? chromium : null,
      chromiumOverride: system.env.KEYTUNE_CHROMIUM,
      font: hasChineseFont(system.fcList()),
    };
  };
  let now = state();
  if (now.chromiumOverride && !now.chromium) {
    // apt-get cannot help with a wrong path.
    system.error(`KEYTUNE_CHROMIUM=${now.chromiumOverride} is not an executable file: fix or unset it.`);
    return 1;
  }
  const action = decide({ ...now, isRoot: system.isRoot(), hasAptGet: system.hasAptGet() });
  if (action === 'ok') {
    system.log(`System check: Chromium ${now.chromium}, Chinese font found.`);
    return 0;
  }
  if (action === 'stop') {
    system.error(stopMessage(missingParts(now)));
    return 1;
  }
  system.log(`Installing Chromium and a Chinese font: ${APT_COMMAND} (log: ${system.logFile})`);
  const result = system.install();
  if (!result.ok) {
    system.error(`apt-get failed (${result.reason}). Last lines of ${system.logFile}:`);
    system.error(tail(result.output));
    return 1;
  }
  now = state();
  const still = missingParts(now);
  if (still.length) {
    system.error(`Still missing after apt-get: ${still.join('; ')}. Log: ${system.logFile}`);
    return 1;
  }
  system.log(`System check: Chromium ${now.chromium}, Chinese font found.`);
  return 0;
}

/** The real machine. */
export function realSystem({ env = process.env, logFile = join(tmpdir(), 'keytune-apt.log') } = {}) {
  return {
    env,
    logFile,
    executable: isExecutable,
    findChromium: () => findChromium({ env }),
    fcList: () => {
      const r = spawnSync('fc-list', [':', 'family', 'file'], { encoding: 'utf8' });
      return r.status === 0 ? r.stdout : null;
    },
    isRoot: () => typeof process.getuid === 'function' && process.getuid() === 0,
    hasAptGet: () => findOnPath('apt-get', env.PATH ?? '') !== null,
    install: () => {
      const fd = openSync(logFile, 'w');
      let r;
      try {
        r = spawnSync('sh', ['-c', APT_COMMAND], {
          stdio: ['ignore', fd, fd],
          env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
        });
      } finally {
        closeSync(fd);
      }
      const output = readFileSync(logFile, 'utf8');
      if (r.error) return { ok: false, reason: r.error.message, output };
      if (r.status !== 0) return { ok: false, reason: `exit code ${r.status ?? r.signal}`, output };
      return { ok: true, output };
    },
    log: (line) => console.log(line),
    error: (line) => console.error(line),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(ensureSystem(realSystem()));
}
