/**
 * The app's dialog frame (as widgets/AppDialog) with a say in where focus goes when it closes: the device list
 * sends it to a card just added, or to its title after a removal, instead of back to the button that opened it.
 */
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/store';
import { CloseIcon } from '../widgets/icons';

export interface ListDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
  dataAttributes?: Record<`data-${string}`, string>;
  /** Called as the dialog gives focus back; `event.preventDefault()` keeps focus where the handler put it. */
  onCloseAutoFocus(event: Event): void;
}

export function ListDialog(props: ListDialogProps) {
  const t = useT();
  const { open, onOpenChange, title, description, children, footer, className, dataAttributes } = props;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className={`dialog ${className ?? ''}`}
          onCloseAutoFocus={props.onCloseAutoFocus}
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          {...dataAttributes}
        >
          <div className="dialog__header">
            <Dialog.Title className="dialog__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('common.close')}>
              <CloseIcon size={18} />
            </Dialog.Close>
          </div>
          {description !== undefined && (
            <Dialog.Description className="dialog__description">{description}</Dialog.Description>
          )}
          {children}
          {footer && <div className="dialog__footer">{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
