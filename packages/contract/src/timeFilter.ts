import { z } from 'zod';
import { DEFAULT_INTERVAL_SLUG, DEFAULT_RANGE_SLUG, INTERVAL_SLUGS, RANGE_SLUGS } from './constants';
import { dateTime, oneOf, text } from './fields';
import { fieldLabels as L, validationMessages as M } from './messages';
import { absoluteRangeProblem, CUSTOM_RANGE } from './ranges';

export const RangeSlug = oneOf(L.range_slug, RANGE_SLUGS);
export const IntervalSlug = oneOf(L.interval_slug, INTERVAL_SLUGS);
export type RangeSlug = z.infer<typeof RangeSlug>;
export type IntervalSlug = z.infer<typeof IntervalSlug>;

/** A preset range slug, or `custom`: an absolute range from–till (issue 21). */
export const RangeChoice = oneOf(L.range_slug, [...RANGE_SLUGS, CUSTOM_RANGE]);
export type RangeChoice = z.infer<typeof RangeChoice>;

/**
 * Spec §3: the time filter, stored per full route path. Beside the 17 presets it may hold an absolute range
 * (issue 21): `range_slug: 'custom'` with `from` and `to`, which keep the absolute-range rule.
 */
export const TimeFilter = z
  .object({
    route: text(L.route, { max: 2048 }),
    range_slug: RangeChoice.default(DEFAULT_RANGE_SLUG),
    interval_slug: IntervalSlug.default(DEFAULT_INTERVAL_SLUG),
    from: dateTime(L.from).optional(),
    to: dateTime(L.to).optional(),
  })
  .superRefine((filter, ctx) => {
    if (filter.range_slug !== CUSTOM_RANGE) {
      if (filter.from !== undefined || filter.to !== undefined)
        ctx.addIssue({ code: 'custom', message: M.rangeOrFromTo, path: ['range_slug'] });
      return;
    }
    if (filter.from === undefined || filter.to === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: M.required(filter.from ? L.to : L.from),
        path: [filter.from ? 'to' : 'from'],
      });
      return;
    }
    const problem = absoluteRangeProblem(Date.parse(filter.from), Date.parse(filter.to));
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  });
export type TimeFilter = z.infer<typeof TimeFilter>;

/** Spec §3 "Local setting: useSatellite (boolean, default false), kept in browser storage under settings". */
export const LocalSettings = z.object({ useSatellite: z.boolean().default(false) });
export type LocalSettings = z.infer<typeof LocalSettings>;
