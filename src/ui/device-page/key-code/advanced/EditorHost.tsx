/** Opens the editor of an item's type. */
import './texts';
import { ADVANCED_TYPE, needsKeyBinding, type AdvancedItem } from '../../../../core/advanced-keys';
import type { Capabilities } from '../../../../core/capabilities';
import type { AdvancedFeatures, DeviceLayout } from '../../../../core/device-features';
import { useT } from '../../../../i18n/store';
import { DksEditor } from './dks/DksEditor';
import type { FuncInfo } from './func-info';
import { MacroEditor } from './macro/MacroEditor';
import { ShortcutEditor } from './shortcut/ShortcutEditor';
import { HypertapEditor, SnaptapEditor } from './tap/TapEditors';

export interface EditorContext {
  info: FuncInfo;
  caps: Capabilities;
  path: string;
  layout: DeviceLayout | null;
  /** What the device's editors offer beyond the spec's fields (features.advanced); absent on no device. */
  advanced?: AdvancedFeatures;
  /** The device's smallest travel setting, mm (features.performance), where it states one. */
  minTravelMm?: number;
  busy: boolean;
  /** Shown in the footer of a new key-bound item. */
  note?: string;
  onCancel(): void;
}

export interface EditorProps<T extends AdvancedItem> extends EditorContext {
  item: T;
  onSave(item: T): void;
}

export function EditorHost({
  item,
  selectedCount,
  onSave,
  ...context
}: Omit<EditorContext, 'note'> & { item: AdvancedItem; selectedCount: number; onSave(item: AdvancedItem): void }) {
  const t = useT();
  const note = selectedCount > 0 && needsKeyBinding(item.type) ? t('adv.editor.bind.note', selectedCount) : undefined;
  const shared = { ...context, note, onSave };
  switch (item.type) {
    case ADVANCED_TYPE.dks:
      return <DksEditor {...shared} item={item} />;
    case ADVANCED_TYPE.shortcut:
      return <ShortcutEditor {...shared} item={item} />;
    case ADVANCED_TYPE.macro:
      return <MacroEditor {...shared} item={item} />;
    case ADVANCED_TYPE.snaptap:
      return <SnaptapEditor {...shared} item={item} />;
    case ADVANCED_TYPE.hypertap:
      return <HypertapEditor {...shared} item={item} />;
  }
}
