/**
 * The device calls of the advanced-key area. A call the service refuses is announced by the service's own toast;
 * a refusal decided here, before calling, gets the same toast with the spec's type and duration.
 */
import {
  ADVANCED_TYPE_NAMES,
  CHANGE_TYPE,
  needsKeyBinding,
  saveChangeType,
  type AdvancedItem,
} from '../../../../core/advanced-keys';
import type { RuleFailure } from '../../../../core/rules/result';
import { toastStyle } from '../../../../core/toast-keys';
import type { Bridge } from '../../../../service/bridge';
import { callService } from '../../../call';
import { useToastStore } from '../../../toasts/store';

/** Shows the toast of a spec key the way the service would have (toast-keys.ts gives its type and delay). */
export function showToast(toastKey: string): void {
  const { type, delay } = toastStyle(toastKey);
  useToastStore.getState().push({ title: toastKey, context: '', args: '', type, delay });
}

export function showRefusal(failure: RuleFailure): void {
  useToastStore
    .getState()
    .push({ title: failure.toastKey, context: '', args: '', type: failure.type, delay: failure.delay });
}

export async function loadFuncInfo(bridge: Bridge, path: string): Promise<{ ok: boolean; value?: unknown }> {
  const result = await callService(bridge, 'dev_info', 'get_key_func_info', { path });
  return result.ok ? { ok: true, value: result.value } : { ok: false };
}

/**
 * Adds (id below 0) or edits an item. A new key-bound item goes onto `keyIds` too, so selecting keys and then
 * adding binds it in one step.
 */
export async function saveItem(
  bridge: Bridge,
  path: string,
  item: AdvancedItem,
  keyIds: readonly number[] = [],
): Promise<boolean> {
  const changeType = saveChangeType(item.id_num);
  const bindTo = changeType === CHANGE_TYPE.add && needsKeyBinding(item.type) && keyIds.length > 0 ? keyIds : undefined;
  const result = await callService(bridge, 'dev_info', 'set_func_info', {
    path,
    change_type: String(changeType),
    [ADVANCED_TYPE_NAMES[item.type] ?? 'dks']: item,
    key_ids: bindTo,
  });
  return result.ok;
}

export async function deleteItem(bridge: Bridge, path: string, item: AdvancedItem): Promise<boolean> {
  const result = await callService(bridge, 'dev_info', 'set_func_info', {
    path,
    change_type: String(CHANGE_TYPE.delete),
    [ADVANCED_TYPE_NAMES[item.type] ?? 'dks']: item,
  });
  return result.ok;
}

/** Puts an item's keyword ("D3") on keys of one layer. */
export async function bindKeyword(
  bridge: Bridge,
  path: string,
  layer: number,
  keyIds: readonly number[],
  keyword: string,
): Promise<boolean> {
  const result = await callService(bridge, 'dev_info', 'set_key_info', {
    path,
    index: String(layer),
    select: [...keyIds],
    keywords: keyword,
  });
  return result.ok;
}
