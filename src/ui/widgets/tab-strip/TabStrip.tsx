/**
 * A row of tabs on Radix Tabs (arrow keys move between tabs, the selected one is announced) that shows scroll arrows
 * when its tabs overflow: more tabs than `maxVisible`, or wider than the strip. The window follows keyboard focus and
 * the selected tab, so a tab reached by keyboard is always in view.
 */
import { Tabs } from 'radix-ui';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { BackIcon } from '../icons';
import {
  NO_ARROWS,
  arrowsForGeometry,
  arrowsForWindow,
  moveWindow,
  nextScrollLeft,
  revealInWindow,
  type ArrowState,
} from './tab-window';
import { useTabTexts } from './tab-texts';
import '../../styles/widgets.css';

export interface TabItem {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface TabStripProps {
  /** Names the row of tabs for screen readers. */
  label: string;
  tabs: readonly TabItem[];
  value: string;
  onValueChange(value: string): void;
  /** Most tabs shown at once; more than this brings the scroll arrows. */
  maxVisible?: number;
  /** TabPanel elements, one per tab. */
  children?: ReactNode;
  className?: string;
}

const ForwardIcon = ({ size = 18 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
    <path d="M9 5l7 7-7 7" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

function tabElements(list: HTMLElement | null): HTMLElement[] {
  return list ? Array.from(list.querySelectorAll<HTMLElement>('[role="tab"]')) : [];
}

export function TabStrip({ label, tabs, value, onValueChange, maxVisible, children, className }: TabStripProps) {
  const t = useTabTexts();
  const listRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const counted = maxVisible !== undefined && maxVisible > 0;
  const count = tabs.length;
  const selectedIndex = tabs.findIndex((tab) => tab.value === value);
  const [first, setFirst] = useState(() => (counted ? revealInWindow(0, selectedIndex, maxVisible, count) : 0));
  const [measured, setMeasured] = useState<ArrowState>(NO_ARROWS);

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list || counted) return;
    const next = arrowsForGeometry(list);
    setMeasured((prev) =>
      prev.overflow === next.overflow &&
      prev.canScrollBack === next.canScrollBack &&
      prev.canScrollForward === next.canScrollForward
        ? prev
        : next,
    );
  }, [counted]);

  // The selected tab comes into view when it changes, whoever changed it.
  const [shownSelection, setShownSelection] = useState(selectedIndex);
  if (counted && shownSelection !== selectedIndex) {
    setShownSelection(selectedIndex);
    setFirst((f) => revealInWindow(f, selectedIndex, maxVisible, count));
  }
  const windowFirst = counted ? moveWindow(first, 0, maxVisible, count) : 0;

  // A counted strip scrolls so its window's first tab sits at the start.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || !counted) return;
    const elements = tabElements(list);
    const start = elements[0]?.offsetLeft ?? 0;
    list.scrollLeft = (elements[windowFirst]?.offsetLeft ?? start) - start;
  }, [counted, windowFirst, count]);

  useLayoutEffect(measure, [measure, count]);
  useEffect(() => {
    const list = listRef.current;
    if (!list || counted) return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [counted, measure]);

  const arrows = counted ? arrowsForWindow(windowFirst, maxVisible, count) : measured;

  const scroll = (direction: 1 | -1) => {
    if (direction === 1 ? !arrows.canScrollForward : !arrows.canScrollBack) return;
    if (counted) {
      setFirst(moveWindow(windowFirst, direction, maxVisible, count));
      return;
    }
    const list = listRef.current;
    if (!list) return;
    list.scrollLeft = nextScrollLeft(list, direction);
    measure();
  };

  const arrow = (direction: 1 | -1) => {
    const enabled = direction === 1 ? arrows.canScrollForward : arrows.canScrollBack;
    return (
      <button
        type="button"
        className={`tab-strip__arrow tab-strip__arrow--${direction === 1 ? 'forward' : 'back'}`}
        aria-label={t(direction === 1 ? 'widgets.tabs.scroll.right' : 'widgets.tabs.scroll.left')}
        aria-controls={listId}
        // aria-disabled, not disabled: the button keeps focus when the strip reaches its end.
        aria-disabled={!enabled}
        onClick={() => scroll(direction)}
      >
        {direction === 1 ? <ForwardIcon /> : <BackIcon size={18} />}
      </button>
    );
  };

  return (
    <Tabs.Root
      className={`tab-strip ${className ?? ''}`}
      value={value}
      onValueChange={onValueChange}
      activationMode="automatic"
    >
      <div className="tab-strip__bar" data-overflow={arrows.overflow ? '' : undefined}>
        {arrows.overflow && arrow(-1)}
        <Tabs.List
          ref={listRef}
          id={listId}
          className="tab-strip__list"
          aria-label={label}
          onScroll={measure}
          style={counted ? ({ '--tab-strip-visible': Math.min(maxVisible, count) } as CSSProperties) : undefined}
          data-counted={counted ? '' : undefined}
        >
          {tabs.map((tab, index) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              disabled={tab.disabled}
              className="tab-strip__tab"
              onFocus={() => counted && setFirst(revealInWindow(windowFirst, index, maxVisible, count))}
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {arrows.overflow && arrow(1)}
      </div>
      {children}
    </Tabs.Root>
  );
}

/** The content shown while its tab is selected. */
export function TabPanel({ value, children, className }: { value: string; children: ReactNode; className?: string }) {
  return (
    <Tabs.Content value={value} className={`tab-strip__panel ${className ?? ''}`}>
      {children}
    </Tabs.Content>
  );
}
