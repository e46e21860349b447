/** The dialog frame every advanced editor shares: title, body, an optional note, Cancel and OK. */
import type { ReactNode } from 'react';
import { useT } from '../../../../i18n/store';
import { AppDialog } from '../../../widgets/AppDialog';

export interface EditorFrameProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Shown next to the buttons, e.g. which keys a new item will be bound to. */
  note?: ReactNode;
  okLabel?: string;
  okDisabled?: boolean;
  busy?: boolean;
  /** Extra buttons before Cancel (e.g. Back). */
  extraButtons?: ReactNode;
  onOk(): void;
  onCancel(): void;
  className?: string;
  type: string;
}

export function EditorFrame(props: EditorFrameProps) {
  const t = useT();
  return (
    <AppDialog
      open
      onOpenChange={(open) => {
        if (!open) props.onCancel();
      }}
      title={props.title}
      description={props.description}
      className={`dialog--wide adv-editor ${props.className ?? ''}`}
      dataAttributes={{ 'data-editor': props.type }}
      footer={
        <>
          {props.note && <p className="adv-editor__note">{props.note}</p>}
          {props.extraButtons}
          <button type="button" className="button button--ghost" onClick={props.onCancel}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={props.onOk}
            disabled={props.okDisabled || props.busy}
            aria-busy={props.busy || undefined}
          >
            {props.okLabel ?? t('common.ok')}
          </button>
        </>
      }
    >
      {props.children}
    </AppDialog>
  );
}
