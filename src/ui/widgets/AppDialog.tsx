/**
 * The app's dialog frame on Radix Dialog: focus trap, Escape to close (one press, also when a toast appeared after
 * the dialog: dialog-escape.ts), labelled by its title and description.
 */
import { Dialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { useT } from '../../i18n/store';
import { escapeHandedOn } from './dialog-escape';
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
  /**
   * The control that takes focus when the dialog opens instead of the first one (the close button): a text field
   * gets its text selected, so typing replaces it.
   */
  initialFocus?: RefObject<HTMLElement | null>;
  /**
   * Where focus goes back to when the dialog closes, found at that moment: the menu button that opened it (the menu
   * item that was focused before no longer exists, and focus would fall to the page).
   */
  returnFocus?(): HTMLElement | null | undefined;
}

/** Focus on `target`, its text selected when it is a text field. */
function focusAndSelect(target: HTMLElement): void {
  target.focus();
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) target.select();
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
  initialFocus,
  returnFocus,
}: AppDialogProps) {
  const t = useT();
  const closeFocus = (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented || !returnFocus) return;
    const target = returnFocus();
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className={`dialog ${className ?? ''}`}
          {...(onCloseAutoFocus || returnFocus ? { onCloseAutoFocus: closeFocus } : {})}
          {...(initialFocus
            ? {
                onOpenAutoFocus: (event: Event) => {
                  if (!initialFocus.current) return;
                  event.preventDefault();
                  focusAndSelect(initialFocus.current);
                },
              }
            : {})}
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          data-app-dialog=""
          onKeyDown={(event) => {
            if (event.key === 'Escape' && escapeHandedOn(event.nativeEvent)) onOpenChange(false);
          }}
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
