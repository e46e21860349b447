/**
 * Renders the toast queue with Radix Toast, which gives a labelled live region (F8 jumps to it), pause on hover and
 * swipe to dismiss. Each toast lives for its own delay.
 */
import { Toast } from 'radix-ui';
import { useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/store';
import { CheckIcon, CloseIcon, ErrorIcon, WarningIcon } from '../widgets/icons';
import { splitToastArgs } from './format';
import { toastText } from './toast-text';
import { openDialogFields, toastPlacement, type ToastPlacement } from './placement';
import { useToastStore, type ToastEntry } from './store';
import { useToastTexts } from './toast-texts';

const KIND_CLASS = ['success', 'error', 'warning'] as const;

function ToastItem({ toast }: { toast: ToastEntry }) {
  const t = useT();
  const own = useToastTexts();
  const dismiss = useToastStore((s) => s.dismiss);
  const args = splitToastArgs(toast.args);
  const title = toastText(toast.title, args, t);
  const context = toastText(toast.context, args, t);
  const kind = KIND_CLASS[toast.type];
  return (
    <Toast.Root
      className={`toast toast--${kind}`}
      duration={toast.delay * 1000}
      // Errors interrupt the screen reader; success and warnings wait their turn.
      type={toast.type === 1 ? 'foreground' : 'background'}
      onOpenChange={(open) => {
        if (!open) dismiss(toast.id);
      }}
      data-toast-type={toast.type}
    >
      <span className="toast__icon" aria-hidden="true">
        {toast.type === 0 ? (
          <CheckIcon size={18} />
        ) : toast.type === 1 ? (
          <ErrorIcon size={18} />
        ) : (
          <WarningIcon size={18} />
        )}
      </span>
      <div className="toast__text">
        {title && (
          <Toast.Title className="toast__title">
            {title}
            {toast.count > 1 && (
              <span className="toast__count" role="img" aria-label={own('widgets.toast.count', toast.count)}>
                ×{toast.count}
              </span>
            )}
          </Toast.Title>
        )}
        {context && <Toast.Description className="toast__context">{context}</Toast.Description>}
      </div>
      <Toast.Close className="icon-button toast__close" aria-label={t('toast.dismiss')}>
        <CloseIcon size={16} />
      </Toast.Close>
    </Toast.Root>
  );
}

/** The corner for the stack: clear of the text fields of open dialogs, measured whenever the toasts or dialogs change. */
function usePlacement(count: number) {
  const viewport = useRef<HTMLOListElement>(null);
  const [placement, setPlacement] = useState<ToastPlacement>('bottom-right');
  useLayoutEffect(() => {
    const place = () => {
      const stack = viewport.current?.getBoundingClientRect();
      const size = { width: stack?.width || 380, height: stack?.height || 0 };
      setPlacement(toastPlacement(openDialogFields(), { width: innerWidth, height: innerHeight }, size));
    };
    place();
    if (count === 0) return;
    // Dialogs open in portals at the end of the body.
    const watch = new MutationObserver(place);
    watch.observe(document.body, { childList: true });
    return () => watch.disconnect();
  }, [count]);
  return { viewport, placement };
}

export function Toasts() {
  const t = useT();
  const toasts = useToastStore((s) => s.toasts);
  const { viewport, placement } = usePlacement(toasts.length);
  return (
    <Toast.Provider label={t('toasts.label')} swipeDirection="right">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
      <Toast.Viewport
        ref={viewport}
        className="toast-viewport"
        data-placement={placement}
        label={`${t('toasts.label')} ({hotkey})`}
      />
    </Toast.Provider>
  );
}
