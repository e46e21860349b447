/**
 * Runs a call of the typed client from the UI: `await attempt(client.setKeyInfo({ path, index: 1 }))` answers
 * `{ ok: true, value }` with the call's typed answer, or `{ ok: false, error }`. A refused call (BridgeCallError) has
 * already been announced by the service with its own toast_message, so it is only logged here; anything else is
 * unexpected and gets a toast of its own.
 */
import { BridgeCallError } from '../contract/bridge';
import { pushKeyToast } from './toasts/store';

export type Attempt<T> = { ok: true; value: T } | { ok: false; error: unknown };

export async function attempt<T>(pending: Promise<T>): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await pending };
  } catch (error) {
    if (error instanceof BridgeCallError) {
      console.info(`call refused: ${error.toastKey} (${error.message})`);
    } else {
      console.error('call failed', error);
      pushKeyToast('err.unexpected', error instanceof Error ? error.message : String(error));
    }
    return { ok: false, error };
  }
}
