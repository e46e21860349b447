// @vitest-environment jsdom
import { initLanguage, setLanguagePersistence, useLanguageStore } from '../../src/i18n/store';
import { createTranslate, fillPlaceholders, resolveLanguage, type Language } from '../../src/i18n/translate';
import { readCookie } from '../../src/ui/cookies';
import { keepLanguageInCookie } from '../../src/ui/startup/boot';

const clearCookie = () => (document.cookie = 'Language=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/');

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
});

describe('the Language cookie, wired at start-up', () => {
  let unwire: () => void = () => {};
  afterEach(() => {
    unwire();
    clearCookie();
  });

  it('initialises from the cookie and sets the page language', () => {
    unwire = keepLanguageInCookie();
    document.cookie = 'Language=zh_CN; path=/';
    expect(initLanguage('en-US')).toBe('zh_CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(useLanguageStore.getState().t('nav.device')).toBe('设备');
  });

  it('stores a changed language in the Language cookie', () => {
    unwire = keepLanguageInCookie();
    useLanguageStore.getState().setLanguage('en_US');
    expect(readCookie(document.cookie, 'Language')).toBe('en_US');
    expect(useLanguageStore.getState().t('nav.device')).toBe('Device');
  });

  it('a language set only for the session (persist: false) leaves the cookie alone', () => {
    unwire = keepLanguageInCookie();
    useLanguageStore.getState().setLanguage('zh_CN', { persist: false });
    expect(readCookie(document.cookie, 'Language')).toBeUndefined();
  });

  it('without wiring, the texts keep nothing and read the browser locale', () => {
    document.cookie = 'Language=zh_CN; path=/';
    expect(initLanguage('en-GB')).toBe('en_US');
    useLanguageStore.getState().setLanguage('zh_CN');
    expect(readCookie(document.cookie, 'Language')).toBe('zh_CN'); // the cookie set above, untouched
  });

  it('any persistence can be injected: what it loads is used, what is chosen is handed to it', () => {
    const saved: Language[] = [];
    unwire = setLanguagePersistence({ load: () => 'zh-CN', save: (language) => saved.push(language) });
    expect(initLanguage('en-US')).toBe('zh_CN');
    useLanguageStore.getState().setLanguage('en_US');
    expect(saved).toEqual(['en_US']);
  });
});

describe('translation', () => {
  it('fills {} placeholders of plain text in order and leaves extra ones visible', () => {
    expect(fillPlaceholders('{} of {}', ['3', 7])).toBe('3 of 7');
    expect(fillPlaceholders('{} and {}', ['a'])).toBe('a and {}');
    expect(fillPlaceholders('no placeholder', ['x'])).toBe('no placeholder');
  });

  it('shows a missing id as the id and warns once', () => {
    const warnings: string[] = [];
    const t = createTranslate({ 'app.name': 'Keytune' } as never, (m) => warnings.push(m));
    expect(t.dynamic('no.such.id.for.test')).toBe('no.such.id.for.test');
    expect(t.dynamic('no.such.id.for.test')).toBe('no.such.id.for.test');
    expect(warnings).toEqual(['Missing translation: no.such.id.for.test']);
  });

  it('the default warning goes to console.warn, once per id', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const t = createTranslate('zh_CN');
    expect(t.dynamic('another.missing.id')).toBe('another.missing.id');
    expect(createTranslate('en_US').dynamic('another.missing.id')).toBe('another.missing.id');
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith(expect.stringContaining('another.missing.id'));
    spy.mockRestore();
  });

  it('a text the formatter cannot read is shown as written, with a warning, not a blank', () => {
    const warnings: string[] = [];
    const t = createTranslate({ 'app.name': 'Broken {0, plural, one {#}' } as never, (m) => warnings.push(m));
    expect(t('app.name', 1)).toBe('Broken {0, plural, one {#}');
    expect(warnings).toHaveLength(1);
  });

  it('the store’s t speaks the chosen language, plurals included', () => {
    useLanguageStore.getState().setLanguage('en_US', { persist: false });
    expect(useLanguageStore.getState().t('keymap.assigned', 'Mute', 1)).toBe('Mute set on 1 key.');
    useLanguageStore.getState().setLanguage('zh_CN', { persist: false });
    expect(useLanguageStore.getState().t('keymap.assigned', '静音', 1)).toBe('已将 静音 设置到 1 个按键。');
  });
});
