import { useEffect, useState } from 'react';
import {
  DEFAULT_INTERVAL,
  DEFAULT_RANGE,
  type IntervalSlug,
  intervalOr,
  type RangeSlug,
  rangeOr,
} from '../timeFilter/slugs';
import type { TimeFilterValue } from '../timeFilter/TimeFilterSelect';
import { useLatest } from '../widgets/useLatest';

/**
 * Range and interval of a panel: the props (or a host page's attributes) set them, the viewer may change
 * them, and a new prop value wins again. Every change by the viewer is reported through `onChange`.
 */
export function useTimeFilterState(
  range: RangeSlug | undefined,
  interval: IntervalSlug | undefined,
  onChange: ((value: TimeFilterValue) => void) | undefined,
): [TimeFilterValue, (value: TimeFilterValue) => void] {
  const [value, setValue] = useState<TimeFilterValue>(() => ({
    range: rangeOr(range, DEFAULT_RANGE),
    interval: intervalOr(interval, DEFAULT_INTERVAL),
  }));
  useEffect(() => {
    setValue((v) => ({ ...v, range: rangeOr(range, DEFAULT_RANGE) }));
  }, [range]);
  useEffect(() => {
    setValue((v) => ({ ...v, interval: intervalOr(interval, DEFAULT_INTERVAL) }));
  }, [interval]);
  const onChangeRef = useLatest(onChange);
  const change = (next: TimeFilterValue) => {
    setValue(next);
    onChangeRef.current?.(next);
  };
  return [value, change];
}
