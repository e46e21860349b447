/** A labelled on/off switch of the settings screen; a disabled one stays in the tab order for its label to be read. */
import { Switch } from 'radix-ui';
import { useId } from 'react';

export function OnOff({
  label,
  checked,
  disabled = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange(on: boolean): void;
}) {
  const id = useId();
  return (
    <div className="settings-switch-row">
      <label htmlFor={id} className="settings-switch-row__label">
        {label}
      </label>
      <Switch.Root id={id} className="settings-switch" checked={checked} disabled={disabled} onCheckedChange={onChange}>
        <Switch.Thumb className="settings-switch__thumb" />
      </Switch.Root>
    </div>
  );
}
