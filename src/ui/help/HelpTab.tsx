/** Side tab screen; its content arrives with a later release, so for now it carries its title only. */
import { useT } from '../../i18n/store';

export default function HelpTab() {
  const t = useT();
  return (
    <section className="screen">
      <header className="page-header">
        <h1 className="page-header__title">{t('help.title')}</h1>
      </header>
    </section>
  );
}
