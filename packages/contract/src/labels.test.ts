import { describe, expect, it } from 'vitest';
import { INTERVAL_SLUGS, RANGE_SLUGS } from './constants';
import { INTERVAL_LABELS, RANGE_LABELS } from './labels';

describe('time filter labels (Swedish, one copy)', () => {
  it('spec §3: every range slug and every interval slug has a Swedish label', () => {
    expect(Object.keys(RANGE_LABELS)).toEqual([...RANGE_SLUGS]);
    expect(Object.keys(INTERVAL_LABELS)).toEqual([...INTERVAL_SLUGS]);
    for (const slug of RANGE_SLUGS) expect(RANGE_LABELS[slug]).toMatch(/^(Senaste|Denna|Detta|Förra) /);
    expect(RANGE_LABELS.prev_30_days).toBe('Senaste 30 dagarna');
    expect(INTERVAL_LABELS['15_m']).toBe('Var 15:e minut');
  });
});
