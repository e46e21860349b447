/**
 * ICU MessageFormat for the catalogue, by FormatJS's intl-messageformat (the formatter inside react-intl), with the
 * browser's Intl.PluralRules and Intl.NumberFormat. Two additions of our own around it:
 *
 * - `{}` is the spec's placeholder: the next positional argument, so `'{} of {}'` reads as `'{0} of {1}'`.
 * - An argument without a value stays visible as written (`{1}`), never blank and never an error.
 *
 * A production build parses the catalogue's texts at build time (scripts/i18n-precompile-plugin.ts), so the page
 * carries intl-messageformat without its parser and gets each text as FormatJS's parsed form; in development and
 * tests the texts are parsed here, by the same parser. Tags are text (`ignoreTag`): no catalogue text is rich text.
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';

export type MessageValue = string | number;

/** A catalogue text: ICU source, or the same text parsed at build time. */
export type MessageSource = string | readonly MessageFormatElement[];

export interface CompiledMessage {
  readonly ast: readonly MessageFormatElement[];
  /** The argument names the text uses, in order of first use. */
  readonly names: readonly string[];
  /** Names that stand for a `{}` of the source: without a value they show as `{}`, as written. */
  readonly auto: ReadonlySet<string>;
  /** A formatter per locale, made on first use. */
  readonly formats: Map<string, IntlMessageFormat>;
}

export class MessageSyntaxError extends Error {
  constructor(reason: string, source: string) {
    super(`${reason} in "${source}"`);
    this.name = 'MessageSyntaxError';
  }
}

/** The parser options, the same at build time and here. */
export const PARSE_OPTIONS = { ignoreTag: true } as const;

/** `{}` as `{0}`, `{1}`, … in order, outside quoted text (ICU quoting: `''` is an apostrophe, `'{…}'` is text). */
export function numberPlaceholders(source: string): string {
  return numbered(source).text;
}

function numbered(source: string): { text: string; count: number } {
  if (!source.includes('{}')) return { text: source, count: 0 };
  let out = '';
  let next = 0;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === "'") {
      const after = source[i + 1];
      if (after === "'") {
        out += "''";
        i++;
      } else if (after === '{' || after === '}') {
        const end = source.indexOf("'", i + 1);
        const stop = end < 0 ? source.length : end;
        out += source.slice(i, stop + 1);
        i = stop;
      } else out += ch;
    } else if (ch === '{' && source[i + 1] === '}') {
      out += `{${next++}}`;
      i++;
    } else out += ch;
  }
  return { text: out, count: next };
}

/** True when a text needs the formatter: it has an argument, a plural or quoting; otherwise it is shown as it is. */
export function needsFormatting(source: string): boolean {
  return source.includes('{') || source.includes("''");
}

function collectNames(elements: readonly MessageFormatElement[], into: string[]): string[] {
  for (const el of elements) {
    // Types (FormatJS TYPE): 0 literal, 1 argument, 2 number, 3 date, 4 time, 5 select, 6 plural, 7 pound, 8 tag.
    if (el.type >= 1 && el.type <= 6 && 'value' in el && typeof el.value === 'string' && !into.includes(el.value))
      into.push(el.value);
    if ((el.type === 5 || el.type === 6) && 'options' in el)
      for (const option of Object.values(el.options)) collectNames(option.value, into);
    if (el.type === 8 && 'children' in el) collectNames(el.children, into);
  }
  return into;
}

export function compileMessage(source: MessageSource): CompiledMessage {
  let ast: readonly MessageFormatElement[];
  const auto = new Set<string>();
  if (typeof source === 'string' && !needsFormatting(source)) {
    // Plain text needs no parser (a production build has none): one literal element.
    ast = [{ type: 0, value: source } as MessageFormatElement];
  } else if (typeof source === 'string') {
    const { text, count } = numbered(source);
    for (let i = 0; i < count; i++) auto.add(String(i));
    try {
      ast = new IntlMessageFormat(text, 'en', undefined, PARSE_OPTIONS).getAst();
    } catch (error) {
      throw new MessageSyntaxError(error instanceof Error ? error.message : String(error), source);
    }
  } else ast = source;
  return { ast, names: collectNames(ast, []), auto, formats: new Map() };
}

/** The argument names a text uses (for checks that two translations take the same values). */
export function argumentNames(message: CompiledMessage): readonly string[] {
  return message.names;
}

/**
 * Formats a compiled message. `values` are looked up by argument name: positional arguments `{0}`, `{1}` are indexes
 * into an array. An argument without a value stays visible as written (`{1}`, or `{}` where the source said so).
 */
export function formatMessage(
  message: CompiledMessage,
  locale: string,
  values: readonly MessageValue[] | Readonly<Record<string, MessageValue>>,
): string {
  const given = values as Readonly<Record<string, MessageValue | undefined>>;
  const filled: Record<string, MessageValue> = {};
  for (const name of message.names) filled[name] = given[name] ?? (message.auto.has(name) ? '{}' : `{${name}}`);
  let format = message.formats.get(locale);
  if (!format) {
    format = new IntlMessageFormat(message.ast as MessageFormatElement[], locale, undefined, PARSE_OPTIONS);
    message.formats.set(locale, format);
  }
  const out = format.format(filled);
  return Array.isArray(out) ? out.join('') : String(out);
}
