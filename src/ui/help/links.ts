/**
 * Every address the Help tab shows, in one typed table (spec-2 §2.8: the official website by language and six
 * contacts). The spec gives no addresses; these are the product's own: its site (keytune.app, the domain of the
 * download link and the supported-device list; keytune.cn for Chinese), its support mailbox and its four community
 * pages. A contact set to null is not shown; a vendor build fills in its own addresses here, and nowhere else. The
 * brand site and the email are copied on click; the four social links are copied and opened.
 */
import type { Language } from '../../i18n/translate';

export type ContactId = 'site' | 'email' | 'discord' | 'twitter' | 'instagram' | 'facebook';
/** The contacts in the order their icons show. */
export const CONTACT_IDS: readonly ContactId[] = ['site', 'email', 'discord', 'twitter', 'instagram', 'facebook'];

export interface HelpLinks {
  /** The official website for each language (an https address). */
  officialSite: Readonly<Record<Language, string>>;
  /** The support mailbox (an address, copied, never opened). */
  email: string | null;
  /** Community and social pages (https addresses); null hides the icon. */
  discord: string | null;
  twitter: string | null;
  instagram: string | null;
  facebook: string | null;
}

export const HELP_LINKS: HelpLinks = {
  officialSite: { en_US: 'https://keytune.app/', zh_CN: 'https://keytune.cn/' },
  email: 'support@keytune.app',
  discord: 'https://discord.gg/keytune',
  twitter: 'https://x.com/keytune',
  instagram: 'https://www.instagram.com/keytune',
  facebook: 'https://www.facebook.com/keytune',
};

export interface Contact {
  id: ContactId;
  /** What is copied. */
  value: string;
  /** Opened in a new tab after copying; absent for copy-only contacts. */
  open?: string;
}

/** The contacts a table gives for a language, in icon order, leaving out the ones it does not set. */
export function contactsFor(language: Language, links: HelpLinks = HELP_LINKS): Contact[] {
  const out: Contact[] = [];
  for (const id of CONTACT_IDS) {
    if (id === 'site') out.push({ id, value: links.officialSite[language] });
    else if (id === 'email') {
      if (links.email) out.push({ id, value: links.email });
    } else {
      const address = links[id];
      if (address) out.push({ id, value: address, open: address });
    }
  }
  return out;
}
