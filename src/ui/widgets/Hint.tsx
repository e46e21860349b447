/**
 * A hover/focus hint drawn by CSS alone, for the first screen where every kilobyte counts (the Radix tooltip, with its
 * positioning engine, loads with the device page). Decorative only: the wrapped control keeps its accessible name.
 */
import type { ReactNode } from 'react';

export function Hint({ text, side = 'top', children }: { text: string; side?: 'top' | 'left'; children: ReactNode }) {
  return (
    <span className={`hint hint--${side}`} data-hint={text}>
      {children}
    </span>
  );
}
