/**
 * Texts of the bug report (catalogue section src/i18n/sections/report.ts), registered when the report's code loads so
 * they can travel with it rather than with the first screen, and read with ids checked against the section.
 */
import { reportEn, reportZh, type ReportTextId } from '../../i18n/sections/report';
import { useT } from '../../i18n/store';
import { registerTexts, type MessageValue } from '../../i18n/translate';

registerTexts(reportEn, reportZh);

export type { ReportTextId };
export type ReportT = (id: ReportTextId, ...values: MessageValue[]) => string;

export function useReportT(): ReportT {
  const t = useT();
  return (id, ...values) => t.dynamic(id, ...values);
}
