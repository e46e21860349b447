/**
 * A language as the language choices name it: in its own script, so a reader of it finds it whatever the page speaks,
 * then in the page's language ("简体中文 — Simplified Chinese" on an English page, "English — 英语（美国）" on a
 * Chinese one). The page's own language needs only its name.
 */
import type { Translate, Language } from '../../i18n/translate';

/** Each language's name in its own script, and its BCP 47 tag: the same on every page. */
export const OWN_NAMES: Record<Language, { name: string; tag: string }> = {
  en_US: { name: 'English', tag: 'en-US' },
  zh_CN: { name: '简体中文', tag: 'zh-CN' },
};

/** The choice's text, for controls that take plain text. */
export function languageLabel(t: Translate, language: Language): string {
  if (language === t.language) return t(`lang.${language}`);
  return t('lang.option', OWN_NAMES[language].name, t(`lang.${language}`));
}

const MARK = '\u0000';

/** The same text, with the own-script name marked as that language for screen readers and fonts. */
export function LanguageName({ t, language }: { t: Translate; language: Language }) {
  if (language === t.language) return <>{t(`lang.${language}`)}</>;
  const [before = '', after = ''] = t('lang.option', MARK, t(`lang.${language}`)).split(MARK);
  return (
    <>
      {before}
      <span lang={OWN_NAMES[language].tag}>{OWN_NAMES[language].name}</span>
      {after}
    </>
  );
}
