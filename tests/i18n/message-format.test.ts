/// <reference types="vite/client" />
import { createIntl } from 'react-intl';
import { compileMessage, formatMessage, MessageSyntaxError } from '../../src/i18n/message-format';
import { CATALOGUES, LANGUAGES, LOCALES } from '../../src/i18n/translate';

/** FormatJS (react-intl) as the reference: the same text and values must read the same. */
function reference(source: string, locale: string, values: readonly (string | number)[]): string {
  let auto = 0;
  // `{}` is the spec's shorthand for the next positional argument; FormatJS knows only the numbered form.
  const numbered = source.replace(/\{\}/g, () => `{${auto++}}`);
  const intl = createIntl({
    locale,
    messages: { m: numbered },
    onError: (error) => {
      throw error;
    },
  });
  return String(intl.formatMessage({ id: 'm' }, Object.fromEntries(values.map((v, i) => [String(i), v]))));
}

const format = (source: string, values: readonly (string | number)[], locale = 'en-US') =>
  formatMessage(compileMessage(source), locale, values);

describe('ICU messages', () => {
  it('fills numbered arguments in any order', () => {
    expect(format('{1} before {0}', ['a', 'b'])).toBe('b before a');
  });

  it('reads {} as the next positional argument, as the spec writes toasts', () => {
    expect(format('{} of {}', [3, 7])).toBe('3 of 7');
  });

  it('keeps a placeholder without a value visible', () => {
    expect(format('{} and {}', ['a'])).toBe('a and {}');
    expect(format('{0} and {1}', ['a'])).toBe('a and {1}');
  });

  it('picks the plural form for a count, with exact cases first', () => {
    const source = '{0, plural, =0 {no keys} one {# key} other {# keys}}';
    expect([0, 1, 2, 1000].map((n) => format(source, [n]))).toEqual(['no keys', '1 key', '2 keys', '1,000 keys']);
  });

  it('uses each language’s plural rules (Chinese has one form)', () => {
    const source = '{0, plural, one {one form} other {other form}}';
    expect(format(source, [1], 'zh-CN')).toBe('other form');
    expect(format(source, [1], 'en-US')).toBe('one form');
  });

  it('supports select, offset, ordinals and quoting', () => {
    expect(format('{0, select, mouse {Mouse} other {Keyboard}}', ['mouse'])).toBe('Mouse');
    expect(format('{0, select, mouse {Mouse} other {Keyboard}}', ['x'])).toBe('Keyboard');
    expect(format('{0, plural, offset:1 =0 {nobody} one {you} other {you and # others}}', [3])).toBe(
      'you and 2 others',
    );
    expect(format('{0, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', [22])).toBe('22nd');
    expect(format("It's '{literal}' and ''quoted''", [])).toBe("It's {literal} and 'quoted'");
    expect(format('Key #{0}', [5])).toBe('Key #5');
  });

  it('refuses a malformed text instead of showing something wrong', () => {
    expect(() => compileMessage('{0, plural, one {# key}}')).toThrow(MessageSyntaxError);
    expect(() => compileMessage('{0')).toThrow(MessageSyntaxError);
  });

  it('takes a text parsed at build time as it takes its source', async () => {
    const { precompiled } = await import('../../scripts/i18n-precompile-plugin');
    const source = '{} set on {1, plural, one {# key} other {# keys}} of {}';
    const parsed = precompiled(source);
    expect(typeof parsed).not.toBe('string');
    for (const n of [1, 2, 1000])
      expect(formatMessage(compileMessage(parsed as Exclude<typeof parsed, string>), 'en-US', ['A1', n, 'B'])).toBe(
        format(source, ['A1', n, 'B']),
      );
    expect(precompiled('Plain text, no arguments')).toBe('Plain text, no arguments');
  });

  it('matches FormatJS on hand-picked messages', () => {
    const samples = [
      "Don't '{'escape'}' #{0} {1, plural, =1 {exactly one} one {# one} other {# other '#'}}",
      '{0, select, a {A {1, plural, one {# x} other {# xs}}} other {B}}',
      '{0, number} / {0, number, integer} / {0, number, percent}',
    ];
    for (const source of samples)
      for (const n of [0, 1, 2, 0.5, 1234])
        expect(format(source, [n, n]), `${source} @ ${n}`).toBe(reference(source, 'en-US', [n, n]));
  });
});

describe('every catalogue message', () => {
  const counts = [0, 1, 2, 5, 21, 1000];
  it.each(LANGUAGES)('%s reads the same as FormatJS for counts 0, 1, 2, 5, 21 and 1000', (language) => {
    const catalogue = CATALOGUES[language] as Readonly<Record<string, string>>;
    for (const [id, source] of Object.entries(catalogue))
      for (const n of counts) {
        const values = [n, n, n, n, n];
        expect(format(source, values, LOCALES[language]), id).toBe(reference(source, LOCALES[language], values));
      }
  });

  // Sections not yet spread into the catalogues are checked too, so a malformed text fails before it is wired.
  const sections = import.meta.glob<Record<string, unknown>>('../../src/i18n/sections/*.ts', { eager: true });
  it('every section file compiles', () => {
    const broken: string[] = [];
    for (const [file, exports] of Object.entries(sections))
      for (const section of Object.values(exports))
        for (const [id, source] of Object.entries(section as Record<string, string>))
          try {
            compileMessage(source);
          } catch (error) {
            broken.push(`${file} ${id}: ${String(error)}`);
          }
    expect(Object.keys(sections).length).toBeGreaterThan(1);
    expect(broken).toEqual([]);
  });
});
