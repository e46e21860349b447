/**
 * The English texts the command line prints for backups: diff lines, unheld parts and refusals, from the same
 * catalogue section the app shows (src/i18n/sections/backup.ts). An id the section lacks shows as itself.
 */
import { backupEn } from '../i18n/sections/backup.ts';
import { compileMessage, formatMessage, type CompiledMessage } from '../i18n/message-format.ts';

const compiled = new Map<string, CompiledMessage>();

export function englishBackupText(id: string, ...args: string[]): string {
  const source = (backupEn as Readonly<Record<string, string | undefined>>)[id];
  if (source === undefined) return args.length ? `${id} (${args.join(', ')})` : id;
  let message = compiled.get(id);
  if (!message) compiled.set(id, (message = compileMessage(source)));
  return formatMessage(message, 'en-US', args);
}
