/**
 * Reading and wording the service's toast_message payloads (spec-2 §3 Toast). Title and context are catalogue ids
 * when the catalogue knows them (the service sends keys such as 'err.dev.disconnected'), else literal text. The
 * payload's ';;'-joined args are the positional values of the one translation function: they fill a message's `{0}`,
 * `{1}` (or its spec-style `{}`) and its plural counts; literal text gets its '{}' placeholders filled in order.
 */
import type { ToastPayload } from '../../contract/bridge';
import { DEFAULT_TOAST_DELAY } from '../../core/toast-keys';
import { createTranslate, fillPlaceholders, isMessageId, type Language, type Translate } from '../../i18n/translate';

export type ToastKind = ToastPayload['type'];

/** The ';;'-joined argument string as a list; an empty string means no arguments. */
export function splitToastArgs(args: string | undefined): string[] {
  return args ? args.split(';;') : [];
}

// Quiet look-ups of the texts screens register when they load (settings, advanced keys, …): a toast they push is
// worded like the main catalogue's; literal text sent by the service is not an id, and must not warn as a missing one.
const quiet: Partial<Record<Language, Translate>> = {};
const ID_SHAPE = /^[a-z][a-zA-Z0-9_]*(\.[a-zA-Z0-9_-]+)+$/;
const warned = new Set<string>();

function registeredText(text: string, args: readonly string[], t: Translate): string | undefined {
  const worded = (quiet[t.language] ??= createTranslate(t.language, () => {})).dynamic(text, ...args);
  return worded === text ? undefined : worded;
}

/**
 * One line of a toast: translated when it is an id of the catalogue or of a registered section, else literal text
 * with its '{}' placeholders filled from the arguments. Text shaped like an id that nothing knows warns once.
 */
export function toastText(text: string, args: readonly string[], t: Translate): string {
  if (text === '') return '';
  if (isMessageId(text)) return t(text, ...args);
  const worded = registeredText(text, args, t);
  if (worded !== undefined) return worded;
  if (ID_SHAPE.test(text) && !warned.has(text)) {
    warned.add(text);
    console.warn(`Missing translation: ${text}`);
  }
  return fillPlaceholders(text, args);
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
