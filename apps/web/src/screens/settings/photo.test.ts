import { describe, expect, it } from 'vitest';
import { fitWithin, PHOTO_SIZE } from './photo';

describe('profile photo upload (issue 8: avatar, photo upload)', () => {
  it('scales the longest side down to 256 px keeping the aspect ratio', () => {
    expect(fitWithin(1024, 768)).toEqual({ width: PHOTO_SIZE, height: 192 });
    expect(fitWithin(600, 3000)).toEqual({ width: 51, height: PHOTO_SIZE });
  });

  it('never enlarges a small picture', () => {
    expect(fitWithin(100, 80)).toEqual({ width: 100, height: 80 });
    expect(fitWithin(0, 0)).toEqual({ width: 1, height: 1 });
  });
});
