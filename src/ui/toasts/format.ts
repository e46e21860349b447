/**
 * Reading and wording the service's toast_message payloads (spec-2 §3 Toast). Title and context are catalogue ids
 * when the catalogue knows them (the service sends keys such as 'err.dev.disconnected'), else literal text.
 */
import type { ToastPayload } from '../../service/bridge';
import { DEFAULT_TOAST_DELAY } from '../../core/toast-keys';
import { fillPlaceholders, isMessageId, type Translate } from '../../i18n/translate';

export type ToastKind = ToastPayload['type'];

/** The ';;'-joined argument string as a list; an empty string means no arguments. */
export function splitToastArgs(args: string | undefined): string[] {
  return args ? args.split(';;') : [];
}

/** One line of a toast: translated when it is a known id, then its '{}' placeholders filled from the arguments. */
export function toastText(text: string, args: readonly string[], t: Translate): string {
  if (text === '') return '';
  return isMessageId(text) ? t(text, ...args) : fillPlaceholders(text, args);
}

function toNumber(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** Accepts the payload as the service sends it, tolerating numbers sent as text; undefined when unusable. */
export function parseToastPayload(payload: unknown): ToastPayload | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const p = payload as Record<string, unknown>;
  const title = typeof p.title === 'string' ? p.title : '';
  const context = typeof p.context === 'string' ? p.context : '';
  if (title === '' && context === '') return undefined;
  const type = toNumber(p.type);
  const delay = toNumber(p.delay);
  return {
    title,
    context,
    args: typeof p.args === 'string' ? p.args : Array.isArray(p.args) ? p.args.map(String).join(';;') : '',
    type: type === 1 || type === 2 ? type : 0,
    delay: delay !== undefined && delay > 0 ? delay : DEFAULT_TOAST_DELAY,
  };
}

/** Errors and warnings end any loading state: the operation behind the overlay has failed or stopped. */
export function toastEndsLoading(type: ToastKind): boolean {
  return type === 1 || type === 2;
}
