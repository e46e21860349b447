/** Loads the toast renderer with the first toast, so start-up does not pay for it before anything is said. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useServices } from '../services';
import { useToastStore } from './store';

const Toasts = lazy(() => import('./Toasts').then((m) => ({ default: m.Toasts })));

export function ToastLayer() {
  const { devices, updates } = useServices();
  // Device events (connected, disconnected, update available) as the Settings tab's notification options say. Its
  // code and texts load just after the first screen: the devices listed at start are never announced anyway.
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    void import('./device-notices').then((m) => {
      if (live) stop = m.watchDeviceNotices(devices, updates);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [devices, updates]);
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
