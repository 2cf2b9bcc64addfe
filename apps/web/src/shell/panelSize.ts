import { GRID } from '@matnat/contract/plain';

/** A panel's size on the dashboard grid: columns and rows, each 1–12 (the contract's `GRID`). */
export interface PanelSize {
  width: number;
  height: number;
}

const clamp = (value: number, max: number) => Math.min(max, Math.max(1, Math.round(value)));

/** The size within the grid's bounds. */
export const withinGrid = (size: PanelSize): PanelSize => ({
  width: clamp(size.width, GRID.columns),
  height: clamp(size.height, GRID.maxRows),
});

/** Arrow keys on a panel's resize handle: left/right one column narrower/wider, up/down one row lower/higher. */
const KEY_STEPS: Record<string, PanelSize> = {
  ArrowLeft: { width: -1, height: 0 },
  ArrowRight: { width: 1, height: 0 },
  ArrowUp: { width: 0, height: -1 },
  ArrowDown: { width: 0, height: 1 },
};

/** The size after an arrow key, or null for any other key. */
export function resizedByKey(size: PanelSize, key: string): PanelSize | null {
  const step = KEY_STEPS[key];
  return step ? withinGrid({ width: size.width + step.width, height: size.height + step.height }) : null;
}

/**
 * The size after dragging the handle by `dx`, `dy` pixels: whole columns of `columnPx` (a column with its
 * gap) and whole rows of `GRID.rowPx`, rounded to the nearest.
 */
export function resizedByDrag(start: PanelSize, dx: number, dy: number, columnPx: number): PanelSize {
  return withinGrid({ width: start.width + dx / columnPx, height: start.height + dy / GRID.rowPx });
}

/** What the live region says after a resize: 'Abisko linje: 8 av 12 kolumner bred, 4 rader hög.' */
export const sizeAnnouncement = (name: string, { width, height }: PanelSize) =>
  `${name}: ${width} av ${GRID.columns} kolumner bred, ${height} ${height === 1 ? 'rad' : 'rader'} hög.`;
