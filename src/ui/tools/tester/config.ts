/**
 * The tester config (spec-2 §3: use_voice) and the chatter threshold, kept in localStorage under TesterConfig so the
 * choice survives a reload. A missing or unreadable entry gives the defaults.
 */
import { CHATTER_MS } from './tester-log';

export interface TesterConfig {
  use_voice: boolean;
  chatter_ms: number;
}

export const TESTER_CONFIG_KEY = 'TesterConfig';
export const DEFAULT_CONFIG: TesterConfig = { use_voice: false, chatter_ms: CHATTER_MS.default };

export function clampChatter(ms: number): number {
  if (!Number.isFinite(ms)) return CHATTER_MS.default;
  return Math.min(CHATTER_MS.max, Math.max(CHATTER_MS.min, Math.round(ms)));
}

export function loadConfig(): TesterConfig {
  try {
    const raw = globalThis.localStorage?.getItem(TESTER_CONFIG_KEY);
    if (!raw) return DEFAULT_CONFIG;
    const saved = JSON.parse(raw) as Partial<TesterConfig>;
    return {
      use_voice: saved.use_voice === true,
      chatter_ms: clampChatter(typeof saved.chatter_ms === 'number' ? saved.chatter_ms : CHATTER_MS.default),
    };
  } catch {
    return DEFAULT_CONFIG;
  }
}

export function saveConfig(config: TesterConfig): void {
  try {
    globalThis.localStorage?.setItem(TESTER_CONFIG_KEY, JSON.stringify(config));
  } catch {
    // Storage may be off (private mode); the choice then lasts for this visit only.
  }
}
