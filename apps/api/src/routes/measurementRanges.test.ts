// spec §3 time filter: the API resolves every range slug with the contract's one range rule, so a panel
// (whose core calls the same `resolveRange`) and the server answer the same instants, across DST changes.
import { DEFAULT_RANGE_SLUG, MeasurementBuckets, RANGE_SLUGS, resolveRange } from '@matnat/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { annasNewSensor, createWorldApp, type WorldApp } from '../seed/fixture.js';
import { testDialects } from '../test/harness.js';

const dialects = await testDialects();

// Just after both DST changes of 2025 and in plain winter, so week and day counts cross them.
const NOWS = ['2025-03-31T08:00:00Z', '2025-10-27T06:30:00Z', '2025-01-15T11:00:00Z'].map(Date.parse);

describe.each(dialects)('measurement ranges (%s)', (dialect) => {
  let w: WorldApp;
  let sensorId: number;
  beforeAll(async () => {
    w = await createWorldApp(dialect);
    sensorId = await annasNewSensor(w, 'eui-range');
  });
  afterAll(async () => {
    await w?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function answer(query: string) {
    const res = await w.anna.get(`/api/v1/sensor/${sensorId}/measurements?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const series = MeasurementBuckets.parse(res.json().data);
    return { from: Date.parse(series.from), to: Date.parse(series.to) };
  }

  it('answers the same half-open instants as resolveRange for all 17 slugs', async () => {
    for (const now of NOWS) {
      vi.useFakeTimers({ toFake: ['Date'], now });
      for (const slug of RANGE_SLUGS) {
        expect(
          await answer(`range_slug=${slug}&interval_slug=1_h`),
          `${slug} at ${new Date(now).toISOString()}`,
        ).toEqual(resolveRange(slug, now));
      }
      vi.useRealTimers();
    }
  });

  it('spec §4: without a range the default range (the contract constant, prev_5_days) applies', async () => {
    const now = NOWS[1]!;
    vi.useFakeTimers({ toFake: ['Date'], now });
    expect(DEFAULT_RANGE_SLUG).toBe('prev_5_days');
    expect(await answer('interval_slug=1_h')).toEqual(resolveRange(DEFAULT_RANGE_SLUG, now));
  });
});
