/**
 * The desktop start-up options as this window last set them (spec-2 §3 persisted settings StartUpAuto, RunWithMini
 * and close to tray). The bridge keeps the real values in its data folder; the contract has no call to read them
 * back, so the window remembers what it sent, in localStorage under the spec's names.
 */

export const STARTUP_OPTIONS = [
  { key: 'StartUpAuto', text: 'prefs.startup.auto' },
  { key: 'RunWithMini', text: 'prefs.startup.mini' },
  { key: 'CloseToTray', text: 'prefs.startup.tray' },
] as const;

export type StartupOptionKey = (typeof STARTUP_OPTIONS)[number]['key'];

export function readStartupOption(key: StartupOptionKey): boolean {
  try {
    return globalThis.localStorage?.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function writeStartupOption(key: StartupOptionKey, on: boolean): void {
  try {
    globalThis.localStorage?.setItem(key, on ? '1' : '0');
  } catch {
    // Storage off: the bridge still applies the option.
  }
}
