/**
 * A labelled check box row of the Settings tab. A disabled one stays in the tab order (aria-disabled) so its label and
 * the text saying why are still read, as the app's other switches do.
 */
import { Checkbox } from 'radix-ui';
import { useId } from 'react';
import { CheckIcon } from '../widgets/icons';

export function Toggle({
  label,
  checked,
  disabled = false,
  describedBy,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  /** The id of a text that says more (why the box cannot be ticked). */
  describedBy?: string;
  onChange(on: boolean): void;
}) {
  const id = useId();
  return (
    <div className="checkbox-field prefs__row" data-disabled={disabled ? 'true' : undefined}>
      <Checkbox.Root
        id={id}
        className="checkbox"
        checked={checked}
        aria-disabled={disabled || undefined}
        aria-describedby={describedBy}
        onCheckedChange={(c) => {
          if (!disabled) onChange(c === true);
        }}
      >
        <Checkbox.Indicator className="checkbox__indicator">
          <CheckIcon size={14} />
        </Checkbox.Indicator>
      </Checkbox.Root>
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
