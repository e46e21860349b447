/**
 * ICU MessageFormat for the catalogue: the subset Keytune's texts use, compiled once per message and formatted with
 * the browser's Intl.PluralRules and Intl.NumberFormat. Output matches FormatJS (react-intl's intl-messageformat) for
 * every catalogue message; tests/i18n/conformance.test.ts holds both to it. Why not FormatJS itself on the page:
 * docs/i18n.md.
 *
 * Supported: text; `{0}` arguments; `{0, number}` (styles integer, percent); `{0, plural, …}` and
 * `{0, selectordinal, …}` with `=N` cases, `offset:N` and `#`; `{0, select, …}`; apostrophe quoting as ICU
 * ('' is one apostrophe, '{…}' is literal text). `{}` is the spec's placeholder: the next positional argument, so
 * `'{} of {}'` reads as `'{0} of {1}'`. Anything else (date, time, skeletons, tags) is refused at compile time.
 */

export type MessageValue = string | number;

export type MessagePart =
  | string
  | { readonly kind: 'pound' }
  | { readonly kind: 'arg'; readonly name: string; readonly source: string }
  | {
      readonly kind: 'number';
      readonly name: string;
      readonly source: string;
      readonly options: Intl.NumberFormatOptions;
    }
  | {
      readonly kind: 'plural';
      readonly name: string;
      readonly source: string;
      readonly type: Intl.PluralRuleType;
      readonly offset: number;
      readonly options: Readonly<Record<string, CompiledMessage>>;
    }
  | {
      readonly kind: 'select';
      readonly name: string;
      readonly source: string;
      readonly options: Readonly<Record<string, CompiledMessage>>;
    };

export type CompiledMessage = readonly MessagePart[];

export class MessageSyntaxError extends Error {
  constructor(reason: string, source: string, position: number) {
    super(`${reason} at ${position} in "${source}"`);
    this.name = 'MessageSyntaxError';
  }
}

const NUMBER_STYLES: Readonly<Record<string, Intl.NumberFormatOptions>> = {
  integer: { maximumFractionDigits: 0 },
  percent: { style: 'percent' },
};

/** Characters after an apostrophe that start quoted text (as ICU and FormatJS; '#' only inside a plural). */
const QUOTABLE = new Set(['{', '}', '<', '>']);

export function compileMessage(source: string): CompiledMessage {
  let pos = 0;
  let nextAuto = 0;
  const fail = (reason: string): never => {
    throw new MessageSyntaxError(reason, source, pos);
  };
  const skipSpace = () => {
    while (pos < source.length && /\s/.test(source[pos]!)) pos++;
  };
  const word = (stop: RegExp): string => {
    const start = pos;
    while (pos < source.length && !stop.test(source[pos]!)) pos++;
    return source.slice(start, pos);
  };
  const expect = (ch: string) => {
    if (source[pos] !== ch) fail(`expected "${ch}"`);
    pos++;
  };

  /** At an apostrophe: the text it stands for, moving past it. */
  function quote(inPlural: boolean): string {
    const next = source[pos + 1];
    if (next === "'") {
      pos += 2;
      return "'";
    }
    if (next === undefined || !(QUOTABLE.has(next) || (inPlural && next === '#'))) {
      pos++;
      return "'";
    }
    pos++;
    let text = '';
    while (pos < source.length) {
      if (source[pos] === "'") {
        if (source[pos + 1] === "'") {
          text += "'";
          pos += 2;
          continue;
        }
        pos++;
        return text;
      }
      text += source[pos++];
    }
    return text;
  }

  function message(depth: number, inPlural: boolean): MessagePart[] {
    const parts: MessagePart[] = [];
    let text = '';
    const flush = () => {
      if (text) parts.push(text);
      text = '';
    };
    while (pos < source.length) {
      const ch = source[pos]!;
      if (ch === '{') {
        flush();
        parts.push(argument(depth));
      } else if (ch === '}') {
        if (depth === 0) fail('unmatched "}"');
        break;
      } else if (ch === '#' && inPlural) {
        flush();
        parts.push({ kind: 'pound' });
        pos++;
      } else if (ch === "'") {
        text += quote(inPlural);
      } else {
        text += ch;
        pos++;
      }
    }
    flush();
    return parts;
  }

  function options(depth: number, inPlural: boolean): Record<string, CompiledMessage> {
    const result: Record<string, CompiledMessage> = {};
    for (;;) {
      skipSpace();
      if (source[pos] === '}' || pos >= source.length) break;
      const selector = word(/[\s{}]/);
      if (!selector) fail('expected a case name');
      if (Object.prototype.hasOwnProperty.call(result, selector)) fail(`duplicate case "${selector}"`);
      skipSpace();
      expect('{');
      result[selector] = message(depth + 1, inPlural);
      expect('}');
    }
    if (!Object.prototype.hasOwnProperty.call(result, 'other')) fail('missing the "other" case');
    return result;
  }

  function argument(depth: number): MessagePart {
    const start = pos;
    pos++;
    if (source[pos] === '}') {
      pos++;
      return { kind: 'arg', name: String(nextAuto++), source: '{}' };
    }
    skipSpace();
    const name = word(/[\s,{}]/);
    if (!name) fail('expected an argument name');
    skipSpace();
    if (source[pos] === '}') {
      pos++;
      return { kind: 'arg', name, source: source.slice(start, pos) };
    }
    expect(',');
    skipSpace();
    const type = word(/[\s,{}]/);
    skipSpace();
    if (type === 'number') {
      let numberOptions: Intl.NumberFormatOptions = {};
      if (source[pos] === ',') {
        pos++;
        const style = word(/[}]/).trim();
        const known = NUMBER_STYLES[style];
        if (!known) fail(`unsupported number style "${style}"`);
        numberOptions = known!;
      }
      expect('}');
      return { kind: 'number', name, source: source.slice(start, pos), options: numberOptions };
    }
    if (type === 'plural' || type === 'selectordinal') {
      expect(',');
      skipSpace();
      let offset = 0;
      if (source.startsWith('offset:', pos)) {
        pos += 'offset:'.length;
        skipSpace();
        const digits = word(/[^\d]/);
        if (!digits) fail('expected an offset');
        offset = Number(digits);
      }
      const cases = options(depth, true);
      expect('}');
      return {
        kind: 'plural',
        name,
        source: source.slice(start, pos),
        type: type === 'plural' ? 'cardinal' : 'ordinal',
        offset,
        options: cases,
      };
    }
    if (type === 'select') {
      expect(',');
      const cases = options(depth, false);
      expect('}');
      return { kind: 'select', name, source: source.slice(start, pos), options: cases };
    }
    return fail(`unsupported argument type "${type}"`);
  }

  const parts = message(0, false);
  return parts;
}

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function rulesFor(locale: string, type: Intl.PluralRuleType): Intl.PluralRules {
  const key = `${locale}|${type}`;
  let rules = pluralRules.get(key);
  if (!rules) pluralRules.set(key, (rules = new Intl.PluralRules(locale, { type })));
  return rules;
}

function numberFormatFor(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/**
 * Formats a compiled message. `values` are looked up by argument name: positional arguments `{0}`, `{1}` are indexes
 * into an array. An argument without a value stays visible as written (`{}`, `{1}`), never blank.
 */
export function formatMessage(
  message: CompiledMessage,
  locale: string,
  values: readonly MessageValue[] | Readonly<Record<string, MessageValue>>,
  pluralValue?: number,
): string {
  let out = '';
  for (const part of message) {
    if (typeof part === 'string') {
      out += part;
      continue;
    }
    if (part.kind === 'pound') {
      out += pluralValue === undefined ? '#' : numberFormatFor(locale).format(pluralValue);
      continue;
    }
    const value = (values as Readonly<Record<string, MessageValue | undefined>>)[part.name];
    if (value === undefined) {
      out += part.source;
      continue;
    }
    switch (part.kind) {
      case 'arg':
        out += String(value);
        break;
      case 'number':
        out += numberFormatFor(locale, part.options).format(Number(value));
        break;
      case 'select': {
        const chosen = own(part.options, String(value)) ?? part.options.other!;
        out += formatMessage(chosen, locale, values);
        break;
      }
      case 'plural': {
        const n = Number(value);
        const exact = own(part.options, `=${value}`);
        const chosen =
          exact ?? own(part.options, rulesFor(locale, part.type).select(n - part.offset)) ?? part.options.other!;
        out += formatMessage(chosen, locale, values, n - part.offset);
        break;
      }
    }
  }
  return out;
}

function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}
