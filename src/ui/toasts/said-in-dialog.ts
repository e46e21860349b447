/**
 * A dialog that shows the refusal of its own call in its own words: while the call runs toasts wait, and the
 * refusal's key stays unsaid by a toast until the dialog closes, so a person reads it once, in the dialog.
 */
import { useCallback, useEffect, useRef } from 'react';
import { dismissToastsOf, holdToasts, quietToasts } from './store';

export type SaidInDialog = <T>(call: Promise<T>, saidKey: (answer: T) => string | undefined) => Promise<T>;

export function useSaidInDialog(): SaidInDialog {
  const quieted = useRef<(() => void)[]>([]);
  useEffect(() => {
    const list = quieted.current;
    return () => {
      for (const release of list.splice(0)) release();
    };
  }, []);
  return useCallback(async (call, saidKey) => {
    const release = holdToasts();
    try {
      const answer = await call;
      const key = saidKey(answer);
      if (key) {
        quieted.current.push(quietToasts([key]));
        dismissToastsOf(key);
      }
      return answer;
    } finally {
      release();
    }
  }, []);
}
