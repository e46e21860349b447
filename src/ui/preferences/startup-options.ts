/**
 * The desktop start-up options (spec-2 §3 persisted settings StartUpAuto, RunWithMini and close to tray). The bridge
 * keeps the real values in its data folder and answers them to get_start_up_options; the window also keeps the last
 * known values in localStorage under the spec's names, shown until the bridge's answer arrives.
 */
import type { StartUpOptions } from '../../contract/areas/app';

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

/** The bridge's answer to get_start_up_options, by the window's names. */
export function optionsFromHost(held: StartUpOptions): Record<StartupOptionKey, boolean> {
  return {
    StartUpAuto: held.start_up_auto === '1',
    RunWithMini: held.run_with_mini === '1',
    CloseToTray: held.close_to_tray === '1',
  };
}
