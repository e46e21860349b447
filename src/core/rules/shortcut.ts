/**
 * Shortcut rules (spec-1 §5): key counts per type, mod-tap hold time, and the key-code categories a shortcut cannot use.
 */
import {
  SHORTCUT_HOLD_TIME,
  SHORTCUT_KEY_LIMIT,
  SHORTCUT_TYPE,
  type ShortcutItem,
  type ShortcutTypeId,
} from '../advanced-keys.ts';
import type { Capabilities, ShortcutKind } from '../capabilities.ts';
import { TOAST_KEYS } from '../toast-keys.ts';
import { OK, fail, type RuleResult } from './result.ts';
import { checkNumber } from './numeric.ts';

const KIND_OF: Record<ShortcutTypeId, ShortcutKind> = {
  [SHORTCUT_TYPE.replace]: 'replace',
  [SHORTCUT_TYPE.action]: 'action',
  [SHORTCUT_TYPE.lock]: 'lock',
  [SHORTCUT_TYPE.modTap]: 'modTap',
  [SHORTCUT_TYPE.toggle]: 'toggle',
};

export function isShortcutType(n: number): n is ShortcutTypeId {
  return Object.prototype.hasOwnProperty.call(KIND_OF, n);
}

/** The shortcut types step 1 of the editor offers on this device (toggle and mod-tap only on newer firmware). */
export function offeredShortcutTypes(caps: Capabilities): ShortcutTypeId[] {
  return (Object.keys(KIND_OF).map(Number) as ShortcutTypeId[]).filter((t) => caps.advanced.shortcutKinds[KIND_OF[t]]);
}

export function checkShortcutTypeOffered(scType: number, caps: Capabilities): RuleResult {
  return isShortcutType(scType) && caps.advanced.shortcutKinds[KIND_OF[scType]] ? OK : fail(TOAST_KEYS.notApply);
}

/** Key-code categories that cannot go into a shortcut; choosing one shows warn.not.apply. */
const SHORTCUT_REFUSED_CATEGORIES: readonly string[] = ['extended', 'os'];

export function checkShortcutCategory(category: string): RuleResult {
  return SHORTCUT_REFUSED_CATEGORIES.includes(category) ? fail(TOAST_KEYS.notApply) : OK;
}

/** The picker takes another key only below the type's limit. */
export function canAddShortcutKey(scType: ShortcutTypeId, currentCount: number): boolean {
  return currentCount < SHORTCUT_KEY_LIMIT[scType];
}

export function checkHoldTime(ms: number): RuleResult {
  return checkNumber(ms, SHORTCUT_HOLD_TIME.min, SHORTCUT_HOLD_TIME.max, {
    integer: true,
    toastKey: TOAST_KEYS.shortcutArgs,
  });
}

/**
 * A known type with between one key and its limit; mod-tap needs exactly its two keys (tap and hold) and a hold time
 * of 10-1000 ms.
 */
export function checkShortcutSave(item: ShortcutItem): RuleResult {
  if (!isShortcutType(item.sc_type)) return fail(TOAST_KEYS.shortcutArgs);
  const count = item.display.length;
  const limit = SHORTCUT_KEY_LIMIT[item.sc_type];
  const needed = item.sc_type === SHORTCUT_TYPE.modTap ? limit : 1;
  if (count < needed || count > limit) return fail(TOAST_KEYS.shortcutArgs);
  return item.sc_type === SHORTCUT_TYPE.modTap ? checkHoldTime(item.hold_time) : OK;
}
