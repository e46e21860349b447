/**
 * The Key LED tab's texts (catalogue section src/i18n/sections/lighting.ts), with ids checked against that section.
 * Once the section is spread into the main catalogues the texts come from there; until then they are read from the
 * section itself, in the active language, so the tab never shows a bare id.
 */
import { useMemo } from 'react';
import { lightingEn, lightingZh, type LightingTextId } from '../../../i18n/sections/lighting';
import { useLanguage, useT } from '../../../i18n/store';
import { createTranslate, isMessageId, type Catalogue, type MessageValue } from '../../../i18n/translate';

export type LightingTexts = (id: LightingTextId, ...values: MessageValue[]) => string;

/** Whether the main catalogues carry the id (once the section is spread into them). */
const inCatalogue: (id: string) => boolean = isMessageId;

const own = {
  en_US: createTranslate(lightingEn as unknown as Catalogue),
  zh_CN: createTranslate(lightingZh as unknown as Catalogue),
};

export function useLightingTexts(): LightingTexts {
  const t = useT();
  const language = useLanguage();
  return useMemo(
    () =>
      (id, ...values) =>
        inCatalogue(id) ? t.dynamic(id as string, ...values) : own[language].dynamic(id, ...values),
    [t, language],
  );
}

/** The name of a mode or colour from its catalogue id, or "Mode n" when the catalogue has no such id. */
export function nameOf(l: LightingTexts, id: string | undefined, index: number): string {
  return id !== undefined && Object.prototype.hasOwnProperty.call(lightingEn, id)
    ? l(id as LightingTextId)
    : l('led.mode.other', index);
}
