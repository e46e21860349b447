/** A labelled check box of the advanced-key editors, with an optional line of help under it. */
import { Checkbox } from 'radix-ui';
import { useId } from 'react';
import { CheckIcon } from '../../../widgets/icons';

export function CheckField({
  label,
  help,
  checked,
  onChange,
}: {
  label: string;
  help?: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const helpId = useId();
  return (
    <div className="adv-check-field">
      <label className="checkbox-field adv-check">
        <Checkbox.Root
          className="checkbox"
          checked={checked}
          aria-describedby={help === undefined ? undefined : helpId}
          onCheckedChange={(state) => onChange(state === true)}
        >
          <Checkbox.Indicator className="checkbox__indicator">
            <CheckIcon size={14} />
          </Checkbox.Indicator>
        </Checkbox.Root>
        {label}
      </label>
      {help !== undefined && (
        <p className="adv-field__hint" id={helpId}>
          {help}
        </p>
      )}
    </div>
  );
}
