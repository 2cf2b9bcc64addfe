import { DEFAULT_INTERVAL_SLUG, DEFAULT_RANGE_SLUG, type IntervalSlug, type RangeSlug } from '@matnat/core';
import { useEffect, useRef, useState } from 'react';
import { useWidgetClient } from '../data/useWidgetClient';
import { useTimeFilter } from '../provider/hooks';
import type { TimeFilterValue } from '../timeFilter/TimeFilterSelect';
import { useLatest } from '../widgets/useLatest';

/** The page a widget is on: its time filters are kept per page and panel. */
const pagePath = () => globalThis.location?.pathname ?? '';

/**
 * A panel's range and interval, kept in the core's time-filter store under `key` (persisted per page and
 * panel, so two panels on one page can differ). A `range`/`interval` given by the host wins when it is
 * given or changes; the viewer may change it after that; each change by the viewer reaches `onChange`.
 */
export function usePanelTimeFilter(
  key: string,
  range: RangeSlug | undefined,
  interval: IntervalSlug | undefined,
  onChange: ((value: TimeFilterValue) => void) | undefined,
): [TimeFilterValue, (value: TimeFilterValue) => void] {
  const { timeFilters } = useWidgetClient('timeFilters');
  const route = `${pagePath()}#${key}`;
  // The host's values go in before the first fetch, so that a stored older choice is never requested.
  useState(() => {
    if (range || interval) timeFilters.set(route, { range_slug: range, interval_slug: interval });
  });
  const [filter, set] = useTimeFilter(route);
  // A host value that is taken away (an attribute removed) returns the panel to the default.
  const given = useRef({ range, interval });
  useEffect(() => {
    if (range || given.current.range) set({ range_slug: range ?? DEFAULT_RANGE_SLUG });
    given.current.range = range;
  }, [range, set]);
  useEffect(() => {
    if (interval || given.current.interval) set({ interval_slug: interval ?? DEFAULT_INTERVAL_SLUG });
    given.current.interval = interval;
  }, [interval, set]);
  const onChangeRef = useLatest(onChange);
  const change = (next: TimeFilterValue) => {
    set(next);
    onChangeRef.current?.(next);
  };
  return [{ range_slug: filter.range_slug, interval_slug: filter.interval_slug }, change];
}
