/**
 * Shown instead of the app when start-up fails. The language is not settled yet at that point, so the message is
 * given in both catalogue languages.
 */
import { CATALOGUES, LANGUAGES, createTranslate } from '../i18n/translate';
import type { MessageId } from '../i18n/en_US';

export function StartupFailure({ message, detail }: { message: MessageId; detail?: string }) {
  return (
    <main className="startup-failure" role="alert">
      {LANGUAGES.map((lang) => {
        const t = createTranslate(CATALOGUES[lang]);
        return (
          <p key={lang} lang={lang === 'zh_CN' ? 'zh-CN' : 'en'} className="startup-failure__message">
            {t(message, detail ?? '')}
          </p>
        );
      })}
      {detail && message === 'startup.resource.failed' && <pre className="startup-failure__detail">{detail}</pre>}
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {createTranslate(CATALOGUES.en_US)('startup.reload')} / {createTranslate(CATALOGUES.zh_CN)('startup.reload')}
      </button>
    </main>
  );
}
