import { useId } from 'react';
import { useMessages } from '../messages';
import { WidgetRoot } from '../widgets/WidgetRoot';
import { INTERVAL_SLUGS, type IntervalSlug, RANGE_SLUGS, type RangeSlug } from './slugs';

export interface TimeFilterValue {
  range: RangeSlug;
  interval: IntervalSlug;
}

export interface TimeFilterSelectProps {
  range: RangeSlug;
  interval: IntervalSlug;
  onChange(value: TimeFilterValue): void;
  /** Disables both selects. @default false */
  disabled?: boolean;
  className?: string;
}

export function TimeFilterSelectView({
  range,
  interval,
  onChange,
  disabled = false,
  className,
}: TimeFilterSelectProps) {
  const m = useMessages().timeFilter;
  const id = useId();
  return (
    <div className={['matnat-time-filter', className].filter(Boolean).join(' ')}>
      <label htmlFor={`${id}-range`}>{m.rangeLabel}</label>
      <select
        id={`${id}-range`}
        value={range}
        disabled={disabled}
        onChange={(e) => onChange({ range: e.currentTarget.value as RangeSlug, interval })}
      >
        {RANGE_SLUGS.map((slug) => (
          <option key={slug} value={slug}>
            {m.ranges[slug]}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-interval`}>{m.intervalLabel}</label>
      <select
        id={`${id}-interval`}
        value={interval}
        disabled={disabled}
        onChange={(e) => onChange({ range, interval: e.currentTarget.value as IntervalSlug })}
      >
        {INTERVAL_SLUGS.map((slug) => (
          <option key={slug} value={slug}>
            {m.intervals[slug]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Two labelled native selects (keyboard and screen-reader friendly) for the range and refresh interval. */
export function TimeFilterSelect(props: TimeFilterSelectProps) {
  return (
    <WidgetRoot>
      <TimeFilterSelectView {...props} />
    </WidgetRoot>
  );
}
