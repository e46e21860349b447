/**
 * A device card's menu: Remove (which asks for confirmation), Save a bug report, and the keyboard's backups (back up,
 * restore from a file, restore points). Loaded after the first screen; the backup dialogs load only when one opens.
 */
import { useRef } from 'react';
import { useSaveReport } from '../help/ReportBundle';
import { useReportT } from '../help/report-texts';
import { DropdownMenu } from 'radix-ui';
import { BackupMenuItems } from '../backup/BackupMenu';
import { useBackupFlow } from '../backup/flow';
import { useDeviceState } from '../services';
import { MoreIcon } from './CardMenuIcon';

export default function CardMenu({
  path,
  label,
  removeLabel,
  onRemove,
  openAtOnce = false,
}: {
  path: string;
  label: string;
  removeLabel: string;
  onRemove(): void;
  /** The button was pressed before this code had loaded: the menu opens as it mounts, with focus in it. */
  openAtOnce?: boolean;
}) {
  const saveReport = useSaveReport();
  const r = useReportT();
  const trigger = useRef<HTMLButtonElement>(null);
  const device = useDeviceState((s) => s.devices.find((d) => d.path === path));
  const backup = useBackupFlow(device, trigger);
  // A receiver has no keys to back up, and a device gone offline cannot be read.
  const backups = device?.layout && device.online !== false;
  return (
    <>
      <DropdownMenu.Root defaultOpen={openAtOnce}>
        <DropdownMenu.Trigger ref={trigger} className="icon-button" aria-label={label}>
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
            {backups && (
              <>
                <DropdownMenu.Separator className="backup-menu__separator" />
                <BackupMenuItems flow={backup} />
              </>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {backup.parts}
    </>
  );
}
