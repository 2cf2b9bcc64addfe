import { z } from 'zod';
import { Id, Timestamp } from './common';
import { DEFAULT_INTERVAL_SLUG, DEFAULT_MAX_POINTS, DEFAULT_RANGE_SLUG, MAX_POINTS_LIMIT } from './constants';
import { dateTime } from './fields';
import { fieldLabels as L, validationMessages as M } from './messages';
import { absoluteRangeProblem } from './ranges';
import { IntervalSlug, RangeSlug } from './timeFilter';

/** A named range (`range_slug`) or an explicit `from`/`to` window: the fields of every query over readings' time. */
const rangeWindowFields = {
  range_slug: RangeSlug.optional(),
  from: dateTime(L.from).optional(),
  to: dateTime(L.to).optional(),
};

type RangeWindow = { range_slug?: unknown; from?: string; to?: string };

/** Either a range slug or both ends, keeping the absolute-range rule (from before to, at most the longest preset). */
function checkRangeWindow(query: RangeWindow, ctx: z.RefinementCtx): void {
  const window = query.from !== undefined || query.to !== undefined;
  if (!window) return;
  if (query.range_slug !== undefined || query.from === undefined || query.to === undefined) {
    ctx.addIssue({ code: 'custom', message: M.rangeOrFromTo, path: ['range_slug'] });
  } else {
    const problem = absoluteRangeProblem(Date.parse(query.from), Date.parse(query.to));
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  }
}

/** Without a window, the spec's default range. */
const withDefaultRange = <Q extends RangeWindow>(query: Q) =>
  query.from === undefined ? { ...query, range_slug: query.range_slug ?? DEFAULT_RANGE_SLUG } : query;

/**
 * Query of `GET /api/v1/sensor/{id}/measurements`: a named range (`range_slug`) or an explicit `from`/`to`
 * window (the absolute-range rule: from before to, at most the longest preset), the bucket interval, and a
 * cap on the number of buckets. Without either, the spec's default range applies. Values arrive as
 * query-string text.
 */
export const MeasurementQuery = z
  .object({
    ...rangeWindowFields,
    interval_slug: IntervalSlug.default(DEFAULT_INTERVAL_SLUG),
    max_points: z.coerce
      .number({ error: M.integer(L.max_points) })
      .int({ error: M.integer(L.max_points) })
      .min(1, { error: M.min(L.max_points, 1) })
      .max(MAX_POINTS_LIMIT, { error: M.max(L.max_points, MAX_POINTS_LIMIT) })
      .default(DEFAULT_MAX_POINTS),
  })
  .superRefine(checkRangeWindow)
  .transform(withDefaultRange);
export type MeasurementQuery = z.infer<typeof MeasurementQuery>;
export type MeasurementQueryInput = z.input<typeof MeasurementQuery>;

/**
 * Query of `GET /api/v1/sensor/{id}/alert-periods` (issue 21): the same range or window as the
 * measurements it is drawn over.
 */
export const RangeWindowQuery = z
  .object(rangeWindowFields)
  .superRefine(checkRangeWindow)
  .transform(withDefaultRange);
export type RangeWindowQuery = z.infer<typeof RangeWindowQuery>;

/** One aggregated bucket. `t` is the bucket start in epoch milliseconds: compact for charts. */
export const MeasurementBucket = z.object({
  t: z.number().int(),
  avg: z.number(),
  min: z.number(),
  max: z.number(),
  last: z.number(),
  count: z.number().int().positive(),
});
export type MeasurementBucket = z.infer<typeof MeasurementBucket>;

/** Answer of `GET /api/v1/sensor/{id}/measurements`; empty buckets are left out. */
export const MeasurementBuckets = z.object({
  sensor_id: Id,
  from: Timestamp,
  to: Timestamp,
  bucket_ms: z.number().int().positive(),
  buckets: z.array(MeasurementBucket),
});
export type MeasurementBuckets = z.infer<typeof MeasurementBuckets>;

/** Answer of `GET /api/v1/sensor/{id}/latest` (`data` is null when the sensor has no reading yet). */
export const LatestMeasurement = z.object({
  sensor_id: Id,
  value: z.number(),
  measured_at: Timestamp,
  /** The sensor's display unit (`°C`, `%`), so a reading can be shown without loading its sensor. */
  unit: z.string().optional(),
  /**
   * How often the sensor's device is expected to be heard, in seconds (its own interval or the default):
   * a reading older than this is stale (issue 21).
   */
  expected_interval_s: z.number().int().positive().optional(),
});
export type LatestMeasurement = z.infer<typeof LatestMeasurement>;
