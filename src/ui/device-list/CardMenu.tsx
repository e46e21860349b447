/** A device card's menu: Remove (which asks for confirmation). Loaded after the first screen. */
import { DropdownMenu } from 'radix-ui';
import { MoreIcon } from './CardMenuIcon';

export default function CardMenu({
  label,
  removeLabel,
  onRemove,
}: {
  label: string;
  removeLabel: string;
  onRemove(): void;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="icon-button" aria-label={label}>
        <MoreIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
          <DropdownMenu.Item className="menu__item device-card__remove" onSelect={onRemove}>
            {removeLabel}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
