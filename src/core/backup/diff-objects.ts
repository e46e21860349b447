/**
 * Diff of a family's objects (advanced keys, lighting, macros, settings, …): compared deeply, one line per changed
 * leaf with its path ("Lighting, modes 3, speed: 2 -> 4"). An object changed in many places is told per top-level
 * entry ("Macros, 4: 12 values changed") and cut after OBJECT_LINES lines with a count of the rest, so a restore onto
 * a keyboard set up quite differently still reads as a list a person can go through.
 */
import type { BackupNames } from './diff.ts';
import type { DiffLine } from './format.ts';
import { knownObjectLines } from './object-lines.ts';
import { deepEqual, isContainer, objectLabel, showValue } from './values.ts';

/** Lines told per object before the rest is counted. */
export const OBJECT_LINES = 20;

interface LeafChange {
  path: (string | number)[];
  from: unknown;
  to: unknown;
}

/**
 * "modes 3, speed": a position follows the name of its list; positions count from 1, as the screens number slots,
 * modes and steps.
 */
function pathText(path: readonly (string | number)[]): string {
  const parts: string[] = [];
  path.forEach((part, i) => {
    if (typeof part === 'string') parts.push(part);
    else if (typeof path[i - 1] === 'string') parts[parts.length - 1] += ` ${part + 1}`;
    else parts.push(String(part + 1));
  });
  return parts.join(', ');
}

/** Changed leaves going from `from` to `to`; what `to` lacks is left as it is and so is no change. */
function leafChanges(from: unknown, to: unknown, path: (string | number)[], out: LeafChange[]): void {
  if (to === undefined || deepEqual(from, to)) return;
  const fromIsContainer = isContainer(from);
  if (isContainer(to) && (from === undefined || fromIsContainer) && Array.isArray(to) === Array.isArray(from ?? to)) {
    const a = (from ?? {}) as Record<string, unknown>;
    const b = to as Record<string, unknown>;
    const keys = Array.isArray(to) ? to.map((_, i) => i) : Object.keys(b).sort();
    for (const key of keys) leafChanges(a[key], b[key], [...path, key], out);
    return;
  }
  out.push({ path, from, to });
}

function leafLine(area: string, label: string, change: LeafChange, profile: InProfile | undefined): DiffLine {
  const old = showValue(change.from);
  const now = showValue(change.to);
  const body =
    change.path.length === 0
      ? { id: 'backup.obj.value', args: [label, old, now] }
      : { id: 'backup.obj.change', args: [label, pathText(change.path), old, now] };
  return profileLine(area, body, profile);
}

/** Where a line belongs: a profile's index and the number shown before its lines ("" with only one profile). */
export interface InProfile {
  index: number;
  shown: string;
}

/** A line inside a profile carries the profile's shown number as its first argument (text.ts puts it in front). */
export function profileLine(
  area: string,
  body: { id: string; args: string[] },
  profile: InProfile | undefined,
): DiffLine {
  if (profile === undefined) return { area, id: body.id, args: body.args };
  return { area, profile: profile.index, id: body.id, args: [profile.shown, ...body.args] };
}

/**
 * Lines of one named object; `profile` is undefined for device-wide objects. An object whose shape is known
 * (object-lines.ts) is told in its screens' words; the generic path diff tells the rest.
 */
function objectLines(
  name: string,
  from: unknown,
  to: unknown,
  profile: InProfile | undefined,
  names: BackupNames,
): DiffLine[] {
  const known = knownObjectLines(name, from, to, names);
  if (!known) return pathLines(name, from, to, profile);
  const lines = known.lines.map((body) => profileLine('objects', body, profile));
  const all = known.rest ? [...lines, ...pathLines(name, known.rest.from, known.rest.to, profile)] : lines;
  return cut(all, objectLabel(name), profile);
}

/** At most OBJECT_LINES lines of one object: the last says how many more there are. */
function cut(lines: DiffLine[], label: string, profile: InProfile | undefined): DiffLine[] {
  if (lines.length <= OBJECT_LINES) return lines;
  const rest = lines.length - (OBJECT_LINES - 1);
  const more = profileLine('objects', { id: 'backup.obj.more', args: [String(rest), label] }, profile);
  return [...lines.slice(0, OBJECT_LINES - 1), more];
}

/** Lines of an object by the paths of its changed leaves. */
function pathLines(name: string, from: unknown, to: unknown, profile: InProfile | undefined): DiffLine[] {
  const changes: LeafChange[] = [];
  leafChanges(from, to, [], changes);
  const label = objectLabel(name);
  if (changes.length <= OBJECT_LINES) return changes.map((c) => leafLine('objects', label, c, profile));

  // Many changes: one line per top-level entry that changed in several places.
  const groups = new Map<string | number, LeafChange[]>();
  for (const change of changes) {
    const head = change.path[0] ?? '';
    const group = groups.get(head);
    if (group) group.push(change);
    else groups.set(head, [change]);
  }
  const lines: DiffLine[] = [];
  for (const [head, group] of groups) {
    if (group.length === 1 || head === '') lines.push(...group.map((c) => leafLine('objects', label, c, profile)));
    else {
      const body = { id: 'backup.obj.changedIn', args: [label, pathText([head]), String(group.length)] };
      lines.push(profileLine('objects', body, profile));
    }
  }
  return cut(lines, label, profile);
}

/** Lines of a set of named objects, in name order. */
export function objectsDiff(
  from: Readonly<Record<string, unknown>> | undefined,
  to: Readonly<Record<string, unknown>> | undefined,
  profile: InProfile | undefined,
  names: BackupNames,
): DiffLine[] {
  if (!to) return [];
  return Object.keys(to)
    .sort()
    .flatMap((name) => objectLines(name, from?.[name], to[name], profile, names));
}
