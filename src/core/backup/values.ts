/**
 * How values inside a backup are compared and written in a diff line. Words (on, off, none) and the labels of known
 * fields and objects travel as text ids of src/i18n/sections/backup.ts inside a line's arguments, so a line stays
 * language-neutral; src/core/backup/text.ts translates them when it formats the line.
 */

/** Arguments of this shape are text ids, translated by formatDiffLine; everything else is shown as it is. */
export const TEXT_ARG = /^backup\.(field|object|value)\.[A-Za-z]+$/;

export const ON = 'backup.value.on';
export const OFF = 'backup.value.off';
export const NONE = 'backup.value.none';

/** Performance fields with a label of their own, in the order a diff lists them. */
export const KNOWN_FIELDS = [
  'actuationMm',
  'deadzoneMm',
  'rapidTrigger',
  'rtPressMm',
  'rtReleaseMm',
  'continuous',
  'switchType',
  'flags',
] as const;

/** Objects of a profile or of the device with a label of their own. */
export const KNOWN_OBJECTS = [
  'settings',
  'calibration',
  'options',
  'macros',
  'lighting',
  'layoutOptions',
  'gamepad',
  'tickRate',
  'advanced',
  'dks',
  'shortcut',
  'macro',
  'snaptap',
  'hypertap',
  'rapidComplete',
  'outerFrame',
  'ambient',
] as const;

/**
 * A piece of text inside a line's argument, itself a text id with arguments ("Layer {0}, key {1}"), worded when the
 * line is: so a line stays language-neutral however much it says. Arguments may be nested again.
 */
const NESTED = '\u0002';

export function nested(id: string, ...args: (string | number)[]): string {
  // A label on its own that reads as a text already stays as it is.
  if (args.length === 0 && TEXT_ARG.test(id)) return id;
  return NESTED + JSON.stringify([id, ...args.map(String)]);
}

/** The id of a nested piece that is its parts joined by its first argument, each part worded on its own. */
export const JOINED = 'join';

/** Parts (plain or nested) joined by `separator` when the line is worded. */
export function joined(separator: string, parts: readonly string[]): string {
  return nested(JOINED, separator, ...parts);
}

/** The text id and arguments of a nested piece, or undefined for a plain argument. */
export function unnest(arg: string): { id: string; args: string[] } | undefined {
  if (!arg.startsWith(NESTED)) return undefined;
  const [id = '', ...args] = JSON.parse(arg.slice(NESTED.length)) as string[];
  return { id, args };
}

export function fieldLabel(field: string): string {
  return (KNOWN_FIELDS as readonly string[]).includes(field) ? `backup.field.${field}` : field;
}

export function objectLabel(name: string): string {
  return (KNOWN_OBJECTS as readonly string[]).includes(name) ? `backup.object.${name}` : name;
}

/** Millimetre fields are named so by the format (src/core/backup/format.ts). */
export function isMmField(field: string): boolean {
  return field.endsWith('Mm');
}

/** A number without float noise (0.30000000000000004 shows as 0.3). */
function plainNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 10_000) / 10_000);
}

/** A leaf value of a per-key record or an object, as a diff shows it. */
export function showValue(value: unknown, mm = false): string {
  if (value === undefined || value === null) return NONE;
  if (typeof value === 'boolean') return value ? ON : OFF;
  if (typeof value === 'number') return mm ? value.toFixed(2) : plainNumber(value);
  if (typeof value === 'string') return JSON.stringify(value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

export function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

/** Equal as JSON: key order does not matter and a property holding `undefined` counts as absent. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b)) return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => deepEqual(item, other[i]));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  for (const key of keys) if (!deepEqual(x[key], y[key])) return false;
  return true;
}
