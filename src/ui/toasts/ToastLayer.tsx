/** Loads the toast renderer with the first toast, so start-up does not pay for it before anything is said. */
import { lazy, Suspense, useState } from 'react';
import { useToastStore } from './store';

const Toasts = lazy(() => import('./Toasts').then((m) => ({ default: m.Toasts })));

export function ToastLayer() {
  const count = useToastStore((s) => s.toasts.length);
  // Once loaded it stays mounted, so the live region exists before the next toast arrives.
  const [needed, setNeeded] = useState(false);
  if (count > 0 && !needed) setNeeded(true);
  if (!needed && count === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
