/**
 * The device calls of the advanced-key area. A call the service refuses is announced by the service's own toast;
 * a refusal decided here, before calling, gets the same toast with the spec's type and duration.
 */
import {
  ADVANCED_TYPE,
  CHANGE_TYPE,
  needsKeyBinding,
  saveChangeType,
  type AdvancedItem,
} from '../../../../core/advanced-keys';
import type { RuleFailure } from '../../../../core/rules/result';
import { toastStyle } from '../../../../core/toast-keys';
import type { Client } from '../../../../contract/client';
import type { CallArgs } from '../../../../contract/contract';
import type { ItemPlace } from '../../../../contract/payloads/advanced';
import { attempt } from '../../../call';
import { useToastStore } from '../../../toasts/store';

type ItemArg = Pick<CallArgs<'setFuncInfo'>, 'dks' | 'shortcut' | 'macro' | 'snaptap' | 'hypertap'>;

/** The set_func_info argument that carries an item: the one named after its list. */
function itemArg(item: AdvancedItem): ItemArg {
  switch (item.type) {
    case ADVANCED_TYPE.dks:
      return { dks: item };
    case ADVANCED_TYPE.shortcut:
      return { shortcut: item };
    case ADVANCED_TYPE.macro:
      return { macro: item };
    case ADVANCED_TYPE.snaptap:
      return { snaptap: item };
    case ADVANCED_TYPE.hypertap:
      return { hypertap: item };
  }
}

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

/**
 * Adds (id below 0) or edits an item. A new key-bound item goes onto `keyIds` too, so selecting keys and then
 * adding binds it in one step.
 */
export async function saveItem(
  client: Client,
  path: string,
  item: AdvancedItem,
  keyIds: readonly number[] = [],
): Promise<boolean> {
  const changeType = saveChangeType(item.id_num);
  const bindTo = changeType === CHANGE_TYPE.add && needsKeyBinding(item.type) && keyIds.length > 0 ? keyIds : undefined;
  const result = await attempt(
    client.setFuncInfo({
      path,
      change_type: changeType,
      ...itemArg(item),
      ...(bindTo ? { key_ids: [...bindTo] } : {}),
    }),
  );
  return result.ok;
}

export async function deleteItem(client: Client, path: string, item: AdvancedItem): Promise<boolean> {
  const result = await attempt(client.setFuncInfo({ path, change_type: CHANGE_TYPE.delete, ...itemArg(item) }));
  return result.ok;
}

/** Puts an item's keyword ("D3") on keys of one layer. */
export async function bindKeyword(
  client: Client,
  path: string,
  layer: number,
  keyIds: readonly number[],
  keyword: string,
): Promise<boolean> {
  const result = await attempt(client.setKeyInfo({ path, index: layer, select: [...keyIds], keywords: keyword }));
  return result.ok;
}

/** The key an item sits on, for devices whose items name their own key (libhmk); undefined elsewhere. */
export function placeOf(item: AdvancedItem): { layer: number; keyId: number } | undefined {
  const { key_id: keyId, layer } = item as AdvancedItem & ItemPlace;
  return typeof keyId === 'number' ? { layer: typeof layer === 'number' ? layer : 0, keyId } : undefined;
}

/** Binds an item that sits on one key by moving it onto `keyId` of `layer` (set_func_info edit with that key). */
export async function moveItem(
  client: Client,
  path: string,
  item: AdvancedItem,
  layer: number,
  keyId: number,
): Promise<boolean> {
  const shown = await attempt(client.setKeyInfo({ path, index: layer }));
  if (!shown.ok) return false;
  const result = await attempt(
    client.setFuncInfo({ path, change_type: CHANGE_TYPE.edit, ...itemArg(item), key_ids: [keyId] }),
  );
  return result.ok;
}
