/**
 * Language choice and message lookup, without React so start-up code and tests can use it directly. Messages are ICU
 * MessageFormat (message-format.ts); the UI passes values positionally, `t(id, a, b)` filling `{0}` and `{1}`.
 */
import { en_US, type CatalogueId, type MessageId } from './en_US';
import {
  compileMessage,
  formatMessage,
  needsFormatting,
  type CompiledMessage,
  type MessageSource,
  type MessageValue,
} from './message-format';
import { zh_CN } from './zh_CN';

export type { MessageId } from './en_US';
export type { MessageValue } from './message-format';

export const LANGUAGES = ['en_US', 'zh_CN'] as const;
export type Language = (typeof LANGUAGES)[number];

export type Catalogue = Readonly<Record<CatalogueId, string>>;

export const CATALOGUES: Readonly<Record<Language, Catalogue>> = { en_US, zh_CN };

/** The BCP 47 tag of each language: plural rules and number formats follow it. */
export const LOCALES: Readonly<Record<Language, string>> = { en_US: 'en-US', zh_CN: 'zh-CN' };

/**
 * The saved preference wins, else the browser locale with '-' turned into '_'. Only Chinese gets the Chinese
 * catalogue; every other locale (and nothing at all) gets English.
 */
export function resolveLanguage(saved: string | undefined, browserLocale: string | undefined): Language {
  const raw = (saved?.trim() || browserLocale?.trim() || 'en_US').replace(/-/g, '_');
  return raw.toLowerCase().startsWith('zh') ? 'zh_CN' : 'en_US';
}

/**
 * The spec's rule for text that is not a catalogue message (a toast title or context the service sends as plain
 * text): each '{}' takes the next value; placeholders without a value stay visible.
 */
export function fillPlaceholders(template: string, values: readonly MessageValue[]): string {
  let next = 0;
  return template.replace(/\{\}/g, (placeholder) => (next < values.length ? String(values[next++]) : placeholder));
}

export function isMessageId(id: string): id is MessageId {
  return Object.prototype.hasOwnProperty.call(en_US, id);
}

/** True for `string` and template patterns such as `tab.${string}`; false for literal ids and unions of them. */
type IsComputed<S extends string> = Record<never, never> extends Record<S, 1> ? true : false;

/**
 * A literal id must be one of the catalogue's ids (a typo fails the type check). An id computed at run time (typed
 * `string`) passes the type check and is checked when shown: an unknown one shows itself and warns once.
 */
export type CheckedId<Id extends string> = IsComputed<Id> extends true ? Id : MessageId;

export interface Translate {
  /** The message `id` with `values` filling `{0}`, `{1}`, … in order. */
  <Id extends string>(id: Id & CheckedId<Id>, ...values: MessageValue[]): string;
  /** For ids that only exist at run time (toast titles from the service, keys built from data). */
  dynamic(id: string, ...values: MessageValue[]): string;
  /** The language this function speaks. */
  readonly language: Language;
}

export type Warn = (message: string) => void;

const registered: Record<Language, Record<string, string>> = { en_US: {}, zh_CN: {} };

/**
 * Adds the texts of a part of the app that loads later (a widget, a screen behind `lazy()`), so they travel with its
 * code instead of the first screen's script. The module that uses them registers them when it loads, before any of
 * its components renders. Their ids reach `t` through `t.dynamic` or a helper typed by the section.
 */
export function registerTexts(en: Readonly<Record<string, string>>, zh: Readonly<Record<string, string>>): void {
  Object.assign(registered.en_US, en);
  Object.assign(registered.zh_CN, zh);
}

const warned = new Set<string>();

function warnOnce(warn: Warn, key: string, message: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  warn(message);
}

const languageOf = new WeakMap<object, Language>([
  [en_US, 'en_US'],
  [zh_CN, 'zh_CN'],
]);

/**
 * Builds `t(id, ...values)` for one catalogue (a Language or the catalogue itself). An unknown id is shown as the id
 * itself and reported once on the console, so a missing text is visible in the page and easy to find, never a blank.
 * A message the formatter cannot read is shown as written and reported once too.
 */
export function createTranslate(catalogue: Catalogue | Language, warn: Warn = console.warn): Translate {
  const language = typeof catalogue === 'string' ? catalogue : (languageOf.get(catalogue) ?? 'en_US');
  // A production build holds texts with arguments already parsed (message-format.ts): strings or parsed forms.
  const messages = (typeof catalogue === 'string' ? CATALOGUES[catalogue] : catalogue) as Readonly<
    Record<string, MessageSource | undefined>
  >;
  const locale = LOCALES[language];
  const compiled = new Map<string, CompiledMessage | null>();

  const translate = (id: string, ...values: MessageValue[]): string => {
    const source = Object.prototype.hasOwnProperty.call(messages, id)
      ? messages[id]
      : Object.prototype.hasOwnProperty.call(registered[language], id)
        ? registered[language][id]
        : undefined;
    if (source === undefined) {
      warnOnce(warn, id, `Missing translation: ${id}`);
      return id;
    }
    if (typeof source === 'string' && !needsFormatting(source)) return source;
    let message = compiled.get(id);
    if (message === undefined) {
      try {
        message = compileMessage(source);
      } catch (error) {
        warnOnce(warn, `${language}:${id}`, `Unreadable translation ${id} (${language}): ${String(error)}`);
        message = null;
      }
      compiled.set(id, message);
    }
    return message === null ? String(source) : formatMessage(message, locale, values);
  };
  return Object.assign(translate, { dynamic: translate, language }) as Translate;
}
