import { describe, expect, it } from 'vitest';
import { resizedByDrag, resizedByKey, sizeAnnouncement } from './panelSize';

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
