/**
 * What changes going from one whole-keyboard backup to another, as language-neutral lines a person can read per area
 * and per key (src/core/backup/text.ts words them): a key map cell by cell ("Layer 1, key A: F13 -> A"), a per-key
 * list grouped by field and by its old and new value ("Trigger on 12 keys: 1.20 -> 0.80 mm"), objects by path.
 *
 * Conventions of the lines (text.ts relies on them):
 * - a line inside a profile has `profile` set and its first argument is the profile's number as shown ("2", or
 *   "theme:2" on our own keyboards, whose profiles are theme slots), or "" when the backups have one profile, where
 *   no "Profile 1" is put in front;
 * - layers and array positions count from 1, as the screens do; keys are named by `names.key(id)`, codes by
 *   `names.code(code)`;
 * - arguments matching TEXT_ARG (values.ts) are text ids (a field or object label, on/off/none), translated when shown.
 *
 * What `to` lacks is no change (it would be left as it is); what `from` lacks shows as "none -> value". Loaded by
 * the UI, so no zod here.
 */
import type { BackupProfile, DiffLine, KeyboardBackup } from './format.ts';
import { objectsDiff, profileLine, type InProfile } from './diff-objects.ts';
import { deepEqual, fieldLabel, isMmField, KNOWN_FIELDS, NONE, showValue } from './values.ts';

export { compatibilityProblem, fitBackup, type FittedBackup } from './fit.ts';

/** Names of the keyboard's keys and of its family's key codes, in the words its screens use. */
export interface BackupNames {
  key(id: number): string;
  code(code: number): string;
}

/** The same configuration: profiles, active profile and objects; when and from which device it was taken is not. */
export function sameConfiguration(a: KeyboardBackup, b: KeyboardBackup): boolean {
  return a.currentProfile === b.currentProfile && deepEqual(a.profiles, b.profiles) && deepEqual(a.objects, b.objects);
}

export function diffBackups(from: KeyboardBackup, to: KeyboardBackup, names: BackupNames): DiffLine[] {
  const lines: DiffLine[] = [];
  const many = Math.max(from.profiles.length, to.profiles.length) > 1;
  // Our own keyboards call their profiles theme slots, as their screens do.
  const word = to.device.family === 'keytune' ? 'theme' : 'profile';
  if (from.profiles.length !== to.profiles.length)
    lines.push(line('profile', `backup.${word}.count`, from.profiles.length, to.profiles.length));
  if (from.currentProfile !== to.currentProfile)
    lines.push(line('profile', `backup.${word}.active`, from.currentProfile + 1, to.currentProfile + 1));
  const shared = Math.min(from.profiles.length, to.profiles.length);
  for (let p = 0; p < shared; p++) {
    const where: InProfile = { index: p, shown: many ? (word === 'theme' ? `theme:${p + 1}` : String(p + 1)) : '' };
    lines.push(...profileDiff(from.profiles[p]!, to.profiles[p]!, where, names));
  }
  lines.push(...objectsDiff(from.objects, to.objects, undefined, names));
  return lines;
}

function line(area: string, id: string, ...args: (string | number)[]): DiffLine {
  return { area, id, args: args.map(String) };
}

function profileDiff(from: BackupProfile, to: BackupProfile, where: InProfile, names: BackupNames): DiffLine[] {
  const lines: DiffLine[] = [];
  if (to.name !== undefined && to.name !== (from.name ?? '')) {
    const body = {
      id: 'backup.profile.name',
      args: [showValue(from.name || undefined), showValue(to.name || undefined)],
    };
    lines.push(profileLine('profile', body, where));
  }
  lines.push(...keymapDiff(from.keymap, to.keymap, where, names));
  lines.push(...performanceDiff(from.performance, to.performance, where, names));
  lines.push(...colourDiff(from.keyColours, to.keyColours, where, names));
  lines.push(...objectsDiff(from.objects, to.objects, where, names));
  return lines;
}

function keymapDiff(
  from: readonly (readonly number[])[] | undefined,
  to: readonly (readonly number[])[] | undefined,
  where: InProfile,
  names: BackupNames,
): DiffLine[] {
  if (!to) return [];
  const lines: DiffLine[] = [];
  if (from && from.length !== to.length)
    lines.push(
      profileLine('keymap', { id: 'backup.keymap.layers', args: [String(from.length), String(to.length)] }, where),
    );
  to.forEach((layer, l) => {
    layer.forEach((code, key) => {
      const old = from?.[l]?.[key];
      if (old === code) return;
      const args = [String(l + 1), names.key(key), old === undefined ? NONE : names.code(old), names.code(code)];
      lines.push(profileLine('keymap', { id: 'backup.keymap.cell', args }, where));
    });
  });
  return lines;
}

/** Keys that go from one value to the same other value, told together. */
interface Group {
  field: string;
  from: string;
  to: string;
  keys: number[];
}

/** Groups per-key changes by field and value pair: fields in KNOWN_FIELDS order then by name, groups by first key. */
function groupChanges<T>(
  from: readonly (T | undefined)[] | undefined,
  to: readonly (T | undefined)[],
  fieldsOf: (record: T) => string[],
  valueOf: (record: T | undefined, field: string) => unknown,
  show: (value: unknown, mm: boolean) => string,
): Group[] {
  const groups = new Map<string, Group>();
  to.forEach((record, key) => {
    if (record === undefined) return;
    for (const field of fieldsOf(record)) {
      const a = valueOf(from?.[key], field);
      const b = valueOf(record, field);
      if (b === undefined || deepEqual(a, b)) continue;
      const mm = isMmField(field);
      const pair = { from: show(a, mm), to: show(b, mm) };
      const id = JSON.stringify([field, pair.from, pair.to]);
      const group = groups.get(id) ?? { field, ...pair, keys: [] };
      group.keys.push(key);
      groups.set(id, group);
    }
  });
  const rank = (field: string): number => {
    const i = (KNOWN_FIELDS as readonly string[]).indexOf(field);
    return i < 0 ? KNOWN_FIELDS.length : i;
  };
  return [...groups.values()].sort(
    (x, y) => rank(x.field) - rank(y.field) || x.field.localeCompare(y.field) || x.keys[0]! - y.keys[0]!,
  );
}

/** A group as one line: a single key by name, more keys by their count. */
function groupLine(area: string, base: string, group: Group, label: string[], where: InProfile, names: BackupNames) {
  const one = group.keys.length === 1;
  const who = one ? names.key(group.keys[0]!) : String(group.keys.length);
  const id = `${base}.${one ? 'key' : 'keys'}${isMmField(group.field) ? 'Mm' : ''}`;
  return profileLine(area, { id, args: [...label, who, group.from, group.to] }, where);
}

type PerKey = Record<string, number | boolean>;

/** Colours are shown as written (#rrggbb), not quoted like other text. */
const showColour = (colour: unknown): string => (typeof colour === 'string' ? colour : showValue(colour));

type PerKeys<T> = readonly T[] | undefined;

function performanceDiff(from: PerKeys<PerKey>, to: PerKeys<PerKey>, where: InProfile, names: BackupNames) {
  const groups = groupChanges(from, to ?? [], Object.keys, (record, field) => record?.[field], showValue);
  return groups.map((g) => groupLine('performance', 'backup.perf', g, [fieldLabel(g.field)], where, names));
}

function colourDiff(from: PerKeys<string>, to: PerKeys<string>, where: InProfile, names: BackupNames) {
  const groups = groupChanges(
    from,
    to ?? [],
    () => ['colour'],
    (colour) => colour,
    showColour,
  );
  return groups.map((g) => groupLine('keyColours', 'backup.colour', g, [], where, names));
}
