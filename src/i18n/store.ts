/**
 * The active language for React: a tiny store plus `useT()`. Changing the language stores the Language cookie and
 * re-renders every component that translates.
 */
import { create } from 'zustand';
import { COOKIE_NAMES, getCookie, setCookie } from '../ui/cookies';
import { CATALOGUES, createTranslate, resolveLanguage, type Language, type Translate } from './translate';

interface LanguageState {
  language: Language;
  t: Translate;
  setLanguage(language: Language, options?: { persist?: boolean }): void;
}

function apply(language: Language): Translate {
  if (typeof document !== 'undefined') document.documentElement.lang = language === 'zh_CN' ? 'zh-CN' : 'en';
  return createTranslate(CATALOGUES[language]);
}

export const useLanguageStore = create<LanguageState>((set) => ({
  language: 'en_US',
  t: createTranslate(CATALOGUES.en_US),
  setLanguage(language, options = {}) {
    if (options.persist !== false) setCookie(COOKIE_NAMES.language, language);
    set({ language, t: apply(language) });
  },
}));

/** Start-up step "initialise translation": reads the cookie, else the browser locale. */
export function initLanguage(browserLocale: string | undefined = globalThis.navigator?.language): Language {
  const language = resolveLanguage(getCookie(COOKIE_NAMES.language), browserLocale);
  useLanguageStore.getState().setLanguage(language, { persist: false });
  return language;
}

export function useT(): Translate {
  return useLanguageStore((s) => s.t);
}

export function useLanguage(): Language {
  return useLanguageStore((s) => s.language);
}
