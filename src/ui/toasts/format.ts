/**
 * Reading and wording the service's toast_message payloads (spec-2 §3 Toast). Title and context are catalogue ids
 * when the catalogue knows them (the service sends keys such as 'err.dev.disconnected'), else literal text. The
 * payload's ';;'-joined args are the positional values of the one translation function: they fill a message's `{0}`,
 * `{1}` (or its spec-style `{}`) and its plural counts; literal text gets its '{}' placeholders filled in order.
 */
import type { ToastPayload } from '../../contract/bridge';
import { DEFAULT_TOAST_DELAY } from '../../core/toast-keys';

export type ToastKind = ToastPayload['type'];
// The wording of a toast's lines (toastText) lives in toast-text.ts, loaded with the toast renderer.

/** The ';;'-joined argument string as a list; an empty string means no arguments. */
export function splitToastArgs(args: string | undefined): string[] {
  return args ? args.split(';;') : [];
}

/** The toast to show for a toast_message payload: undefined when it has no text; a delay of 0 takes the default. */
export function toastToShow(payload: ToastPayload): ToastPayload | undefined {
  if (payload.title === '' && payload.context === '') return undefined;
  return { ...payload, delay: payload.delay > 0 ? payload.delay : DEFAULT_TOAST_DELAY };
}

/** Errors and warnings end any loading state: the operation behind the overlay has failed or stopped. */
export function toastEndsLoading(type: ToastKind): boolean {
  return type === 1 || type === 2;
}
