import { describe, expect, it } from 'vitest';
import { firstScreenful, resizedByDrag, resizedByKey, sizeAnnouncement } from './panelSize';

describe('a panel resized on the 12-column grid (issue 21 point 5)', () => {
  it('arrow keys: left/right one column, up/down one row; other keys do nothing', () => {
    expect(resizedByKey({ width: 6, height: 3 }, 'ArrowRight')).toEqual({ width: 7, height: 3 });
    expect(resizedByKey({ width: 6, height: 3 }, 'ArrowLeft')).toEqual({ width: 5, height: 3 });
    expect(resizedByKey({ width: 6, height: 3 }, 'ArrowDown')).toEqual({ width: 6, height: 4 });
    expect(resizedByKey({ width: 6, height: 3 }, 'ArrowUp')).toEqual({ width: 6, height: 2 });
    expect(resizedByKey({ width: 6, height: 3 }, 'Enter')).toBeNull();
  });

  it('stays within 1–12 columns and rows', () => {
    expect(resizedByKey({ width: 12, height: 12 }, 'ArrowRight')).toEqual({ width: 12, height: 12 });
    expect(resizedByKey({ width: 1, height: 1 }, 'ArrowUp')).toEqual({ width: 1, height: 1 });
    expect(resizedByDrag({ width: 6, height: 3 }, 5000, -5000, 100)).toEqual({ width: 12, height: 1 });
  });

  it('a drag moves by whole columns and 80 px rows, rounded to the nearest', () => {
    expect(resizedByDrag({ width: 6, height: 3 }, 140, 100, 100)).toEqual({ width: 7, height: 4 });
    expect(resizedByDrag({ width: 6, height: 3 }, -260, 0, 100)).toEqual({ width: 3, height: 3 });
  });

  it('is announced in Swedish', () => {
    expect(sizeAnnouncement('Abisko linje', { width: 8, height: 1 })).toBe(
      'Abisko linje: 8 av 12 kolumner bred, 1 rad hög.',
    );
  });
});

describe("the dashboard's first screenful, whose measurements its loader asks for (issue 22)", () => {
  const panels = (sizes: [number, number][]) => sizes.map(([width, height], id) => ({ id, width, height }));
  const ids = (shown: { id: number }[]) => shown.map((panel) => panel.id);

  it('eight half-width panels three rows high: the first two rows inside 1280 × 800, the rest below', () => {
    const eight = panels(Array.from({ length: 8 }, () => [6, 3] as [number, number]));
    expect(ids(firstScreenful(eight, { width: 1280, height: 800 }))).toEqual([0, 1, 2, 3]);
  });

  it('a row is as tall as its tallest panel, a panel too wide for the row starts the next one', () => {
    const mixed = panels([
      [4, 6],
      [8, 2],
      [8, 2],
      [12, 1],
    ]);
    // Row 1: panels 0 and 1 (4 + 8 columns, 6 rows tall); panel 2 starts row 2 below 150 + 590 px.
    expect(ids(firstScreenful(mixed, { width: 1280, height: 700 }))).toEqual([0, 1]);
    expect(ids(firstScreenful(mixed, { width: 1280, height: 800 }))).toEqual([0, 1, 2]);
  });

  it('one column on a phone: each panel is a row of its own', () => {
    const eight = panels(Array.from({ length: 8 }, () => [6, 3] as [number, number]));
    expect(ids(firstScreenful(eight, { width: 390, height: 844 }))).toEqual([0, 1]);
  });
});
