/**
 * The desktop window's title bar, loaded with its first render on the desktop host only (TitleBarFrame.tsx): a
 * browser never shows it, so its code stays off the first screen's script. Until it is there, an empty bar of the
 * same height keeps the layout still.
 */
import { lazy, Suspense } from 'react';
import type { Platform, WindowControls } from '../host-types';

const Frame = lazy(() => import('./TitleBarFrame').then((m) => ({ default: m.TitleBar })));

export function TitleBar(props: { controls: WindowControls; platform: Platform }) {
  return (
    <Suspense fallback={<div className="titlebar" aria-hidden="true" />}>
      <Frame {...props} />
    </Suspense>
  );
}
