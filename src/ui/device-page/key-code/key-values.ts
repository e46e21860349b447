/**
 * The key value info (spec-1 §3) as the Key code tab reads it from get_key_value_info, checked at the edge, and the
 * optimistic edits applied to it before the device confirms.
 */
import { z } from 'zod';
import type { AdvancedItem } from '../../../core/advanced-keys';
import type { FuncLists } from '../../keyboard/assignment';

// Items are the service's own shapes; the tab only needs to know they are items to summarise them.
const itemSchema = z.custom<AdvancedItem>(
  (v) =>
    typeof v === 'object' &&
    v !== null &&
    typeof (v as { id_num?: unknown }).id_num === 'number' &&
    typeof (v as { type?: unknown }).type === 'number' &&
    Array.isArray((v as { display?: unknown }).display),
);
const listSchema = z.array(itemSchema).optional().catch(undefined);

const keyValueSchema = z.object({
  path: z.string().optional(),
  kcm_size: z.number().int().min(1),
  kcm_index: z.number().int().min(0).optional(),
  keycodes: z.array(z.array(z.number().int().min(0).max(0xffff))),
  dks_list: listSchema,
  shortcut_list: listSchema,
  macro_list: listSchema,
  snaptap_list: listSchema,
  hypertap_list: listSchema,
});

export type KeyValueInfo = Omit<z.infer<typeof keyValueSchema>, keyof FuncLists> & FuncLists;

/** The payload when it is a usable key value info, else undefined (the tab keeps what it had). */
export function parseKeyValueInfo(payload: unknown): KeyValueInfo | undefined {
  const result = keyValueSchema.safeParse(payload);
  return result.success ? result.data : undefined;
}

const funcListsSchema = z.object({
  dks_list: listSchema,
  shortcut_list: listSchema,
  macro_list: listSchema,
  snaptap_list: listSchema,
  hypertap_list: listSchema,
});

/** The advanced-key lists of a get_key_func_info payload, to keep the drawing's tooltips current. */
export function parseFuncLists(payload: unknown): FuncLists | undefined {
  const result = funcListsSchema.safeParse(payload);
  if (!result.success) return undefined;
  const lists = Object.fromEntries(Object.entries(result.data).filter(([, v]) => v !== undefined));
  return Object.keys(lists).length > 0 ? (lists as FuncLists) : undefined;
}

/** True when an event payload is for this device (payloads without a path are taken as ours). */
export function isForPath(payload: unknown, path: string): boolean {
  if (typeof payload !== 'object' || payload === null || !('path' in payload)) return true;
  const p = (payload as { path?: unknown }).path;
  return p === undefined || p === path;
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
