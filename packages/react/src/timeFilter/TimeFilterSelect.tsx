import { CUSTOM_RANGE } from '@matnat/contract/plain';
import type { TimeFilter } from '@matnat/core';
import { INTERVAL_SLUGS, isRangeSlug, RANGE_SLUGS } from '@matnat/core';
import { useId } from 'react';
import { formatLocalDateTime } from '../charts/timeFormat';
import type { Messages } from '../messages';
import { useMessageGroups } from '../messages/context';
import { svPanelGroups } from '../messages/sv';
import { WidgetRoot } from '../widgets/WidgetRoot';
import { panelStyles } from '../widgets/widgetCss';

/**
 * A range and an interval: the core's time filter without its route. A custom range (issue 21) has
 * `range_slug: 'custom'` with `from` and `to` (ISO 8601 instants).
 */
export type TimeFilterValue = Pick<TimeFilter, 'range_slug' | 'interval_slug' | 'from' | 'to'>;

/** The range as the select, the picker's button and the host's event name it: a preset's name, or a custom range's ends. */
export function rangeText(value: TimeFilterValue, messages: Pick<Messages, 'locale' | 'timeFilter'>): string {
  const m = messages.timeFilter;
  if (value.range_slug !== CUSTOM_RANGE) return m.ranges[value.range_slug];
  const end = (iso: string | undefined) => formatLocalDateTime(Date.parse(iso ?? ''), messages.locale);
  return m.custom(end(value.from), end(value.to));
}

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
  const messages = useMessageGroups(svPanelGroups);
  const m = messages.timeFilter;
  const id = useId();
  const custom = value.range_slug === CUSTOM_RANGE && value.from && value.to;
  return (
    <div className={['matnat-time-filter', className].filter(Boolean).join(' ')}>
      <label htmlFor={`${id}-range`}>{m.rangeLabel}</label>
      <select
        id={`${id}-range`}
        value={value.range_slug}
        disabled={disabled}
        onChange={(e) => {
          const slug = e.currentTarget.value;
          if (isRangeSlug(slug)) onChange({ range_slug: slug, interval_slug: value.interval_slug });
        }}
      >
        {/* A custom range (set by the host or another picker) shows as itself; choosing a preset leaves it. */}
        {custom ? <option value={CUSTOM_RANGE}>{rangeText(value, messages)}</option> : null}
        {RANGE_SLUGS.map((slug) => (
          <option key={slug} value={slug}>
            {m.ranges[slug]}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-interval`}>{m.intervalLabel}</label>
      <IntervalSelect id={`${id}-interval`} value={value} onChange={onChange} disabled={disabled} />
    </div>
  );
}

/** The refresh interval's select (9 slugs with their labels), the range kept: the select and the picker share it. */
export function IntervalSelect({ id, value, onChange, disabled }: TimeFilterSelectProps & { id: string }) {
  const m = useMessageGroups(svPanelGroups).timeFilter;
  return (
    <select
      id={id}
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
  );
}

/** Two labelled native selects (keyboard and screen-reader friendly) for the range and refresh interval. */
export function TimeFilterSelect(props: TimeFilterSelectProps) {
  return (
    <WidgetRoot sheet={panelStyles}>
      <TimeFilterSelectView {...props} />
    </WidgetRoot>
  );
}
