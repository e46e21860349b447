/**
 * Layout choices kept on this computer, for keyboards that hold none (features.localLayoutChoices, libhmk): per
 * keyboard (its model name and serial, so two boards of a model keep their own), in localStorage. The device list
 * draws each such record from its choices (src/ui/device-list/store.ts), so every screen shows the chosen keys and
 * "Select all" reaches them.
 */
import type { DeviceRecord } from '../../contract/bridge';
import type { DeviceLayout } from '../../core/device-features';
import { layoutForChoices } from '../../core/layout-choices';
import { keepList, keptList, type KeptKeyboard } from './kept-per-keyboard';

const KIND = 'layoutChoices';

type Keyed = KeptKeyboard;

/** The layout as the keyboard describes it, every choice's keys kept (a drawn record's layout maps back to it). */
const described = new WeakMap<DeviceLayout, DeviceLayout>();

/** The options of a record's layout, as the keyboard describes them. */
export function layoutOptionsOf(record: Pick<DeviceRecord, 'layout'>): NonNullable<DeviceLayout['options']> {
  const layout = record.layout;
  return (layout && (described.get(layout) ?? layout).options) ?? [];
}

/** The choices kept for a keyboard, one per option, each inside its option's choices (0 where none is kept). */
export function storedChoices(record: Keyed & Pick<DeviceRecord, 'layout'>): number[] {
  const options = layoutOptionsOf(record);
  const list = keptList(KIND, record);
  return options.map((o, i) => {
    const c = list[i];
    const count = o.choices.length === 0 ? 2 : o.choices.length;
    return typeof c === 'number' && Number.isInteger(c) && c >= 0 && c < count ? c : 0;
  });
}

export function storeChoices(record: Keyed, choices: readonly number[]): void {
  keepList(KIND, record, choices);
}

/** The record drawn from its kept choices, where the keyboard holds none; any other record as it is. */
export function withLocalChoices(record: DeviceRecord): DeviceRecord {
  if (!record.features.localLayoutChoices || !record.layout) return record;
  const base = described.get(record.layout) ?? record.layout;
  if (!base.options?.length) return record;
  const drawn = layoutForChoices(base, storedChoices({ ...record, layout: base }));
  described.set(drawn, base);
  return { ...record, layout: drawn };
}
