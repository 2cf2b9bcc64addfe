import { DEFAULT_INTERVAL_SLUG, DEFAULT_RANGE_SLUG, type IntervalSlug } from '@matnat/core';
import { useEffect, useRef, useState } from 'react';
import { useWidgetClient } from '../data/useWidgetClient';
import { useTimeFilter } from '../provider/hooks';
import { type PanelRange, rangeKey, rangeProblem, toRangeValue } from '../timeFilter/panelRange';
import type { TimeFilterValue } from '../timeFilter/TimeFilterSelect';
import { useLatest } from '../widgets/useLatest';

/** The page a widget is on: its time filters are kept per page and panel. */
const pagePath = () => globalThis.location?.pathname ?? '';

/** The filter without its route: what a panel fetches and what `onChange` reports. */
function filterValue(filter: TimeFilterValue): TimeFilterValue {
  const { range_slug, interval_slug, from, to } = filter;
  return from === undefined ? { range_slug, interval_slug } : { range_slug, interval_slug, from, to };
}

/**
 * A panel's range and interval, kept in the core's time-filter store under `key` (persisted per page and
 * panel, so two panels on one page can differ). A `range`/`interval` given by the host (a preset or an
 * absolute range, see `PanelRange`) wins when it is given or changes; the viewer may change it after that;
 * each change by the viewer reaches `onChange`. The third value says why a given range cannot be shown
 * (`rangeProblem`): the panel shows that instead of data.
 */
export function usePanelTimeFilter(
  key: string,
  range: PanelRange | undefined,
  interval: IntervalSlug | undefined,
  onChange: ((value: TimeFilterValue) => void) | undefined,
): [TimeFilterValue, (value: TimeFilterValue) => void, string | undefined] {
  const { timeFilters } = useWidgetClient('timeFilters');
  const route = `${pagePath()}#${key}`;
  const given = toRangeValue(range);
  const givenKey = rangeKey(given);
  // The host's values go in before the first fetch, so that a stored older choice is never requested.
  useState(() => {
    if (given || interval) timeFilters.set(route, { ...given, interval_slug: interval });
  });
  const [filter, set] = useTimeFilter(route);
  // A host value that is taken away (an attribute removed) returns the panel to the default.
  const previous = useRef({ range: givenKey, interval });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the host's range is compared by its text
  useEffect(() => {
    if (givenKey || previous.current.range) set(given ?? { range_slug: DEFAULT_RANGE_SLUG });
    previous.current.range = givenKey;
  }, [givenKey, set]);
  useEffect(() => {
    if (interval || previous.current.interval) set({ interval_slug: interval ?? DEFAULT_INTERVAL_SLUG });
    previous.current.interval = interval;
  }, [interval, set]);
  const onChangeRef = useLatest(onChange);
  // What the store took (a custom range that breaks the rule is not taken) is what the host hears.
  const change = (next: TimeFilterValue) => {
    const taken = filterValue(timeFilters.set(route, next));
    onChangeRef.current?.(taken);
  };
  return [filterValue(filter), change, given || !range ? undefined : rangeProblem(range)];
}
