import { TOAST_KEYS } from '../core/toast-keys';
import { pushKeyToast } from './toasts/store';

/** Copies text; answers whether the clipboard took it. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Copies text and says so: "Content copied to clipboard" (success) or "Failed to copy" (error), spec-2 §2.8. */
export async function copyAndSay(text: string): Promise<void> {
  pushKeyToast((await copyText(text)) ? TOAST_KEYS.copyDone : TOAST_KEYS.copyFailed);
}
