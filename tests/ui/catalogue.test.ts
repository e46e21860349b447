import { ALL_STATIC_TOAST_KEYS, themeNotAppliedKey } from '../../src/core/toast-keys';
import { en_US } from '../../src/i18n/en_US';
import { zh_CN } from '../../src/i18n/zh_CN';
import { argumentNames, compileMessage, type CompiledMessage } from '../../src/i18n/message-format';

/** The arguments a message takes, sorted. */
function argumentsOf(message: CompiledMessage): string[] {
  return [...argumentNames(message)].sort();
}

describe('catalogues', () => {
  const en = Object.keys(en_US).sort();
  const zh = Object.keys(zh_CN).sort();

  it('every English id exists in Chinese', () => {
    expect(en.filter((id) => !(id in zh_CN))).toEqual([]);
  });

  it('every Chinese id exists in English', () => {
    expect(zh.filter((id) => !(id in en_US))).toEqual([]);
  });

  it('no text is empty, and both languages take the same arguments', () => {
    for (const id of en) {
      const a = (en_US as Record<string, string>)[id]!;
      const b = (zh_CN as Record<string, string>)[id]!;
      expect(a.trim(), id).not.toBe('');
      expect(b.trim(), id).not.toBe('');
      expect(argumentsOf(compileMessage(b)), id).toEqual(argumentsOf(compileMessage(a)));
    }
  });

  it('English counts use plural forms, never “(s)”', () => {
    const withS = en.filter((id) => /\(s\)/.test((en_US as Record<string, string>)[id]!));
    expect(withS).toEqual([]);
    for (const id of en) {
      const a = (en_US as Record<string, string>)[id]!;
      if (a.includes('plural,')) expect(a, id).toMatch(/\bone \{.*\bother \{/);
    }
  });

  // Short names (Snap Tap, USB, 2.4G) legitimately read the same in both; a sentence never should.
  it('the Chinese catalogue has no English sentence left untranslated', () => {
    const untranslated = en.filter((id) => {
      const a = (en_US as Record<string, string>)[id]!;
      const b = (zh_CN as Record<string, string>)[id]!;
      return /[a-z]{3,} [a-z]{2,} [a-z]{3,}/i.test(a) && a === b;
    });
    expect(untranslated).toEqual([]);
  });

  it('carries every toast key the service can send', () => {
    const keys = [...ALL_STATIC_TOAST_KEYS, themeNotAppliedKey('mojo68rt'), themeNotAppliedKey('made68air')];
    expect(keys.filter((k) => !(k in en_US))).toEqual([]);
  });
});
