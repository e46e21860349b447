/**
 * A rule's refusal as the error a call rejects with. Type and delay come from the one toast table
 * (core/toast-keys.ts, through the rule's failure), never from the handler.
 */
import type { RuleFailure } from '../core/rules/result.ts';
import { BridgeCallError } from '../contract/bridge.ts';

export function refusal(failure: RuleFailure, message?: string): BridgeCallError {
  return new BridgeCallError(failure.toastKey, message ?? failure.toastKey, [], {
    type: failure.type === 2 ? 2 : 1,
    delay: failure.delay,
  });
}

/** A caller's mistake in the arguments: refused with err.args.invalid. */
export function invalid(message: string): BridgeCallError {
  return new BridgeCallError('err.args.invalid', message);
}
