/**
 * Snap-tap and hyper-tap save rules (spec-1 §5). The caller passes the key ids of the current key table, since an id
 * that names no key cannot be bound.
 */
import { isKeyDescriptor, type HypertapEntry, type HypertapItem, type SnaptapItem } from '../advanced-keys.ts';
import { KC_NONE } from '../keycode-space.ts';
import { TOAST_KEYS } from '../toast-keys.ts';
import { OK, fail, type RuleResult } from './result.ts';

export type KeyIdSet = ReadonlySet<number> | readonly number[];

const has = (ids: KeyIdSet, id: number): boolean => ('has' in ids ? ids.has(id) : ids.includes(id));

/**
 * Two distinct chosen keys (err.spkey.snaptap.args.cfg), both in the key table (err.spkey.hypertap.notkeyid.cfg: the
 * spec uses the hyper-tap text for both).
 */
export function checkSnaptapSave(item: SnaptapItem, validKeyIds: KeyIdSet): RuleResult {
  const [a, b] = item.display;
  if (item.display.length !== 2 || !a || !b || a.key_id < 0 || b.key_id < 0 || a.key_id === b.key_id) {
    return fail(TOAST_KEYS.snaptapArgs);
  }
  return has(validKeyIds, a.key_id) && has(validKeyIds, b.key_id) ? OK : fail(TOAST_KEYS.keyIdNotFound);
}

/** The first key of a hyper-tap item, or undefined while none is chosen. */
export function hypertapFirstKey(item: HypertapItem): number | undefined {
  const first = item.display[0];
  return first && !isKeyDescriptor(first) && first.key_id >= 0 ? first.key_id : undefined;
}

function secondChosen(entry: HypertapEntry, form: 'key-id' | 'key-descriptor'): boolean {
  return isKeyDescriptor(entry)
    ? form === 'key-descriptor' && entry.code !== KC_NONE
    : form === 'key-id' && entry.key_id >= 0;
}

/**
 * Both entries present (err.spkey.hypertap.args.cfg); the first is always a key id, the second a key id or, in the
 * older form, a key code. Key ids must be in the key table (err.spkey.hypertap.notkeyid.cfg). A first key already used
 * by another hyper-tap item is refused (err.spkey.hypertap.duplicate.cfg).
 */
export function checkHypertapSave(
  item: HypertapItem,
  validKeyIds: KeyIdSet,
  existing: readonly HypertapItem[],
  secondEntry: 'key-id' | 'key-descriptor' = 'key-id',
): RuleResult {
  const [, second] = item.display;
  const first = hypertapFirstKey(item);
  if (item.display.length !== 2 || first === undefined || !second || !secondChosen(second, secondEntry)) {
    return fail(TOAST_KEYS.hypertapArgs);
  }

  const secondId = isKeyDescriptor(second) ? undefined : second.key_id;
  if (!has(validKeyIds, first) || (secondId !== undefined && !has(validKeyIds, secondId))) {
    return fail(TOAST_KEYS.keyIdNotFound);
  }
  const isOther = (other: HypertapItem): boolean => item.id_num < 0 || other.id_num !== item.id_num;
  if (existing.some((other) => isOther(other) && hypertapFirstKey(other) === first)) {
    return fail(TOAST_KEYS.hypertapDuplicateFirstKey);
  }
  return OK;
}
