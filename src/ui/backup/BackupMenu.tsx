/**
 * The device page's backup menu, beside undo and redo: back up the whole keyboard to a file, restore one (with the
 * diff shown first), or go back to a restore point. A Radix menu: arrow keys move, Escape closes, focus returns to
 * the button, also after a dialog it opened.
 */
import { DropdownMenu } from 'radix-ui';
import { useRef } from 'react';
import type { DeviceRecord } from '../../contract/bridge';
import { useT } from '../../i18n/store';
import { ChevronDownIcon } from '../widgets/icons';
import { useBackupFlow } from './flow';
import './backup.css';
import './texts';

export function BackupMenu({ device }: { device: DeviceRecord }) {
  // A device without keys (a receiver) holds no configuration to back up.
  return device.layout ? <BackupMenuButton device={device} /> : null;
}

function BackupMenuButton({ device }: { device: DeviceRecord }) {
  const t = useT();
  const trigger = useRef<HTMLButtonElement>(null);
  const flow = useBackupFlow(device, trigger);
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          ref={trigger}
          className="button button--ghost button--small backup-menu__button"
          aria-label={t('backupUi.menu.label', device.display_name)}
          aria-busy={flow.busy}
          data-testid="backup-menu"
        >
          <BackupIcon />
          <span>{t('backupUi.menu')}</span>
          <ChevronDownIcon size={14} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
            <BackupMenuItems flow={flow} />
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {flow.parts}
    </>
  );
}

/** The three entries, shared with a device card's menu. */
export function BackupMenuItems({ flow }: { flow: ReturnType<typeof useBackupFlow> }) {
  const t = useT();
  return (
    <>
      <DropdownMenu.Item className="menu__item" disabled={flow.busy} onSelect={flow.backUp}>
        {flow.busy ? t('backupUi.saving') : t('backupUi.backUp')}
      </DropdownMenu.Item>
      <DropdownMenu.Item className="menu__item" onSelect={flow.chooseFile}>
        {t('backupUi.restoreFile')}
      </DropdownMenu.Item>
      <DropdownMenu.Item className="menu__item" onSelect={flow.showPoints}>
        {t('backupUi.restorePoints')}
      </DropdownMenu.Item>
    </>
  );
}

/** A box with an arrow into it: the keyboard's settings kept in a file. */
function BackupIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4 14v5a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-5" />
      <path d="M12 4v11M8 11l4 4 4-4" />
    </svg>
  );
}

export default BackupMenu;
