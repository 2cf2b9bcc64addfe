import { INTERVAL_LABELS } from '@matnat/contract/plain';
import { svPanelGroups } from '../messages/sv';
import { rangeText, type TimeFilterValue } from './TimeFilterSelect';

/**
 * What a host page hears when the viewer changes a panel's filter: the slugs and their Swedish labels; a
 * custom range (issue 21) also its `from` and `to`, labelled with its ends in Stockholm time.
 */
export interface TimeFilterChangeDetail extends TimeFilterValue {
  range_label: string;
  interval_label: string;
}

export const timeFilterDetail = (value: TimeFilterValue): TimeFilterChangeDetail => ({
  ...value,
  range_label: rangeText(value, svPanelGroups),
  interval_label: INTERVAL_LABELS[value.interval_slug],
});
