import { type KeyboardEvent, type RefObject, useEffect } from 'react';

const focusable =
  'a[href],button:not([disabled]),input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

function activeElementOf(node: Node): Element | null {
  const root = node.getRootNode() as Document | ShadowRoot;
  return root.activeElement ?? null;
}

/**
 * While mounted: moves focus into `ref` (to `initial`, else its first focusable element) and gives it
 * back to the element that had it when the trap closes. Returns the Tab handler that keeps focus inside.
 */
export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  initial?: RefObject<HTMLElement | null>,
): (event: KeyboardEvent) => void {
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const previous = activeElementOf(container) as HTMLElement | null;
    (initial?.current ?? container.querySelector<HTMLElement>(focusable) ?? container).focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, [ref, initial]);

  return (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(focusable)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const current = activeElementOf(ref.current);
    if (event.shiftKey && (current === first || !ref.current.contains(current))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (current === last || !ref.current.contains(current))) {
      event.preventDefault();
      first.focus();
    }
  };
}
