/**
 * Parses the catalogue's ICU texts at build time, so the page carries intl-messageformat without its parser
 * (~7 kB gzipped less; FormatJS's documented way, "@formatjs/icu-messageformat-parser/no-parser"). In the modules of
 * src/i18n (the two catalogues and every section), each text with an argument, a plural or quoting becomes FormatJS's
 * parsed form, the same that src/i18n/message-format.ts would make at run time; plain texts stay strings. Development
 * and tests keep the parser and parse at run time. Build only.
 */
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import { needsFormatting, numberPlaceholders, PARSE_OPTIONS } from '../src/i18n/message-format.ts';

const CATALOGUE_MODULE = /\/src\/i18n\/(?:en_US|zh_CN|sections\/[\w-]+)\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/** Every string literal that is the value of an object property, in source order. */
function propertyStrings(node: unknown, out: Node[] = []): Node[] {
  if (Array.isArray(node)) {
    for (const child of node) propertyStrings(child, out);
    return out;
  }
  if (!isNode(node)) return out;
  if (node.type === 'Property') {
    const value = node.value;
    if (isNode(value) && value.type === 'Literal' && typeof value.value === 'string') out.push(value);
    else propertyStrings(value, out);
    return out;
  }
  for (const [key, child] of Object.entries(node)) if (key !== 'type') propertyStrings(child, out);
  return out;
}

/** A catalogue text in the form the page formats: parsed when it needs formatting, else as it is. */
export function precompiled(text: string): string | MessageFormatElement[] {
  return needsFormatting(text) ? parse(numberPlaceholders(text), PARSE_OPTIONS) : text;
}

export function i18nPrecompile(): Plugin {
  return {
    name: 'keytune-i18n-precompile',
    apply: 'build',
    enforce: 'post',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
      },
    }),
    transform(code, id) {
      if (!CATALOGUE_MODULE.test(id.split('?')[0]!)) return null;
      const strings = propertyStrings(this.parse(code)).filter((s) => needsFormatting(s.value as string));
      if (strings.length === 0) return null;
      let out = '';
      let at = 0;
      for (const s of strings) {
        out += code.slice(at, s.start) + JSON.stringify(precompiled(s.value as string));
        at = s.end;
      }
      return { code: out + code.slice(at), map: null };
    },
  };
}
