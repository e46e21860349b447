/**
 * Texts of the Tool, Help and Settings tabs (catalogue section src/i18n/sections/tools.ts), with ids checked against
 * that section. Once the section is spread into the main catalogues the shared `t` answers; until then the section
 * itself is formatted in the active language, so the screens never show a bare id.
 */
import { compileMessage, formatMessage, type CompiledMessage } from '../../i18n/message-format';
import { toolsEn, toolsZh, type ToolsTextId } from '../../i18n/sections/tools';
import { useT } from '../../i18n/store';
import { isMessageId, LOCALES, type MessageValue, type Translate } from '../../i18n/translate';

export type { ToolsTextId };
export type ToolsT = (id: ToolsTextId, ...values: MessageValue[]) => string;

const compiled = new Map<string, CompiledMessage>();

export function toolsText(t: Translate, id: ToolsTextId, ...values: MessageValue[]): string {
  if (isMessageId(id)) return t.dynamic(id, ...values);
  const source = (t.language === 'zh_CN' ? toolsZh : toolsEn)[id];
  const key = `${t.language}:${id}`;
  let message = compiled.get(key);
  if (!message) {
    message = compileMessage(source);
    compiled.set(key, message);
  }
  return formatMessage(message, LOCALES[t.language], values);
}

export function useToolsT(): ToolsT {
  const t = useT();
  return (id, ...values) => toolsText(t, id, ...values);
}

/** A text named by data (a plugin's info.json): this section's ids work before the section is wired in. */
export function anyText(t: Translate, id: string): string {
  return Object.prototype.hasOwnProperty.call(toolsEn, id) ? toolsText(t, id as ToolsTextId) : t.dynamic(id);
}
