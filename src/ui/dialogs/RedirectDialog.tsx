/** Top-level dialog type 2, index 3: models configured through another flow (spec-1 §2) are sent there from here. */
import { useT } from '../../i18n/store';
import { AppDialog } from '../widgets/AppDialog';
import { ExternalIcon } from '../widgets/icons';
import { REDIRECT_DIALOG, useTopDialogStore } from './store';

export const DESKTOP_APP_URL = 'https://keytune.app/download';

export function TopDialogs() {
  const t = useT();
  const dialog = useTopDialogStore((s) => s.dialog);
  const hide = useTopDialogStore((s) => s.hide);
  const isRedirect = dialog?.type === REDIRECT_DIALOG.type && dialog.index === REDIRECT_DIALOG.index;
  return (
    <AppDialog
      open={isRedirect}
      onOpenChange={(open) => {
        if (!open) hide();
      }}
      title={t('redirect.title', dialog?.device.display_name ?? '')}
      description={t('redirect.body')}
      dataAttributes={{
        'data-dialog-type': String(REDIRECT_DIALOG.type),
        'data-dialog-index': String(REDIRECT_DIALOG.index),
      }}
      footer={
        <>
          <a className="button button--ghost" href={DESKTOP_APP_URL} target="_blank" rel="noopener noreferrer">
            {t('redirect.link')}
            <ExternalIcon size={16} />
          </a>
          <button type="button" className="button button--primary" onClick={hide}>
            {t('common.ok')}
          </button>
        </>
      }
    />
  );
}
