/**
 * `npm run desktop`: starts the bridge on 127.0.0.1 and opens the UI in an installed Chromium-family browser's app
 * window; without one (or with --no-window) it prints the address to open. Closing the window stops Keytune unless
 * "close to background" is on. Ctrl-C stops it.
 */
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openAppWindow, findBrowser, type AppWindow } from './app-window.ts';
import { loadNodeHid, startBridge } from './bridge.ts';
import { dataDir } from './data-dir.ts';
import { applyAutorun, autorunEntry, readOptions } from './startup-options.ts';
import { findRunningBridge } from './runtime-file.ts';
import { LOOPBACK } from './security.ts';
import { connectBridge } from './ws-client.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');

export const DESKTOP_HELP = `Usage: npm run desktop [-- options]

Starts the Keytune bridge on ${LOOPBACK} and opens Keytune in an app window of an installed Chromium-family browser
(Chromium, Chrome, Edge, Brave; KEYTUNE_BROWSER names another). Without one, prints the address to open.

Options:
  --no-window     only start the bridge and print its address
  --minimized     open the window minimized
  --port N        listen on port N (default: a free port)
  --help          show this help
`;

/** Said before a printed address: it carries a one-time secret. */
const OPEN_ONCE = 'Open this address in a browser (it works once; run `npm run desktop` again for another):';

export async function runDesktop(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(DESKTOP_HELP);
    return 0;
  }
  const noWindow = argv.includes('--no-window');
  const portAt = argv.indexOf('--port');
  const port = portAt >= 0 ? Number(argv[portAt + 1]) : 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write('keytune: --port needs a number from 0 to 65535\n');
    return 2;
  }
  const data = dataDir();
  const dist = join(root, 'dist');
  if (!existsSync(join(dist, 'index.html'))) {
    process.stderr.write('keytune: the UI is not built; run `npm run build` first (npm run desktop does)\n');
    return 1;
  }
  const browser = noWindow ? undefined : findBrowser();
  const profileDir = join(data, 'window');

  // One bridge per user: a second start opens another window on the running one, or prints a new address of it.
  // Only a bridge that proves it wrote the runtime file counts; a stale file is removed and a new bridge starts.
  const running = await findRunningBridge(data);
  if (running.ok) {
    const socket = await connectBridge({ port: running.port, token: running.token }).catch(() => undefined);
    const address = await socket?.pageAddress().catch(() => undefined);
    await socket?.close();
    if (address) {
      if (browser)
        spawn(browser, [`--app=${address}`, `--user-data-dir=${profileDir}`], {
          stdio: 'ignore',
          detached: true,
        }).unref();
      else process.stdout.write(`${OPEN_ONCE}\n${address}\n`);
      process.stdout.write(`Keytune is already running at http://${LOOPBACK}:${running.port}/\n`);
      return 0;
    }
  }

  const command = [process.execPath, join(root, 'bin', 'keytune'), 'desktop'];
  const bridge = await startBridge({
    dataDir: data,
    distDir: dist,
    hid: await loadNodeHid(),
    announce: true,
    port,
    onOptionsChanged: (options, changed) => {
      if (changed.includes('start_up_auto'))
        applyAutorun(options.start_up_auto, autorunEntry(process.platform, homedir(), process.env, command));
    },
  });

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await bridge.close();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(130));
  process.on('SIGTERM', () => void stop(143));

  const options = readOptions(data);
  let window: AppWindow | undefined;
  if (browser) {
    try {
      window = await openAppWindow({
        browser,
        // The cookie goes over the pipe: no page secret on the browser's command line, which others can list.
        url: bridge.server.url,
        cookie: bridge.server.windowCookie(),
        profileDir,
        minimized: options.run_with_mini || argv.includes('--minimized'),
      });
      bridge.server.setWindow(window);
      void window.exited.then(() => {
        bridge.server.setWindow(undefined);
        if (readOptions(data).close_to_tray)
          process.stdout.write(
            `The window is closed; Keytune keeps running at ${bridge.server.url} (npm run desktop opens it again)\n`,
          );
        else void stop(0);
      });
    } catch (e) {
      process.stderr.write(`keytune: could not open the app window (${e instanceof Error ? e.message : String(e)})\n`);
    }
  } else if (!noWindow) {
    process.stdout.write(
      'No Chromium-family browser was found (set KEYTUNE_BROWSER to use one); open the address below.\n',
    );
  }
  // The address with its one-time secret is printed only when no window took one: it is a way in.
  if (window) process.stdout.write(`Keytune is running at ${bridge.server.url}\n`);
  else process.stdout.write(`Keytune is running.\n${OPEN_ONCE}\n${bridge.url}\n`);
  return -1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const code = await runDesktop(process.argv.slice(2));
  if (code >= 0) process.exit(code);
}
