/**
 * The key value info (spec-1 §3) the Key code tab shows, as the contract types it (get_key_value_info), and the
 * optimistic edits applied to it before the device confirms, and the status lines about it.
 */
import type { EventPayloads } from '../../../contract/contract';

export type KeyValueInfo = EventPayloads['get_key_value_info'];

/** A copy with `code` on `keyIds` of `layer`. */
export function withCodes(info: KeyValueInfo, layer: number, keyIds: readonly number[], code: number): KeyValueInfo {
  const ids = new Set(keyIds);
  return {
    ...info,
    keycodes: info.keycodes.map((codes, l) => (l === layer ? codes.map((c, k) => (ids.has(k) ? code : c)) : codes)),
  };
}

/**
 * Undoes a refused optimistic edit: each key gets its code from before, unless something newer (an event) already
 * replaced the optimistic code, in which case the newer value stands.
 */
export function rollBack(
  info: KeyValueInfo,
  layer: number,
  before: ReadonlyMap<number, number>,
  optimistic: number,
): KeyValueInfo {
  return {
    ...info,
    keycodes: info.keycodes.map((codes, l) =>
      l === layer ? codes.map((c, k) => (c === optimistic && before.has(k) ? before.get(k)! : c)) : codes,
    ),
  };
}

/** A status line of the tab; a "set on keys" line holds only while those keys of that layer carry that code. */
export type Notice = { tone: 'hint' } | { tone: 'done'; code: number; layer: number; keys: number[] };

/** Whether a status line still says what the keys carry (after a reset, a layer switch or any other change, not). */
export function noticeHolds(notice: Notice, layer: number, codes: readonly number[] | undefined): boolean {
  if (notice.tone !== 'done') return true;
  return notice.layer === layer && codes !== undefined && notice.keys.every((id) => codes[id] === notice.code);
}
