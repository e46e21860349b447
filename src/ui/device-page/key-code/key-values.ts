/**
 * The key value info (spec-1 §3) the Key code tab shows, as the contract types it (get_key_value_info), and the
 * optimistic edits applied to it before the device confirms.
 */
import type { EventPayloads } from '../../../contract/contract';
import type { FuncLists } from '../../keyboard/assignment';

export type KeyValueInfo = EventPayloads['get_key_value_info'];

/** The advanced-key lists of a get_key_func_info payload, to keep the drawing's tooltips current. */
export function funcListsOf(payload: EventPayloads['get_key_func_info']): Required<FuncLists> {
  const { dks_list, shortcut_list, macro_list, snaptap_list, hypertap_list } = payload;
  return { dks_list, shortcut_list, macro_list, snaptap_list, hypertap_list };
}

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
