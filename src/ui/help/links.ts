/**
 * Where the Help tab points: the official website by language (a Chinese-language site for zh_CN, the global one
 * otherwise, as the account tab of spec-2 §2.1) and the six contacts of §2.8. The brand site and the email are
 * copied on click; the four social links are copied and opened.
 */
import type { Language } from '../../i18n/translate';

export const OFFICIAL_SITE: Readonly<Record<Language, string>> = {
  en_US: 'https://keytune.app/',
  zh_CN: 'https://keytune.cn/',
};

export type ContactId = 'site' | 'email' | 'discord' | 'twitter' | 'instagram' | 'facebook';

export interface Contact {
  id: ContactId;
  /** What is copied. */
  value: string;
  /** Opened in a new tab after copying; absent for copy-only contacts. */
  open?: string;
}

export function contactsFor(language: Language): Contact[] {
  return [
    { id: 'site', value: OFFICIAL_SITE[language] },
    { id: 'email', value: 'support@keytune.app' },
    { id: 'discord', value: 'https://discord.gg/keytune', open: 'https://discord.gg/keytune' },
    { id: 'twitter', value: 'https://x.com/keytune', open: 'https://x.com/keytune' },
    { id: 'instagram', value: 'https://www.instagram.com/keytune', open: 'https://www.instagram.com/keytune' },
    { id: 'facebook', value: 'https://www.facebook.com/keytune', open: 'https://www.facebook.com/keytune' },
  ];
}
