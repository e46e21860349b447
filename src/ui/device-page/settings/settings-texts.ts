/**
 * The texts of the Device settings tab, the theme slots panel and the local firmware update (catalogue section
 * src/i18n/sections/settings.ts), registered when these screens load and read with ids checked against the section.
 */
import { settingsEn, settingsZh, type SettingsTextId } from '../../../i18n/sections/settings';
import { useT } from '../../../i18n/store';
import { registerTexts, type MessageValue, type Translate } from '../../../i18n/translate';

registerTexts(settingsEn, settingsZh);

export type { SettingsTextId };
export type SettingsT = (id: SettingsTextId, ...values: MessageValue[]) => string;

export function settingsTexts(t: Translate): SettingsT {
  return (id, ...values) => t.dynamic(id, ...values);
}

export function useSettingsTexts(): SettingsT {
  return settingsTexts(useT());
}
