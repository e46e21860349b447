/**
 * The active language for React: a tiny store plus `useT()`. Changing the language re-renders every component that
 * translates and hands the choice to the persistence the app wires in at start-up (the Language cookie, see
 * src/ui/startup/boot.ts); the texts themselves know nothing of cookies or the UI.
 */
import { create } from 'zustand';
import { createTranslate, resolveLanguage, type Language, type Translate } from './translate';

export interface LanguagePersistence {
  /** The saved choice, if any (any spelling resolveLanguage reads: 'zh_CN', 'zh-CN', …). */
  load(): string | undefined;
  save(language: Language): void;
}

const NO_PERSISTENCE: LanguagePersistence = { load: () => undefined, save: () => {} };
let persistence: LanguagePersistence = NO_PERSISTENCE;

/** Where the language choice is kept; start-up wires the Language cookie. Returns a function that unwires it. */
export function setLanguagePersistence(next: LanguagePersistence): () => void {
  persistence = next;
  return () => {
    if (persistence === next) persistence = NO_PERSISTENCE;
  };
}

interface LanguageState {
  language: Language;
  t: Translate;
  setLanguage(language: Language, options?: { persist?: boolean }): void;
}

const translators: Partial<Record<Language, Translate>> = {};

function translatorFor(language: Language): Translate {
  return (translators[language] ??= createTranslate(language));
}

function apply(language: Language): Translate {
  if (typeof document !== 'undefined') document.documentElement.lang = language === 'zh_CN' ? 'zh-CN' : 'en';
  return translatorFor(language);
}

export const useLanguageStore = create<LanguageState>((set) => ({
  language: 'en_US',
  t: translatorFor('en_US'),
  setLanguage(language, options = {}) {
    if (options.persist !== false) persistence.save(language);
    set({ language, t: apply(language) });
  },
}));

/**
 * Start-up step "initialise translation": the saved choice, else the browser locale. Both default to what the wired
 * persistence and the browser say; pass them to decide elsewhere.
 */
export function initLanguage(
  browserLocale: string | undefined = globalThis.navigator?.language,
  saved: string | undefined = persistence.load(),
): Language {
  const language = resolveLanguage(saved, browserLocale);
  useLanguageStore.getState().setLanguage(language, { persist: false });
  return language;
}

export function useT(): Translate {
  return useLanguageStore((s) => s.t);
}

export function useLanguage(): Language {
  return useLanguageStore((s) => s.language);
}
