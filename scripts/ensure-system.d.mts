// Types of scripts/ensure-system.mjs, for playwright.config.ts and the tests.

export const DEBIAN_CHROMIUM: string;
export const CHROMIUM_ARGS: string[];
export const CHROMIUM_NAMES: readonly string[];
export const PACKAGES: readonly string[];
export const APT_COMMAND: string;
export const SUDO_COMMAND: string;

export type Env = Record<string, string | undefined>;

export function isExecutable(path: string): boolean;
export function findOnPath(name: string, pathList?: string, executable?: (path: string) => boolean): string | null;
export function findChromium(options?: { env?: Env; executable?: (path: string) => boolean }): string | null;
export function hasChineseFont(fcListOutput: string | null): boolean;

export interface SystemState {
  chromium: string | null;
  font: boolean;
}
export function missingParts(state: SystemState): string[];
export function decide(state: {
  chromium: string | null;
  font: boolean;
  isRoot: boolean;
  hasAptGet: boolean;
}): 'ok' | 'install' | 'stop';
export function stopMessage(missing: string[]): string;
export function tail(text: string, count?: number): string;

export interface InstallResult {
  ok: boolean;
  reason?: string;
  output: string;
}
export interface System {
  env: Env;
  logFile: string;
  executable(path: string): boolean;
  findChromium(): string | null;
  /** Output of `fc-list`, or null when it cannot run. */
  fcList(): string | null;
  isRoot(): boolean;
  hasAptGet(): boolean;
  install(): InstallResult;
  log(line: string): void;
  error(line: string): void;
}
export function ensureSystem(system: System): number;
export function realSystem(options?: { env?: Env; logFile?: string }): System;
