import { useOutsidePointerDown } from '@matnat/react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

export interface MenuDisclosureProps {
  /** The button's content and accessible name. */
  label: ReactNode;
  /** The panel's content: links and buttons. */
  children: ReactNode;
}

/** A button that opens a panel of links; closes on Escape, an outside press and a route change. */
export function MenuDisclosure({ label, children }: MenuDisclosureProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const location = useLocation();
  useOutsidePointerDown(rootRef, open, () => setOpen(false));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location closes the menu
  useEffect(() => setOpen(false), [location.key]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-600"
      >
        {label}
      </button>
      {open && (
        <div
          id={id}
          className="absolute right-0 z-20 mt-2 w-64 rounded-md bg-white p-1 shadow-lg ring-1 ring-slate-200"
        >
          {children}
        </div>
      )}
    </div>
  );
}
