// @vitest-environment jsdom
import { initLanguage, useLanguageStore } from '../../src/i18n/store';
import { createTranslate, fillPlaceholders, resolveLanguage } from '../../src/i18n/translate';
import { readCookie } from '../../src/ui/cookies';

describe('language resolution', () => {
  it('prefers the saved Language cookie over the browser', () => {
    expect(resolveLanguage('zh_CN', 'en-US')).toBe('zh_CN');
    expect(resolveLanguage('en_US', 'zh-CN')).toBe('en_US');
  });

  it('uses the browser locale with - turned into _ when nothing is saved', () => {
    expect(resolveLanguage(undefined, 'zh-CN')).toBe('zh_CN');
    expect(resolveLanguage('', 'zh')).toBe('zh_CN');
    expect(resolveLanguage(undefined, 'en-GB')).toBe('en_US');
  });

  it('falls back to English for anything not Chinese', () => {
    expect(resolveLanguage(undefined, 'de-DE')).toBe('en_US');
    expect(resolveLanguage('fr_FR', undefined)).toBe('en_US');
    expect(resolveLanguage(undefined, undefined)).toBe('en_US');
  });

  it('initialises from the cookie and sets the page language', () => {
    document.cookie = 'Language=zh_CN; path=/';
    expect(initLanguage('en-US')).toBe('zh_CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(useLanguageStore.getState().t('nav.device')).toBe('设备');
    document.cookie = 'Language=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('stores a changed language in the Language cookie', () => {
    useLanguageStore.getState().setLanguage('en_US');
    expect(readCookie(document.cookie, 'Language')).toBe('en_US');
    expect(useLanguageStore.getState().t('nav.device')).toBe('Device');
  });
});

describe('translation', () => {
  it('fills {} placeholders in order and leaves extra ones visible', () => {
    expect(fillPlaceholders('{} of {}', ['3', 7])).toBe('3 of 7');
    expect(fillPlaceholders('{} and {}', ['a'])).toBe('a and {}');
    expect(fillPlaceholders('no placeholder', ['x'])).toBe('no placeholder');
  });

  it('shows a missing id as the id and warns once', () => {
    const warnings: string[] = [];
    const t = createTranslate({ 'app.name': 'Keytune' } as never, (m) => warnings.push(m));
    expect(t('no.such.id.for.test')).toBe('no.such.id.for.test');
    expect(t('no.such.id.for.test')).toBe('no.such.id.for.test');
    expect(warnings).toEqual(['Missing translation: no.such.id.for.test']);
  });

  it('the default warning goes to console.warn', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    createTranslate({} as never)('another.missing.id');
    expect(spy).toHaveBeenCalledWith(expect.stringContaining('another.missing.id'));
    spy.mockRestore();
  });
});
