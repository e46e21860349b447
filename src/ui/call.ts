/**
 * Calls the service from the UI. A refused call (BridgeCallError) has already been announced by the service with its
 * own toast_message, so it is only logged here; anything else is unexpected and gets a toast of its own.
 */
import { BridgeCallError, buildArgs, type Bridge } from '../service/bridge';
import { useToastStore } from './toasts/store';

export type CallResult = { ok: true; value: unknown } | { ok: false; error: unknown };

export async function callService(
  bridge: Bridge,
  channel: string,
  func: string,
  args: Record<string, unknown> | readonly string[] = [],
): Promise<CallResult> {
  const list = Array.isArray(args) ? (args as readonly string[]) : buildArgs(args as Record<string, unknown>);
  try {
    return { ok: true, value: await bridge.call(channel, func, list) };
  } catch (error) {
    if (error instanceof BridgeCallError) {
      console.info(`${channel} ${func} refused: ${error.toastKey} (${error.message})`);
    } else {
      console.error(`${channel} ${func} failed`, error);
      useToastStore.getState().push({
        title: 'err.unexpected',
        context: '',
        args: error instanceof Error ? error.message : String(error),
        type: 1,
        delay: 5,
      });
    }
    return { ok: false, error };
  }
}
