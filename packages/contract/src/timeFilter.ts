import { z } from 'zod';
import { DEFAULT_INTERVAL_SLUG, DEFAULT_RANGE_SLUG, INTERVAL_SLUGS, RANGE_SLUGS } from './constants';
import { oneOf, text } from './fields';
import { fieldLabels as L } from './messages';

export const RangeSlug = oneOf(L.range_slug, RANGE_SLUGS);
export const IntervalSlug = oneOf(L.interval_slug, INTERVAL_SLUGS);
export type RangeSlug = z.infer<typeof RangeSlug>;
export type IntervalSlug = z.infer<typeof IntervalSlug>;

/** Spec §3: the time filter, stored per full route path. */
export const TimeFilter = z.object({
  route: text(L.route, { max: 2048 }),
  range_slug: RangeSlug.default(DEFAULT_RANGE_SLUG),
  interval_slug: IntervalSlug.default(DEFAULT_INTERVAL_SLUG),
});
export type TimeFilter = z.infer<typeof TimeFilter>;

/** Spec §3 "Local setting: useSatellite (boolean, default false), kept in browser storage under settings". */
export const LocalSettings = z.object({ useSatellite: z.boolean().default(false) });
export type LocalSettings = z.infer<typeof LocalSettings>;
