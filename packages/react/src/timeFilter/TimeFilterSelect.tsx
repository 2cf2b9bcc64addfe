import type { TimeFilter } from '@matnat/core';
import { INTERVAL_SLUGS, RANGE_SLUGS } from '@matnat/core';
import { useId } from 'react';
import { useMessages } from '../messages';
import { WidgetRoot } from '../widgets/WidgetRoot';

/** A range and an interval: the core's time filter without its route. */
export type TimeFilterValue = Pick<TimeFilter, 'range_slug' | 'interval_slug'>;

export interface TimeFilterSelectProps {
  value: TimeFilterValue;
  onChange(value: TimeFilterValue): void;
  /** Disables both selects. @default false */
  disabled?: boolean;
  className?: string;
}

export function TimeFilterSelectView({
  value,
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
        value={value.range_slug}
        disabled={disabled}
        onChange={(e) =>
          onChange({ ...value, range_slug: e.currentTarget.value as TimeFilterValue['range_slug'] })
        }
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
        value={value.interval_slug}
        disabled={disabled}
        onChange={(e) =>
          onChange({ ...value, interval_slug: e.currentTarget.value as TimeFilterValue['interval_slug'] })
        }
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
