import { INTERVAL_LABELS, RANGE_LABELS } from '@matnat/contract/plain';
import type { TimeFilterValue } from './TimeFilterSelect';

/** What a host page hears when the viewer changes a panel's filter: the slugs and their Swedish labels. */
export interface TimeFilterChangeDetail extends TimeFilterValue {
  range_label: string;
  interval_label: string;
}

export const timeFilterDetail = (value: TimeFilterValue): TimeFilterChangeDetail => ({
  ...value,
  range_label: RANGE_LABELS[value.range_slug],
  interval_label: INTERVAL_LABELS[value.interval_slug],
});
