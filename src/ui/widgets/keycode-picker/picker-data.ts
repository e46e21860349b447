/**
 * The picker's content: its six tabs over the common-layers resource (spec-1 §2, §3) and the search across them
 * (spec-1 §5, searchKeycodes).
 */
import { searchKeycodes, type KeycodeEntry } from '../../../core/keycodes';
import type { CommonLayerName, CommonResource } from '../../../core/resources';
import type { Language } from '../../../i18n/translate';
import type { DeviceSpace } from '../../keycode-space';

export const PICKER_CATEGORIES = ['basic', 'extended', 'os', 'mouse', 'lighting', 'special'] as const;
export type PickerCategory = (typeof PICKER_CATEGORIES)[number];

/** Which common layer fills each tab. A keyboard's mouse tab leaves out the pointer-device-only keys (mouse_adv). */
const LAYER_OF: Readonly<Record<PickerCategory, CommonLayerName>> = {
  basic: 'basic',
  extended: 'extended',
  os: 'os',
  mouse: 'mouse',
  lighting: 'lighting',
  special: 'special_257',
};

export interface PickerEntry {
  entry: KeycodeEntry;
  /** Size of its button in key units: the entry's own size, else the layer's default. */
  width: number;
  height: number;
}

export function categoryEntries(common: CommonResource, category: PickerCategory): PickerEntry[] {
  const layer = common[LAYER_OF[category]];
  return layer.data.map((entry) => ({
    entry,
    width: entry.width || layer.dwidth,
    height: entry.height || layer.dheight,
  }));
}

/** Entries of every offered tab that match the query, each once, in tab order. */
export function searchEntries(
  common: CommonResource,
  categories: readonly PickerCategory[],
  query: string,
): PickerEntry[] {
  const all = categories.flatMap((c) => categoryEntries(common, c));
  const seen = new Set<number>();
  const unique = all.filter((p) => !seen.has(p.entry.code) && seen.add(p.entry.code));
  const matched = new Set(
    searchKeycodes(
      query,
      unique.map((p) => p.entry),
    ).map((e) => e.code),
  );
  return unique.filter((p) => matched.has(p.entry.code));
}

export function entryAlias(entry: KeycodeEntry, language: Language): string {
  return (language === 'zh_CN' ? entry.alias_zh : undefined) ?? entry.alias;
}

/** The entries of another family's code space (src/core/keycode-spaces), shaped as the picker's buttons. */
export function spaceEntries(device: DeviceSpace): Map<string, PickerEntry[]> {
  const byCategory = new Map<string, PickerEntry[]>(device.space.categories.map((c) => [c.id, []]));
  for (const k of device.space.catalogue(device.options)) {
    const entry = {
      code: k.code,
      name: k.name,
      alias: k.alias,
      alias_zh: k.alias_zh,
      category: k.category as KeycodeEntry['category'],
      width: 1,
      height: 1,
    };
    byCategory.get(k.category)?.push({ entry, width: 1, height: 1 });
  }
  return byCategory;
}

/** Entries of another family's space that match the query. */
export function searchSpaceEntries(entries: Map<string, PickerEntry[]>, query: string): PickerEntry[] {
  const all = [...entries.values()].flat();
  const matched = new Set(
    searchKeycodes(
      query,
      all.map((p) => p.entry),
    ).map((e) => e.code),
  );
  return all.filter((p) => matched.has(p.entry.code));
}
