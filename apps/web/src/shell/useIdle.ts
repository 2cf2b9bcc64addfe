import { useEffect, useState } from 'react';

/** Longest wait for an idle period; where there is no `requestIdleCallback` (Safari), a short timeout. */
const IDLE_TIMEOUT_MS = 2000;
const NO_IDLE_MS = 50;

/**
 * False until the page's first idle period after mount: for what the first screen does not need (the bell's
 * notifications), so that its request, answer and render stay out of the start's requests and tasks.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => setIdle(true);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(done, NO_IDLE_MS);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }, []);
  return idle;
}
