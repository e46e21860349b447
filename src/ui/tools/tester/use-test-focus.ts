/**
 * Whether browser key events reach the tester, and the keyboard's one way out of it.
 *
 * A key tester must take every key, Tab included: the browser must not move focus, scroll or reload while the test
 * area has focus. That would trap keyboard users, so Esc followed by Tab lets Tab move focus as usual (both keys are
 * still tested); the hint under the area says so. When focus leaves the area anyway (that way, a click, the window
 * losing focus), the tester says keys are not tested and offers to take focus back.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';

/** Browser key events count when they reach the page itself or the test area, not a control that uses the key. */
export function reachesTester(target: EventTarget | null, area: HTMLElement | null): boolean {
  if (target === null || target === document.body || target === document.documentElement) return true;
  return area !== null && target instanceof Node && area.contains(target);
}

/** Tab right after Esc is the keyboard's way out of the test area; every other key stays with the tester. */
export function letsFocusLeave(previousDown: string | undefined, code: string): boolean {
  return code === 'Tab' && previousDown === 'Escape';
}

export type FocusLoss = 'none' | 'window' | 'area';

/** Where keys go now: to the tester, or lost because the window or the test area has no focus. */
export function useTestFocus(areaRef: RefObject<HTMLElement | null>, onWindowBlur: () => void) {
  const [windowFocused, setWindowFocused] = useState(() => typeof document === 'undefined' || document.hasFocus());
  const [inArea, setInArea] = useState(true);

  useEffect(() => {
    const check = () => setInArea(reachesTester(document.activeElement, areaRef.current));
    const onBlur = () => {
      setWindowFocused(false);
      onWindowBlur();
    };
    const onFocus = () => {
      setWindowFocused(true);
      check();
    };
    // focusout fires before the next element has focus: look once the move is over (a task later, so a click on
    // the Resume button gives it focus before the banner could be taken away under the pointer).
    let pending: ReturnType<typeof setTimeout> | undefined;
    const onFocusOut = () => {
      clearTimeout(pending);
      pending = setTimeout(check, 0);
    };
    document.addEventListener('focusin', check);
    document.addEventListener('focusout', onFocusOut);
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    check();
    return () => {
      clearTimeout(pending);
      document.removeEventListener('focusin', check);
      document.removeEventListener('focusout', onFocusOut);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
    };
  }, [areaRef, onWindowBlur]);

  const takeBack = useCallback(() => areaRef.current?.focus({ preventScroll: true }), [areaRef]);
  const loss: FocusLoss = !windowFocused ? 'window' : inArea ? 'none' : 'area';
  return { loss, takeBack };
}
