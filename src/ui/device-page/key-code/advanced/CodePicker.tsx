/** The shared key-code picker in its compact form, as every advanced editor uses it. */
import { useContextSpace } from '../../../keycode-space';
import { KeycodePicker, type PickerCategory } from '../../../widgets/keycode-picker/KeycodePicker';

export function CodePicker({
  onPick,
  categories,
  onCategory,
}: {
  onPick(code: number): void;
  categories?: readonly PickerCategory[];
  /** Called when the user opens another category tab (not for the tab the picker opens on). */
  onCategory?(category: PickerCategory): void;
}) {
  // A libhmk or VIA keyboard's editors pick from its own code space.
  const space = useContextSpace();
  return (
    <KeycodePicker
      onPick={onPick}
      compact
      {...(space ? { space } : {})}
      {...(categories ? { categories } : {})}
      {...(onCategory ? { onCategoryChange: onCategory } : {})}
    />
  );
}
