/**
 * The picker's content: a device's code space (src/core/keycode-spaces) as buttons per category, the search across
 * them (spec-1 §5, searchKeycodes) and the codes a person types (the Any key).
 */
import type { KeycodeSpace } from '../../../core/keycode-spaces/types';
import { searchKeycodes, type KeycodeEntry } from '../../../core/keycodes';
import type { Language } from '../../../i18n/translate';
import type { DeviceSpace } from '../../keycode-space';

export interface PickerEntry {
  entry: KeycodeEntry;
  /** Size of its button in key units. */
  width: number;
  height: number;
  /** The code wraps a basic key picked next (LT(1, kc), LCTL(kc)): the entry's code has that key's byte 0. */
  compose?: boolean;
}

export function entryAlias(entry: KeycodeEntry, language: Language): string {
  return (language === 'zh_CN' ? entry.alias_zh : undefined) ?? entry.alias;
}

/** The picker's form of one code of the space. */
function pickerEntry(k: ReturnType<KeycodeSpace['describe']>): PickerEntry {
  const width = k.width ?? 1;
  const entry = {
    code: k.code,
    name: k.name,
    alias: k.alias,
    alias_zh: k.alias_zh,
    category: k.category as KeycodeEntry['category'],
    width,
    height: 1,
    ...(k.tip ? { tip: k.tip } : {}),
  };
  return { entry, width, height: 1, ...(k.compose ? { compose: true } : {}) };
}

/** The codes of the device's space, shaped as the picker's buttons, by category in the space's order. */
export function spaceEntries(device: DeviceSpace): Map<string, PickerEntry[]> {
  const byCategory = new Map<string, PickerEntry[]>(device.space.categories.map((c) => [c.id, []]));
  for (const k of device.space.catalogue(device.options)) byCategory.get(k.category)?.push(pickerEntry(k));
  return byCategory;
}

/** How well an entry's name matches the query: its whole name, its start, anywhere in it, then its description. */
function rank(entry: KeycodeEntry, needle: string): number {
  const name = entry.name.toLowerCase();
  if (name === needle) return 0;
  if (name.startsWith(needle)) return 1;
  if (name.includes(needle)) return 2;
  return 3;
}

/** Entries of every category that match the query, each once: best matches of the name first, then category order. */
export function searchSpaceEntries(entries: Map<string, PickerEntry[]>, query: string): PickerEntry[] {
  const seen = new Set<number>();
  const all = [...entries.values()].flat().filter((p) => !seen.has(p.entry.code) && seen.add(p.entry.code));
  const matched = new Set(
    searchKeycodes(
      query,
      all.map((p) => p.entry),
    ).map((e) => e.code),
  );
  const needle = query.trim().toLowerCase();
  return all
    .filter((p) => matched.has(p.entry.code))
    .map((p, i) => ({ p, i, r: rank(p.entry, needle) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map(({ p }) => p);
}

/**
 * The code a typed text stands for on this device, or undefined: a number (0x4104, or decimal when `decimal`), a
 * name in the space's own notation (QMK's LT(1,KC_SPC)), or a legend the picker shows ("F13"). Only codes of the
 * space (0 to size - 1) count.
 */
export function typedCode(device: DeviceSpace, text: string, decimal = true): number | undefined {
  const typed = text.trim();
  if (typed === '') return undefined;
  let code: number | undefined;
  if (/^0x[0-9a-f]+$/i.test(typed)) code = Number.parseInt(typed.slice(2), 16);
  else if (/^\d+$/.test(typed)) code = decimal ? Number(typed) : undefined;
  else code = device.space.parse?.(typed) ?? legendCode(device, typed);
  return code !== undefined && Number.isInteger(code) && code >= 0 && code < device.space.size ? code : undefined;
}

function legendCode(device: DeviceSpace, typed: string): number | undefined {
  const lower = typed.toLowerCase();
  return device.space.catalogue(device.options).find((k) => !k.compose && k.name.toLowerCase() === lower)?.code;
}

/** A typed code as a picker button: its name in the space, in the Special place of the results. */
export function typedEntry(device: DeviceSpace, code: number): PickerEntry {
  return pickerEntry(device.space.describe(code, device.options));
}
