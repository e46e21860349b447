/** The shared key-code picker in its compact form, as every advanced editor uses it. */
import { useContextSpace } from '../../../keycode-space';
import { KeycodePicker } from '../../../widgets/keycode-picker/KeycodePicker';

export function CodePicker({
  onPick,
  onCategory,
}: {
  onPick(code: number): void;
  /** Called with a category id when the user opens another tab (not for the tab the picker opens on). */
  onCategory?(category: string): void;
}) {
  // The editors pick from the device's own code space (DeviceSpaceContext, given by the advanced-key area).
  const space = useContextSpace();
  return (
    <KeycodePicker onPick={onPick} compact space={space} {...(onCategory ? { onCategoryChange: onCategory } : {})} />
  );
}
