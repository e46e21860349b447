/**
 * Puts the widgets' catalogue section into the active language's catalogue, as the app's catalogues carry it once
 * spread in, so the tests read the texts a user sees.
 */
import '../dom-stubs';
import { widgetsEn, widgetsZh } from '../../../src/i18n/sections/widgets';
import { useLanguageStore } from '../../../src/i18n/store';
import { CATALOGUES, createTranslate, type Catalogue, type Language } from '../../../src/i18n/translate';

export function speak(language: Language = 'en_US'): void {
  const section = language === 'zh_CN' ? widgetsZh : widgetsEn;
  const t = createTranslate({ ...CATALOGUES[language], ...section } as Catalogue);
  useLanguageStore.setState({ language, t });
}
