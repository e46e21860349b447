/**
 * The outcome of a validation rule. A refusal carries the toast the user sees, so the UI (disabling a button early)
 * and the device service (refusing a call) tell the user the same thing.
 */
import { toastStyle, type ToastType } from '../toast-keys.ts';

export interface RuleFailure {
  ok: false;
  toastKey: string;
  type: ToastType;
  /** Seconds. */
  delay: number;
}

export type RuleResult = { ok: true } | RuleFailure;

/** A rule that also hands back the accepted value (parsed or normalised). */
export type ValueResult<T> = { ok: true; value: T } | RuleFailure;

export const OK: { ok: true } = Object.freeze({ ok: true });

/** A refusal with the key's own toast type and duration (see toast-keys.ts). */
export function fail(toastKey: string): RuleFailure {
  const { type, delay } = toastStyle(toastKey);
  return { ok: false, toastKey, type, delay };
}

export function accept<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

/** The first refusal among several rules, or OK. */
export function firstFailure(...results: RuleResult[]): RuleResult {
  return results.find((r): r is RuleFailure => !r.ok) ?? OK;
}
