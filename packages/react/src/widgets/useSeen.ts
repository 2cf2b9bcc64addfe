import { type RefObject, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { watchSeen } from './seenQueue';

/**
 * False until the element came near the viewport in a visible page, or its turn came at idle time
 * (`seenQueue.ts`); true from then on. A panel asks for its data and creates its chart only once seen: a
 * partner's page of 20 panels draws the two or three on screen first, and a background tab draws none.
 * Rendered on a server it is false (no effects run there), so the server's HTML is the panel's frame. Each
 * panel of one report renders in a task of its own (the first at once), in the viewport's order, so their
 * requests go out in that order and a screenful's first renders are not one long task.
 */
export function useSeen(ref: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    return watchSeen(element, () => flushSync(() => setSeen(true)));
  }, [ref, seen]);
  return seen;
}
