/**
 * The book pop-up's place in the browser history (issue 29 point 8): opening it pushes an entry for
 * the same address, so the phone's Back button closes the pop-up instead of leaving the page. Closing
 * it any other way (the X, Escape, the backdrop) takes that entry off again, so no stray entry is left
 * for Back to stop at. A close because a link inside the pop-up leaves the page keeps the entry: going
 * back in history then would race the navigation.
 */
import { useEffect, useRef } from 'react';

/** Marks our entry in history.state (other keys of the state are kept). */
const ENTRY_KEY = 'phantastikaPopup';

const isOurEntry = (state: unknown): boolean => typeof state === 'object' && state !== null && (state as Record<string, unknown>)[ENTRY_KEY] === true;

let leaving = false;

/** Call before a close that a navigation away from the page follows (the sign-in link). */
export function closingToLeave(): void {
  leaving = true;
}

/** Keeps a history entry while `open`; Back runs `close`. */
export function usePopupHistory(open: boolean, close: () => void): void {
  const pushed = useRef(false);
  const closeRef = useRef(close);
  closeRef.current = close;

  useEffect(() => {
    if (open && !pushed.current) {
      const state: unknown = window.history.state;
      window.history.pushState({ ...(typeof state === 'object' && state !== null ? state : {}), [ENTRY_KEY]: true }, '');
      pushed.current = true;
    } else if (!open && pushed.current) {
      pushed.current = false;
      if (!leaving && isOurEntry(window.history.state)) window.history.back();
    }
  }, [open]);

  useEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      // Back (or Forward) left our entry while the pop-up was open: close it, the entry is gone already.
      if (!pushed.current || isOurEntry(event.state)) return;
      pushed.current = false;
      closeRef.current();
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
}
