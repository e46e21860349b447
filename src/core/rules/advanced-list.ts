/**
 * Adding to an advanced-key list (spec-1 §5): refused with spkey.add.fill.warn (type 2, 7 s) when the device has no
 * free slot or the list is at capacity, and refused with warn.not.apply for a type this firmware does not offer.
 */
import { advancedTypeName } from '../advanced-keys.ts';
import type { Capabilities } from '../capabilities.ts';
import { TOAST_KEYS } from '../toast-keys.ts';
import { OK, fail, type RuleResult } from './result.ts';

/** One list of get_key_func_info: its capacity (*_size), free ids (*_unuse_id) and how many items it holds. */
export interface AdvancedListState {
  size: number;
  unuseIds: readonly number[];
  count: number;
}

export function checkCanAddAdvanced(list: AdvancedListState): RuleResult {
  return list.unuseIds.length === 0 || list.count >= list.size ? fail(TOAST_KEYS.advancedListFull) : OK;
}

/** A type this firmware does not offer gets warn.not.apply; a number that names no type is a bad argument. */
export function checkAdvancedTypeOffered(type: number, caps: Capabilities): RuleResult {
  const name = advancedTypeName(type);
  if (name === undefined) return fail(TOAST_KEYS.invalidArgs);
  return caps.advanced.types[name] ? OK : fail(TOAST_KEYS.notApply);
}
