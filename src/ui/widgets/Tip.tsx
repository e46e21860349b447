/** A hover/focus tooltip on Radix Tooltip. Decorative help only: the wrapped control keeps its own accessible name. */
import { Tooltip } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';

export function Tip({
  content,
  side = 'top',
  children,
}: {
  content: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  children: ReactElement;
}) {
  return (
    <Tooltip.Provider delayDuration={400}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content className="tooltip" side={side} sideOffset={6}>
            {content}
            <Tooltip.Arrow className="tooltip__arrow" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
