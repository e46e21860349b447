/**
 * Language choice and message lookup, without React so start-up code and tests can use it directly.
 */
import { en_US, type MessageId } from './en_US';
import { zh_CN } from './zh_CN';

export const LANGUAGES = ['en_US', 'zh_CN'] as const;
export type Language = (typeof LANGUAGES)[number];

export type Catalogue = Readonly<Record<MessageId, string>>;

export const CATALOGUES: Readonly<Record<Language, Catalogue>> = { en_US, zh_CN };

/**
 * The saved preference wins, else the browser locale with '-' turned into '_'. Only Chinese gets the Chinese
 * catalogue; every other locale (and nothing at all) gets English.
 */
export function resolveLanguage(saved: string | undefined, browserLocale: string | undefined): Language {
  const raw = (saved?.trim() || browserLocale?.trim() || 'en_US').replace(/-/g, '_');
  return raw.toLowerCase().startsWith('zh') ? 'zh_CN' : 'en_US';
}

/** Replaces each '{}' with the next value; placeholders without a value stay visible. */
export function fillPlaceholders(template: string, values: readonly (string | number)[]): string {
  let next = 0;
  return template.replace(/\{\}/g, (placeholder) => (next < values.length ? String(values[next++]) : placeholder));
}

export function isMessageId(id: string): id is MessageId {
  return Object.prototype.hasOwnProperty.call(en_US, id);
}

export type Translate = (id: string, ...values: (string | number)[]) => string;

const warned = new Set<string>();

/**
 * Builds `t(id, ...values)`. An unknown id is shown as the id itself and reported once on the console, so a missing
 * text is visible in the page and easy to find, never a blank.
 */
export function createTranslate(catalogue: Catalogue, warn: (message: string) => void = console.warn): Translate {
  return (id, ...values) => {
    const template = (catalogue as Readonly<Record<string, string>>)[id];
    if (template === undefined) {
      if (!warned.has(id)) {
        warned.add(id);
        warn(`Missing translation: ${id}`);
      }
      return id;
    }
    return fillPlaceholders(template, values);
  };
}
