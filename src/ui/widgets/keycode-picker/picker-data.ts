/**
 * The picker's content: a device's code space (src/core/keycode-spaces) as buttons per category, and the search across
 * them (spec-1 §5, searchKeycodes).
 */
import { searchKeycodes, type KeycodeEntry } from '../../../core/keycodes';
import type { Language } from '../../../i18n/translate';
import type { DeviceSpace } from '../../keycode-space';

export interface PickerEntry {
  entry: KeycodeEntry;
  /** Size of its button in key units. */
  width: number;
  height: number;
}

export function entryAlias(entry: KeycodeEntry, language: Language): string {
  return (language === 'zh_CN' ? entry.alias_zh : undefined) ?? entry.alias;
}

/** The codes of the device's space, shaped as the picker's buttons, by category in the space's order. */
export function spaceEntries(device: DeviceSpace): Map<string, PickerEntry[]> {
  const byCategory = new Map<string, PickerEntry[]>(device.space.categories.map((c) => [c.id, []]));
  for (const k of device.space.catalogue(device.options)) {
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
    byCategory.get(k.category)?.push({ entry, width, height: 1 });
  }
  return byCategory;
}

/** Entries of every category that match the query, each once, in category order. */
export function searchSpaceEntries(entries: Map<string, PickerEntry[]>, query: string): PickerEntry[] {
  const seen = new Set<number>();
  const all = [...entries.values()].flat().filter((p) => !seen.has(p.entry.code) && seen.add(p.entry.code));
  const matched = new Set(
    searchKeycodes(
      query,
      all.map((p) => p.entry),
    ).map((e) => e.code),
  );
  return all.filter((p) => matched.has(p.entry.code));
}
