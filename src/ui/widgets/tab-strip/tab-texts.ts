/**
 * The tab strip's own texts (catalogue section src/i18n/sections/widgets.ts), with ids checked against that
 * section, so they type-check and show in both languages wherever the section is spread into the catalogues.
 */
import { widgetsEn, widgetsZh } from '../../../i18n/sections/widgets';
import { useT } from '../../../i18n/store';
import { registerTexts, type MessageValue } from '../../../i18n/translate';

// The widgets' texts load with the widgets, not with the first screen.
registerTexts(widgetsEn, widgetsZh);

export type TabTextId = Extract<keyof typeof widgetsEn, `widgets.tabs.${string}`>;

export function useTabTexts(): (id: TabTextId, ...values: MessageValue[]) => string {
  const t = useT();
  return (id, ...values) => t.dynamic(id, ...values);
}
