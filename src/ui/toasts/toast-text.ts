/**
 * One line of a toast in the page's language (spec-2 §3 Toast): a catalogue id, an id of a section a screen registered
 * when it loaded (settings, advanced keys, …), or literal text the service sent, whose '{}' placeholders the
 * arguments fill in order. Loaded with the toast renderer (Toasts.tsx), off the first screen's script.
 */
import { createTranslate, fillPlaceholders, isMessageId, type Language, type Translate } from '../../i18n/translate';

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
