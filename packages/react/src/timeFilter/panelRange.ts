import { absoluteRangeProblem, customRange, parseInstant, parseRangeValue } from '@matnat/contract/plain';
import { type DateInput, isRangeSlug, type RangeSlug, type RangeValue, toEpochMs } from '@matnat/core';

/**
 * A range as a host page gives it (the `range` prop or attribute): a preset slug, an absolute range written
 * as an ISO 8601 interval `'2026-11-01T08:00+01:00/2026-11-03'` (an end without an offset is Stockholm
 * time), or the two instants of an absolute range. It keeps the contract's absolute-range rule (from before
 * till, at most the longest preset: 366 days); a panel given one that breaks it, or an unknown slug, shows
 * why instead of a chart (`rangeProblem`).
 */
export type PanelRange = RangeSlug | { from: DateInput; to: DateInput } | RangeValue | (string & {});

/** A host's range as the time filter stores it, or undefined when none (or a broken one) is given. */
export function toRangeValue(range: PanelRange | undefined): RangeValue | undefined {
  if (range === undefined || range === '') return undefined;
  if (typeof range === 'string') return parseRangeValue(range) ?? undefined;
  if ('range_slug' in range && isRangeSlug(range.range_slug)) return { range_slug: range.range_slug };
  if (range.from === undefined || range.to === undefined) return undefined;
  return customRange(toEpochMs(range.from), toEpochMs(range.to)) ?? undefined;
}

/** A stable text of a range value, to tell a new host value from the same one given again. */
export const rangeKey = (value: RangeValue | undefined): string =>
  value ? [value.range_slug, value.from, value.to].join('|') : '';

/**
 * Why a host's range that `toRangeValue` refused cannot be shown: the contract's absolute-range message
 * (from after till, longer than the longest preset, an end that is no instant), or '' for a text that is
 * neither a slug nor a range.
 */
export function rangeProblem(range: PanelRange): string {
  const ends =
    typeof range === 'string'
      ? range.split('/').map((end) => parseInstant(end))
      : 'from' in range
        ? [toEpochMs(range.from), toEpochMs(range.to)]
        : [];
  return (ends.length === 2 && absoluteRangeProblem(ends[0] as number, ends[1] as number)?.message) || '';
}
