/** The app's dialog frame on Radix Dialog: focus trap, Escape to close, labelled by its title and description. */
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/store';
import { CloseIcon } from './icons';

export interface AppDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons along the bottom edge. */
  footer?: ReactNode;
  className?: string;
  /** Extra attributes identifying the dialog, e.g. its spec type and index. */
  dataAttributes?: Record<`data-${string}`, string>;
  /**
   * Called as the dialog gives focus back; `event.preventDefault()` keeps focus where the handler put it (the device
   * list sends it to a card just added, or to its title after a removal).
   */
  onCloseAutoFocus?(event: Event): void;
}

export function AppDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  className,
  dataAttributes,
  onCloseAutoFocus,
}: AppDialogProps) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className={`dialog ${className ?? ''}`}
          {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
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
