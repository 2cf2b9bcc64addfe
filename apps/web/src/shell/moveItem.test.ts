import { describe, expect, it } from 'vitest';
import { moveItem } from './moveItem';

describe('moveItem (dashboard.show reorders its panels with it)', () => {
  it('moveItem: a panel moved by drag or by one place with the keyboard; out-of-range targets are clamped', () => {
    const ids = [1, 2, 3, 4];
    expect(moveItem(ids, 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moveItem(ids, 3, 0)).toEqual([4, 1, 2, 3]);
    expect(moveItem(ids, 1, 2)).toEqual([1, 3, 2, 4]);
    expect(moveItem(ids, 0, -1)).toEqual([1, 2, 3, 4]);
    expect(moveItem(ids, 3, 9)).toEqual([1, 2, 3, 4]);
    expect(moveItem(ids, 7, 0)).toEqual([1, 2, 3, 4]);
    expect(ids).toEqual([1, 2, 3, 4]);
  });
});
