/**
 * A labelled on/off switch (Radix Switch), the one every screen uses. A disabled one stays in the tab order so its
 * label is still read. `className` adds a screen's own spacing to the row.
 */
import { Switch } from 'radix-ui';
import { useId } from 'react';

export function OnOff({
  label,
  checked,
  disabled = false,
  className,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  className?: string;
  onChange(on: boolean): void;
}) {
  const id = useId();
  return (
    <div className={className ? `on-off ${className}` : 'on-off'}>
      <label htmlFor={id} className="on-off__label">
        {label}
      </label>
      <Switch.Root id={id} className="on-off__switch" checked={checked} disabled={disabled} onCheckedChange={onChange}>
        <Switch.Thumb className="on-off__thumb" />
      </Switch.Root>
    </div>
  );
}
