/** The toast layer's own texts (catalogue section src/i18n/sections/widgets.ts), loaded with the toast renderer. */
import { widgetsEn, widgetsZh } from '../../i18n/sections/widgets';
import { useT } from '../../i18n/store';
import { registerTexts, type MessageValue } from '../../i18n/translate';

registerTexts(widgetsEn, widgetsZh);

export type ToastTextId = Extract<keyof typeof widgetsEn, `widgets.toast.${string}`>;

export function useToastTexts(): (id: ToastTextId, ...values: MessageValue[]) => string {
  const t = useT();
  return (id, ...values) => t.dynamic(id, ...values);
}
