/**
 * The desktop start-up options of the contract (set_start_up_auto, set_run_with_mini, set_close_to_tray), kept in
 * the data folder and acted on: the autorun entry of each system, starting minimized, and closing the window while
 * the bridge stays in the background. get_start_up_options reads them back, so the Settings tab shows what the
 * bridge holds rather than what one window last sent.
 */
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { StartUpOptions } from '../contract/areas/app.ts';
import type { DeviceService } from '../service/service.ts';

export const PREFERENCES_FILE = 'preferences.json';
export const OPTION_KEYS = ['start_up_auto', 'run_with_mini', 'close_to_tray'] as const;
export type OptionKey = (typeof OPTION_KEYS)[number];
export type StartupOptions = Record<OptionKey, boolean>;

export function readOptions(dataDir: string): StartupOptions {
  const out: StartupOptions = { start_up_auto: false, run_with_mini: false, close_to_tray: false };
  try {
    const saved = JSON.parse(readFileSync(join(dataDir, PREFERENCES_FILE), 'utf8')) as Record<string, unknown>;
    for (const k of OPTION_KEYS) out[k] = saved[k] === true;
  } catch {
    // No file yet: the defaults.
  }
  return out;
}

/** Saves the options, readable by the user only (like every file of the data folder). */
export function writeOptions(dataDir: string, options: StartupOptions): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, PREFERENCES_FILE);
  writeFileSync(file, JSON.stringify(options, null, 2), { mode: 0o600 });
  // The mode above applies to a new file only; an older one keeps its own until this.
  if (process.platform !== 'win32') chmodSync(file, 0o600);
}

/** Where each system looks for programs to start at log-in, and what to write there. */
export function autorunEntry(
  platform: NodeJS.Platform,
  home: string,
  env: Readonly<Record<string, string | undefined>>,
  command: string[],
): { file: string; text: string } {
  const quoted = command.map((c) => (/[\s"]/.test(c) ? `"${c.replace(/"/g, '\\"')}"` : c));
  if (platform === 'win32') {
    const appData = env['APPDATA'] || join(home, 'AppData', 'Roaming');
    return {
      file: join(appData, 'Microsoft', 'Windows', 'Start Menu', 'Programs', 'Startup', 'Keytune.cmd'),
      text: `@echo off\r\nstart "" /min ${quoted.join(' ')}\r\n`,
    };
  }
  if (platform === 'darwin') {
    const args = command
      .map((c) => `    <string>${c.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</string>`)
      .join('\n');
    return {
      file: join(home, 'Library', 'LaunchAgents', 'app.keytune.desktop.plist'),
      text: `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>Label</key>
  <string>app.keytune.desktop</string>
  <key>ProgramArguments</key>
  <array>
${args}
  </array>
  <key>RunAtLoad</key>
  <true/>
</dict>
</plist>
`,
    };
  }
  const config = env['XDG_CONFIG_HOME'] || join(home, '.config');
  return {
    file: join(config, 'autostart', 'keytune.desktop'),
    text: `[Desktop Entry]\nType=Application\nName=Keytune\nExec=${quoted.join(' ')}\nX-GNOME-Autostart-enabled=true\n`,
  };
}

/** Writes or removes the autorun entry. */
export function applyAutorun(on: boolean, entry: { file: string; text: string }): void {
  if (on) {
    mkdirSync(dirname(entry.file), { recursive: true });
    writeFileSync(entry.file, entry.text);
  } else rmSync(entry.file, { force: true });
}

/**
 * Keeps the service's preferences and the saved options in step: the saved ones are loaded into the service at start;
 * after each call, a changed option is saved and acted on.
 */
export function syncOptions(
  preferences: Map<string, string>,
  dataDir: string,
  onChange: (options: StartupOptions, changed: OptionKey[]) => void,
): () => void {
  let current = readOptions(dataDir);
  for (const k of OPTION_KEYS) preferences.set(k, current[k] ? '1' : '0');
  return () => {
    const next = { ...current };
    for (const k of OPTION_KEYS) next[k] = preferences.get(k) === '1';
    const changed = OPTION_KEYS.filter((k) => next[k] !== current[k]);
    if (changed.length === 0) return;
    current = next;
    writeOptions(dataDir, next);
    onChange(next, changed);
  };
}

/** The options the service holds (loaded from the data folder by syncOptions, changed by the set calls). */
export function heldOptions(preferences: ReadonlyMap<string, string>): StartUpOptions {
  const value = (k: OptionKey) => (preferences.get(k) === '1' ? '1' : '0');
  return {
    start_up_auto: value('start_up_auto'),
    run_with_mini: value('run_with_mini'),
    close_to_tray: value('close_to_tray'),
  };
}

/** Gives the desktop host's service its answer to get_start_up_options (the browser's service refuses the call). */
export function implementOptionsReading(service: DeviceService): void {
  service.implement({ getStartUpOptions: () => heldOptions(service.preferences) });
}
