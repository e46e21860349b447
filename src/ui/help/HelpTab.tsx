/**
 * The Help tab (spec-2 §2.8): FAQ, where to ask, the official website for the current language and six contact
 * icons. Copying answers with the toast "Content copied to clipboard" or "Failed to copy".
 */
import { ReportBundleSection } from './ReportBundle';
import { useLanguage, useT } from '../../i18n/store';
import { copyAndSay } from '../clipboard';
import { useToolsT, type ToolsTextId } from '../tools/texts';
import { ExternalIcon } from '../widgets/icons';
import { CONTACT_ICONS } from './contact-icons';
import { contactsFor, HELP_LINKS, type Contact, type HelpLinks } from './links';
import '../styles/tools.css';

const FAQ = [1, 2, 3, 4] as const;

async function actOnContact(contact: Contact): Promise<void> {
  // The window opens first, while the click still counts as the user's own gesture.
  if (contact.open) window.open(contact.open, '_blank', 'noopener,noreferrer');
  await copyAndSay(contact.value);
}

/** `links` is the address table (links.ts); tests hand in a vendor's. */
export default function HelpTab({ links = HELP_LINKS }: { links?: HelpLinks }) {
  const t = useT();
  const tt = useToolsT();
  const language = useLanguage();
  return (
    <section className="screen">
      <header className="page-header">
        <h1 className="page-header__title">{t('help.title')}</h1>
      </header>
      <div className="help">
        <section className="help__card" aria-labelledby="help-faq">
          <h2 id="help-faq">{tt('help.faq.title')}</h2>
          <dl className="help__faq">
            {FAQ.map((n) => (
              <div key={n}>
                <dt>{tt(`help.faq.q${n}` as ToolsTextId)}</dt>
                <dd>{tt(`help.faq.a${n}` as ToolsTextId)}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="help__card" aria-labelledby="help-ask">
          <h2 id="help-ask">{tt('help.ask.title')}</h2>
          <p>{tt('help.ask.text')}</p>
          <h3>{tt('help.site.title')}</h3>
          <p>
            <a href={links.officialSite[language]} target="_blank" rel="noopener noreferrer">
              {tt('help.site.link')} <ExternalIcon size={14} />
            </a>
          </p>
        </section>
        <section className="help__card" aria-labelledby="help-contact">
          <h2 id="help-contact">{tt('help.contact.title')}</h2>
          <ul className="help__contacts">
            {contactsFor(language, links).map((c) => {
              const label = tt(`help.contact.${c.id}`);
              return (
                <li key={c.id}>
                  <button
                    type="button"
                    className="help-contact"
                    aria-label={label}
                    title={label}
                    onClick={() => void actOnContact(c)}
                  >
                    {CONTACT_ICONS[c.id]}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
        <ReportBundleSection />
      </div>
    </section>
  );
}
