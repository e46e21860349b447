/**
 * The red dot's dialog: which firmware is available (the update checker's answer for this device, with its release
 * notes), and that it is installed from the Device settings tab, which "Open device settings" opens.
 */
import type { DeviceRecord } from '../../contract/bridge';
import { useT } from '../../i18n/store';
import { useServices } from '../services';
import { NEWER_TYPE } from '../update-checker';
import { AppDialog } from '../widgets/AppDialog';

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
  const { updates } = useServices();
  const outcome = updates.outcomeFor(device);
  const notes = outcome?.newer_type === NEWER_TYPE.available ? outcome.result.msg.trim() : '';
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
      {notes && (
        <p className="dialog__text" data-update-notes="">
          {notes}
        </p>
      )}
      <p className="dialog__text">{t('update.dialog.hint')}</p>
    </AppDialog>
  );
}
