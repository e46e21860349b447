/**
 * A VIA macro recorded from the keys pressed in the browser: each press and release becomes a hold down and a
 * release of its key code (src/core/hid-usages.ts), a press released within 200 ms before any other key moved becomes
 * one tap, and
 * where the keyboard waits inside macros (protocol 11 and later) the pauses between them become waits.
 */
import type { ViaMacroAction } from '../../../contract/areas/via';

export interface RecordedKey {
  code: number;
  down: boolean;
  /** Milliseconds, from any clock. */
  at: number;
}

/** Pauses shorter than this are not kept (the time between two keys of one chord). */
export const SHORTEST_WAIT_MS = 20;
/** A press let go within this long, before any other key moved, is one tap (a keystroke, not a hold). */
export const TAP_MS = 200;
/** The longest wait a macro holds. */
export const LONGEST_WAIT_MS = 9999;

export function recordedActions(keys: readonly RecordedKey[], waits: boolean): ViaMacroAction[] {
  const out: ViaMacroAction[] = [];
  let last: number | undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (waits && last !== undefined) {
      const gap = Math.round(key.at - last);
      if (gap >= SHORTEST_WAIT_MS) out.push({ kind: 'delay', ms: Math.min(LONGEST_WAIT_MS, gap) });
    }
    const next = keys[i + 1];
    if (key.down && next && !next.down && next.code === key.code && (!waits || next.at - key.at < TAP_MS)) {
      out.push({ kind: 'tap', code: key.code });
      last = next.at;
      i++;
      continue;
    }
    out.push({ kind: key.down ? 'down' : 'up', code: key.code });
    last = key.at;
  }
  return out;
}
