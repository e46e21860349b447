/**
 * Renders the toast queue with Radix Toast, which gives a labelled live region (F8 jumps to it), pause on hover and
 * swipe to dismiss. Each toast lives for its own delay.
 */
import { Toast } from 'radix-ui';
import { useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/store';
import { handEscapeToDialog } from '../widgets/dialog-escape';
import { CheckIcon, CloseIcon, ErrorIcon, WarningIcon } from '../widgets/icons';
import { splitToastArgs } from './format';
import { toastText } from './toast-text';
import { openDialogs, placeStack, type StackPlace } from './placement';
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
      // Escape pressed in a dialog closes the dialog, not a toast that appeared above it.
      onEscapeKeyDown={handEscapeToDialog}
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

/**
 * The corner (and width) for the stack: clear of the controls of open dialogs, measured again whenever the toasts,
 * the dialogs or what they show change, and when the window is resized.
 */
function usePlacement(count: number) {
  const viewport = useRef<HTMLOListElement>(null);
  const [place, setPlace] = useState<StackPlace>({ placement: 'bottom-right' });
  useLayoutEffect(() => {
    const measure = () => {
      const dialogs = openDialogs();
      const next: StackPlace =
        dialogs.length === 0
          ? { placement: 'bottom-right' }
          : placeStack(dialogs, { width: innerWidth, height: innerHeight }, stackSize(viewport.current));
      setPlace((now) => (now.placement === next.placement && now.width === next.width ? now : next));
    };
    measure();
    if (count === 0) return;
    // Dialogs open in portals at the end of the body, and grow as their content arrives (a diff, a refusal).
    const watch = new MutationObserver(measure);
    watch.observe(document.body, { childList: true, subtree: true });
    addEventListener('resize', measure);
    return () => {
      watch.disconnect();
      removeEventListener('resize', measure);
    };
  }, [count]);
  return { viewport, place };
}

/** The stack's size at full width: a narrowed stack is measured as if it were not. */
function stackSize(stack: HTMLElement | null) {
  const rect = stack?.getBoundingClientRect();
  const narrowed = stack?.style.width ? Number.parseFloat(stack.style.width) : undefined;
  const width = rect?.width || 380;
  const height = rect?.height || 0;
  const full = Math.min(380, innerWidth - 40);
  return narrowed ? { width: full, height: Math.ceil((height * narrowed) / full) } : { width, height };
}

export function Toasts() {
  const t = useT();
  const toasts = useToastStore((s) => s.toasts);
  const { viewport, place } = usePlacement(toasts.length);
  return (
    <Toast.Provider label={t('toasts.label')} swipeDirection="right">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
      <Toast.Viewport
        ref={viewport}
        className="toast-viewport"
        data-placement={place.placement}
        style={place.width === undefined ? undefined : { width: place.width }}
        label={`${t('toasts.label')} ({hotkey})`}
      />
    </Toast.Provider>
  );
}
