import { type PointerEvent, useRef } from 'react';
import { type PanelSize, resizedByDrag, resizedByKey } from './panelSize';

/** The id of the one hidden text that tells how a resize handle works (DashboardShow renders it once). */
export const RESIZE_HELP_ID = 'panel-resize-help';

interface ResizeHandleProps {
  name: string;
  size: PanelSize;
  /** A size while dragging (`done` false), and the final one (a key, the pointer let go). */
  onResize(size: PanelSize, done: boolean): void;
}

/** One column of the grid the handle sits in, with its gap: the list's width and 16 px gaps over 12. */
function columnPx(handle: HTMLElement): number {
  const grid = handle.closest('ol');
  const gap = grid ? Number.parseFloat(getComputedStyle(grid).columnGap) || 0 : 0;
  return ((grid?.clientWidth ?? 1200) + gap) / 12;
}

/**
 * A panel's resize handle (issue 21): arrow keys make it one column narrower or wider and one row lower or
 * higher (every width, the keyboard's way); dragging it by pointer resizes by whole columns and rows.
 */
export function ResizeHandle({ name, size, onResize }: ResizeHandleProps) {
  const drag = useRef<{ x: number; y: number; start: PanelSize; column: number } | null>(null);
  const sizeAt = (event: PointerEvent) => {
    const from = drag.current;
    return from
      ? resizedByDrag(from.start, event.clientX - from.x, event.clientY - from.y, from.column)
      : size;
  };
  return (
    <button
      type="button"
      aria-label={`Ändra storlek på ${name}`}
      aria-describedby={RESIZE_HELP_ID}
      title="Dra eller använd piltangenterna för att ändra storlek"
      className="cursor-nwse-resize touch-none rounded px-2 py-1 text-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
      onKeyDown={(event) => {
        const next = resizedByKey(size, event.key);
        if (!next) return;
        event.preventDefault();
        onResize(next, true);
      }}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        drag.current = {
          x: event.clientX,
          y: event.clientY,
          start: size,
          column: columnPx(event.currentTarget),
        };
      }}
      onPointerMove={(event) => {
        if (drag.current) onResize(sizeAt(event), false);
      }}
      onPointerUp={(event) => {
        if (!drag.current) return;
        const next = sizeAt(event);
        drag.current = null;
        onResize(next, true);
      }}
      onPointerCancel={() => {
        if (drag.current) onResize(drag.current.start, true);
        drag.current = null;
      }}
    >
      <span aria-hidden="true">⇲</span>
    </button>
  );
}
