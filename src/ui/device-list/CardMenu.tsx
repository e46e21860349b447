/** A device card's menu: Remove (which asks for confirmation) and Save a bug report. Loaded after the first screen. */
import { useSaveReport } from '../help/ReportBundle';
import { useReportT } from '../help/report-texts';
import { DropdownMenu } from 'radix-ui';
import { MoreIcon } from './CardMenuIcon';

export default function CardMenu({
  path,
  label,
  removeLabel,
  onRemove,
}: {
  path: string;
  label: string;
  removeLabel: string;
  onRemove(): void;
}) {
  const saveReport = useSaveReport();
  const r = useReportT();
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
          <DropdownMenu.Item className="menu__item" onSelect={() => void saveReport(path)}>
            {r('report.save')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
