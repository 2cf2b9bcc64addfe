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

/** Where the dashboard's grid starts below the top of the page (bar, title row), and a panel's own parts. */
const GRID_TOP_PX = 150;
const PANEL_CHROME_PX = 110;
/** The grid has its 12 columns from Tailwind's `md` (768 px), one column below. */
const GRID_FROM_PX = 768;

/**
 * The panels whose box starts inside a viewport of `width` × `height` on the dashboard, in order: the grid's
 * auto-placement (each panel spans its width in columns, a row as tall as its tallest panel), estimated
 * from the stored sizes. The route's loader asks for their measurements before the screen has loaded.
 */
export function firstScreenful<P extends PanelSize>(
  panels: readonly P[],
  viewport: { width: number; height: number },
): P[] {
  const columns = viewport.width >= GRID_FROM_PX ? GRID.columns : 1;
  const shown: P[] = [];
  let top = GRID_TOP_PX;
  let used = 0;
  let rowHeight = 0;
  for (const panel of panels) {
    const span = Math.min(columns, withinGrid(panel).width);
    if (used + span > columns) {
      top += rowHeight;
      used = 0;
      rowHeight = 0;
    }
    if (top >= viewport.height) break;
    shown.push(panel);
    used += span;
    rowHeight = Math.max(rowHeight, withinGrid(panel).height * GRID.rowPx + PANEL_CHROME_PX);
  }
  return shown;
}
