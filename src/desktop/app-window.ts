/**
 * The app window: an installed Chromium-family browser opened as an app window (`--app=URL`, its own profile in the
 * data folder, so it is a process of its own whatever else the browser has open). The bridge drives it through the
 * DevTools protocol over a pipe (`--remote-debugging-pipe`): no port is opened, only this process can reach it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { WindowHandle } from './server.ts';

export const BROWSER_ENV = 'KEYTUNE_BROWSER';

const LINUX_NAMES = [
  'chromium',
  'chromium-browser',
  'google-chrome',
  'google-chrome-stable',
  'microsoft-edge',
  'microsoft-edge-stable',
  'brave-browser',
  'vivaldi',
];

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The places a Chromium-family browser is installed on each system, in order of preference. */
export function browserCandidates(
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  const list: string[] = [];
  if (env[BROWSER_ENV]) list.push(env[BROWSER_ENV]);
  if (platform === 'darwin') {
    for (const app of ['Google Chrome', 'Chromium', 'Microsoft Edge', 'Brave Browser'])
      list.push(`/Applications/${app}.app/Contents/MacOS/${app}`);
  } else if (platform === 'win32') {
    const roots = [env['ProgramFiles'], env['ProgramFiles(x86)'], env['LOCALAPPDATA']].filter(Boolean) as string[];
    for (const root of roots) {
      list.push(join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'));
      list.push(join(root, 'Microsoft', 'Edge', 'Application', 'msedge.exe'));
      list.push(join(root, 'Chromium', 'Application', 'chrome.exe'));
    }
  } else {
    for (const dir of (env['PATH'] ?? '').split(delimiter).filter(Boolean))
      for (const name of LINUX_NAMES) list.push(join(dir, name));
  }
  return list;
}

/** The first installed Chromium-family browser, or undefined. */
export function findBrowser(
  platform: NodeJS.Platform = process.platform,
  env: Readonly<Record<string, string | undefined>> = process.env,
  isExecutable: (file: string) => boolean = executable,
): string | undefined {
  return browserCandidates(platform, env).find((f) => isExecutable(f));
}

/** What the window shows until its cookie is set (Chromium opens no app window on about:blank). */
const BLANK = 'data:text/html,<title>Keytune</title>';

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** DevTools protocol over the pipe: JSON messages ended by a NUL byte. */
class DevToolsPipe {
  private next = 1;
  private buffer = '';
  private readonly waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();

  constructor(
    private readonly out: Writable,
    input: Readable,
  ) {
    input.setEncoding('utf8');
    input.on('data', (chunk: string) => {
      this.buffer += chunk;
      let end: number;
      while ((end = this.buffer.indexOf('\0')) >= 0) {
        const text = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 1);
        const m = JSON.parse(text) as { id?: number; result?: unknown; error?: { message: string } };
        if (m.id === undefined) continue;
        const w = this.waiting.get(m.id);
        this.waiting.delete(m.id);
        if (m.error) w?.reject(new Error(m.error.message));
        else w?.resolve(m.result);
      }
    });
    input.on('close', () => {
      for (const w of this.waiting.values()) w.reject(new Error('the window is gone'));
      this.waiting.clear();
    });
  }

  /** One command; with `sessionId`, to the page attached under it rather than to the browser. */
  send<T>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.out.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  }
}

export interface AppWindow extends WindowHandle {
  readonly process: ChildProcess;
  /** Resolves when the window (the browser process) has gone. */
  readonly exited: Promise<void>;
}

/** A cookie the window gets before it loads its page. */
export interface WindowCookie {
  name: string;
  value: string;
}

export interface OpenWindowOptions {
  browser: string;
  /** The page to show: the bridge's plain address with `cookie`, or a one-time address of it. */
  url: string;
  /**
   * The bridge's session cookie for this window. Given, the window starts on an empty page, gets the cookie over the pipe and
   * only then loads `url`: no secret appears on the browser's command line, which other users can list (ps).
   */
  cookie?: WindowCookie;
  profileDir: string;
  minimized?: boolean;
  extraArgs?: string[];
}

export async function openAppWindow(options: OpenWindowOptions): Promise<AppWindow> {
  const first = options.cookie ? BLANK : options.url;
  const child = spawn(
    options.browser,
    [
      `--app=${first}`,
      `--user-data-dir=${options.profileDir}`,
      '--remote-debugging-pipe',
      '--no-first-run',
      '--no-default-browser-check',
      '--window-size=1280,820',
      ...(options.extraArgs ?? []),
    ],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pipe = new DevToolsPipe(child.stdio[3] as Writable, child.stdio[4] as Readable);

  const pageTarget = async (): Promise<string> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { targetInfos } = await pipe.send<{ targetInfos: { targetId: string; type: string; url: string }[] }>(
        'Target.getTargets',
      );
      // By origin: the page leaves its one-time address for the plain one as soon as it is let in.
      const page = targetInfos.find(
        (t) => t.type === 'page' && (t.url === first || originOf(t.url) === originOf(options.url)),
      );
      if (page) return page.targetId;
      if (Date.now() > deadline) throw new Error('the app window did not open');
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const targetId = await pageTarget();
  if (options.cookie) {
    const { name, value } = options.cookie;
    await pipe.send('Storage.setCookies', {
      cookies: [{ name, value, url: options.url, path: '/', httpOnly: true, sameSite: 'Strict' }],
    });
    const { sessionId } = await pipe.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    await pipe.send('Page.navigate', { url: options.url }, sessionId);
    await pipe.send('Target.detachFromTarget', { sessionId });
  }
  const { windowId: id } = await pipe.send<{ windowId: number }>('Browser.getWindowForTarget', { targetId });
  const state = async () =>
    (await pipe.send<{ bounds: { windowState: string } }>('Browser.getWindowBounds', { windowId: id })).bounds
      .windowState;
  const setState = (windowState: string) =>
    pipe.send('Browser.setWindowBounds', { windowId: id, bounds: { windowState } }).then(() => undefined);

  if (options.minimized) await setState('minimized');

  return {
    process: child,
    exited,
    minimize: () => setState('minimized'),
    async toggleMaximize() {
      // A window goes from minimized or maximized to normal only, then to the next state.
      const now = await state();
      if (now !== 'normal') await setState('normal');
      if (now !== 'maximized') await setState('maximized');
    },
    async close() {
      await pipe.send('Browser.close').catch(() => undefined);
    },
    isMaximized: async () => (await state()) === 'maximized',
  };
}
