/** Top-level dialog type 2, index 3: models configured through another flow (spec-1 §2) are sent there from here. */
import { useT } from '../../i18n/store';
import { NoticeDialog } from '../widgets/NoticeDialog';
import { REDIRECT_DIALOG, useTopDialogStore } from './store';

export const DESKTOP_APP_URL = 'https://keytune.app/download';

export function TopDialogs() {
  const t = useT();
  const dialog = useTopDialogStore((s) => s.dialog);
  const hide = useTopDialogStore((s) => s.hide);
  const isRedirect = dialog?.type === REDIRECT_DIALOG.type && dialog.index === REDIRECT_DIALOG.index;
  return (
    <NoticeDialog
      open={isRedirect}
      onClose={hide}
      title={t('redirect.title', dialog?.device.display_name ?? '')}
      description={t('redirect.body')}
      links={[{ href: DESKTOP_APP_URL, label: t('redirect.link') }]}
      okLabel={t('common.ok')}
      dataAttributes={{
        'data-dialog-type': String(REDIRECT_DIALOG.type),
        'data-dialog-index': String(REDIRECT_DIALOG.index),
      }}
    />
  );
}
