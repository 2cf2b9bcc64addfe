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

  it('issue 21 Bad input: a from–till window after its end, or longer than the longest preset, is 422 under Till', async () => {
    const ask = (from: string, to: string) =>
      w.anna.get(`/api/v1/sensor/${sensorId}/measurements?from=${from}&to=${to}`);
    const backwards = await ask('2026-01-02T00:00:00Z', '2026-01-01T00:00:00Z');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ to: ['Från måste ligga före Till.'] });
    const long = await ask('2024-01-01T00:00:00Z', '2025-01-01T00:00:01Z');
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.to[0]).toMatch(/högst ett år/);
    expect(await answer('from=2024-01-01T00:00:00Z&to=2025-01-01T00:00:00Z')).toEqual({
      from: Date.parse('2024-01-01T00:00:00Z'),
      to: Date.parse('2025-01-01T00:00:00Z'),
    });
  });
});
