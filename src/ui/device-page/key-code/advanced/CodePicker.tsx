/** The shared key-code picker in its compact form, as every advanced editor uses it. */
import { KeycodePicker, type PickerCategory } from '../../../widgets/keycode-picker/KeycodePicker';

export function CodePicker({
  onPick,
  categories,
}: {
  onPick(code: number): void;
  categories?: readonly PickerCategory[];
}) {
  return <KeycodePicker onPick={onPick} compact {...(categories ? { categories } : {})} />;
}
