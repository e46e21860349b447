/**
 * Words for the language-neutral lines of a backup diff (diff.ts) and for the parts of a file a keyboard cannot hold
 * (fit.ts), through any catalogue's `t`: the UI's, or English for the command line and logs. The texts are in
 * src/i18n/sections/backup.ts. Loaded by the UI, so no zod here.
 */
import type { DiffLine } from './format.ts';
import { fieldLabel, JOINED, objectLabel, TEXT_ARG, unnest } from './values.ts';

export type BackupTranslate = (id: string, ...args: string[]) => string;

function words(args: readonly string[], t: BackupTranslate): string[] {
  return args.map((arg) => {
    const piece = unnest(arg);
    if (piece?.id === JOINED) {
      const [separator = ' ', ...parts] = piece.args;
      return words(parts, t).join(separator);
    }
    if (piece) return t(piece.id, ...words(piece.args, t));
    return TEXT_ARG.test(arg) ? t(arg) : arg;
  });
}

/** The line's own text and the profile it belongs to, when the backups have more than one. */
function split(line: DiffLine, t: BackupTranslate): { shown: string; args: string[] } {
  const args = words(line.args, t);
  if (line.profile === undefined) return { shown: '', args };
  const [shown = '', ...rest] = args;
  return { shown, args: rest };
}

function inProfile(shown: string, text: string, t: BackupTranslate): string {
  if (shown.startsWith('theme:')) return t('backup.inTheme', shown.slice('theme:'.length), text);
  return shown ? t('backup.inProfile', shown, text) : text;
}

export function formatDiffLine(line: DiffLine, t: BackupTranslate): string {
  const { shown, args } = split(line, t);
  return inProfile(shown, t(line.id, ...args), t);
}

/** Performance or colour changes told on several keys, as an action: "Trigger set to 0.80 mm on 12 keys". */
const GROUP_SUMMARY: Readonly<Record<string, string>> = {
  'backup.perf.keys': 'backup.summary.perf',
  'backup.perf.keysMm': 'backup.summary.perfMm',
  'backup.colour.keys': 'backup.summary.colour',
};

function summarizeLine(line: DiffLine, t: BackupTranslate): string {
  const summary = GROUP_SUMMARY[line.id];
  if (!summary) return formatDiffLine(line, t);
  const { shown, args } = split(line, t);
  // Group lines end with: the key count, the old value, the new value (a performance line has its field first).
  const [count, , now] = args.slice(-3);
  const text = line.id === 'backup.colour.keys' ? t(summary, now!, count!) : t(summary, args[0]!, now!, count!);
  return inProfile(shown, text, t);
}

/** One line for a history entry: the only change, or the first one and how many more there are. */
export function summarizeDiff(lines: readonly DiffLine[], t: BackupTranslate): string {
  const [first] = lines;
  if (!first) return t('backup.summary.none');
  const text = summarizeLine(first, t);
  return lines.length === 1 ? text : t('backup.summary.more', text, String(lines.length - 1));
}

/** A part of a file the keyboard cannot hold (fit.ts's `unheld`), in words. */
export function formatUnheld(part: string, t: BackupTranslate): string {
  const colon = part.indexOf(':');
  const kind = colon < 0 ? part : part.slice(0, colon);
  const value = colon < 0 ? '' : part.slice(colon + 1);
  switch (kind) {
    case 'profile':
      return t('backup.unheld.profile', value);
    case 'layer':
      return t('backup.unheld.layer', value);
    case 'keys': {
      const [low = value, high] = value.split('-');
      return high === undefined ? t('backup.unheld.key', low) : t('backup.unheld.keys', low, high);
    }
    case 'object':
      return words([objectLabel(value)], t)[0]!;
    case 'area':
      return t(`backup.unheld.area.${value}`);
    case 'field':
      return t('backup.unheld.field', words([fieldLabel(value)], t)[0]!);
    case 'setting': {
      const dot = value.indexOf('.');
      return t('backup.unheld.setting', words([objectLabel(value.slice(0, dot))], t)[0]!, value.slice(dot + 1));
    }
    case 'names':
      return t('backup.unheld.names');
    default:
      return part;
  }
}
