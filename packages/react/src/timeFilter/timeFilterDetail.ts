import { CUSTOM_RANGE, INTERVAL_LABELS, RANGE_LABELS } from '@matnat/contract/plain';
import { formatLocalDateTime } from '../charts/timeFormat';
import { sv } from '../messages/sv';
import type { TimeFilterValue } from './TimeFilterSelect';

/**
 * What a host page hears when the viewer changes a panel's filter: the slugs and their Swedish labels; a
 * custom range (issue 21) also its `from` and `to`, labelled with its ends in Stockholm time.
 */
export interface TimeFilterChangeDetail extends TimeFilterValue {
  range_label: string;
  interval_label: string;
}

const rangeLabel = (value: TimeFilterValue): string =>
  value.range_slug === CUSTOM_RANGE
    ? sv.timeFilter.custom(
        formatLocalDateTime(Date.parse(value.from ?? '')),
        formatLocalDateTime(Date.parse(value.to ?? '')),
      )
    : RANGE_LABELS[value.range_slug];

export const timeFilterDetail = (value: TimeFilterValue): TimeFilterChangeDetail => ({
  ...value,
  range_label: rangeLabel(value),
  interval_label: INTERVAL_LABELS[value.interval_slug],
});
