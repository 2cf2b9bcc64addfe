import { type RefObject, useEffect, useRef } from 'react';

/** Calls `onOutside` on a pointer press outside `ref`'s element while `active`; shadow-DOM aware. */
export function useOutsidePointerDown(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  onOutside: () => void,
): void {
  const latest = useRef(onOutside);
  latest.current = onOutside;
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    const doc = element.ownerDocument;
    const listener = (event: Event) => {
      // composedPath sees through shadow roots, where event.target is retargeted to the host.
      const path = event.composedPath?.() ?? [];
      const inside = path.length > 0 ? path.includes(element) : element.contains(event.target as Node);
      if (!inside) latest.current();
    };
    doc.addEventListener('pointerdown', listener, true);
    return () => doc.removeEventListener('pointerdown', listener, true);
  }, [ref, active]);
}
