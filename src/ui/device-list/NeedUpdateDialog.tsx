/**
 * The red dot's dialog: which firmware is available, and that Keytune cannot install it yet. Device settings shows
 * the installed version; until it has the firmware screen, the dialog says so plainly instead of promising an update
 * there.
 */
import type { DeviceRecord } from '../../contract/bridge';
import { useT } from '../../i18n/store';
import { AppDialog } from '../widgets/AppDialog';
import { tx } from './extra-texts';

export function NeedUpdateDialog({
  device,
  version,
  open,
  onOpenChange,
  onOpenSettings,
}: {
  device: DeviceRecord;
  version: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  onOpenSettings(): void;
}) {
  const t = useT();
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('update.dialog.title')}
      description={t('update.dialog.body', version || '--', device.display_name, device.fw_ver)}
      dataAttributes={{ 'data-dialog': 'need-update' }}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={() => onOpenChange(false)}>
            {t('update.dialog.later')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              onOpenChange(false);
              onOpenSettings();
            }}
          >
            {t('update.dialog.open')}
          </button>
        </>
      }
    >
      <p className="dialog__text" data-update-unavailable="">
        {tx(t, 'update.dialog.unavailable')}
      </p>
    </AppDialog>
  );
}
