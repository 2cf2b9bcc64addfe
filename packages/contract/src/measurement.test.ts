import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { dataEnvelope } from './envelope';
import { toFormErrors } from './errors';
import { LatestMeasurement, MeasurementBuckets, MeasurementQuery } from './measurement';

const errorsOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? {} : toFormErrors(result.error);

describe('MeasurementQuery', () => {
  it('spec §4 default filter applies when neither range nor window is given; max_points defaults to 1000', () => {
    expect(MeasurementQuery.parse({})).toEqual({
      range_slug: 'prev_5_days',
      interval_slug: '15_m',
      max_points: 1000,
    });
  });

  it('reads query-string text', () => {
    expect(
      MeasurementQuery.parse({ range_slug: 'prev_24_h', interval_slug: '5_m', max_points: '250' }),
    ).toEqual({
      range_slug: 'prev_24_h',
      interval_slug: '5_m',
      max_points: 250,
    });
  });

  it('accepts an explicit from/to window instead of a range', () => {
    expect(
      MeasurementQuery.parse({
        from: '2025-01-01T00:00:00Z',
        to: '2025-01-02T00:00:00+01:00',
        interval_slug: '1_h',
      }),
    ).toEqual({
      from: '2025-01-01T00:00:00Z',
      to: '2025-01-02T00:00:00+01:00',
      interval_slug: '1_h',
      max_points: 1000,
    });
  });

  it('rejects a half window, a window with a range, and a reversed window', () => {
    const message = 'Ange antingen en tidsperiod eller både Från och Till.';
    expect(errorsOf(MeasurementQuery.safeParse({ from: '2025-01-01T00:00:00Z' }))).toEqual({
      range_slug: [message],
    });
    expect(
      errorsOf(
        MeasurementQuery.safeParse({
          range_slug: 'prev_3_h',
          from: '2025-01-01T00:00:00Z',
          to: '2025-01-02T00:00:00Z',
        }),
      ),
    ).toEqual({ range_slug: [message] });
    expect(
      errorsOf(MeasurementQuery.safeParse({ from: '2025-01-02T00:00:00Z', to: '2025-01-01T00:00:00Z' })),
    ).toEqual({ to: ['Från måste ligga före Till.'] });
  });

  it('issue 21 Bad input: a window longer than the longest preset (366 days) is refused under Till', () => {
    expect(
      errorsOf(MeasurementQuery.safeParse({ from: '2024-01-01T00:00:00Z', to: '2025-01-01T00:00:00Z' })),
    ).toEqual({});
    expect(
      errorsOf(MeasurementQuery.safeParse({ from: '2024-01-01T00:00:00Z', to: '2025-01-01T00:00:01Z' })),
    ).toEqual({ to: ['Perioden får vara högst ett år (366 dagar), som den längsta förvalda perioden.'] });
  });

  it('max_points is 1..5000', () => {
    expect(errorsOf(MeasurementQuery.safeParse({ max_points: '0' }))).toEqual({
      max_points: ['Max antal punkter måste vara minst 1.'],
    });
    expect(errorsOf(MeasurementQuery.safeParse({ max_points: '5001' }))).toEqual({
      max_points: ['Max antal punkter får vara högst 5000.'],
    });
    expect(errorsOf(MeasurementQuery.safeParse({ max_points: 'many' }))).toEqual({
      max_points: ['Max antal punkter måste vara ett heltal.'],
    });
  });
});

describe('measurement answers', () => {
  it('buckets carry epoch-ms starts inside a { data } envelope', () => {
    const answer = dataEnvelope(MeasurementBuckets).parse({
      data: {
        sensor_id: 3,
        from: '2025-01-01T00:00:00.000Z',
        to: '2025-01-01T01:00:00.000Z',
        bucket_ms: 900_000,
        buckets: [{ t: 1_735_689_600_000, avg: 4.2, min: 3.9, max: 4.6, last: 4.4, count: 15 }],
      },
    });
    expect(answer.data.buckets[0]?.t).toBe(1_735_689_600_000);
  });

  it('latest is a value with its time, or null', () => {
    const schema = dataEnvelope(LatestMeasurement.nullable());
    expect(schema.parse({ data: null }).data).toBeNull();
    expect(
      schema.parse({ data: { sensor_id: 3, value: 21.5, measured_at: '2025-01-01T10:00:00Z' } }).data?.value,
    ).toBe(21.5);
  });
});
