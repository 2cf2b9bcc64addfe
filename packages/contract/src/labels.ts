import type { IntervalSlug, RangeSlug, ThresholdColorName } from './constants';

/**
 * The Swedish label of every range slug (spec §3), the one copy: the widgets' time filter shows these and
 * any other front end (React or not) can take them from `@matnat/contract/plain`.
 */
export const RANGE_LABELS: Readonly<Record<RangeSlug, string>> = {
  prev_3_h: 'Senaste 3 timmarna',
  prev_12_h: 'Senaste 12 timmarna',
  prev_24_h: 'Senaste 24 timmarna',
  prev_2_days: 'Senaste 2 dagarna',
  prev_5_days: 'Senaste 5 dagarna',
  prev_7_days: 'Senaste 7 dagarna',
  prev_10_days: 'Senaste 10 dagarna',
  prev_15_days: 'Senaste 15 dagarna',
  prev_30_days: 'Senaste 30 dagarna',
  prev_90_days: 'Senaste 90 dagarna',
  prev_6_months: 'Senaste 6 månaderna',
  this_week: 'Denna vecka',
  this_month: 'Denna månad',
  this_year: 'Detta år',
  prev_week: 'Förra veckan',
  prev_month: 'Förra månaden',
  prev_year: 'Förra året',
};

/** The Swedish label of every interval slug: how often a panel refreshes (spec §9 "refresh interval"). */
export const INTERVAL_LABELS: Readonly<Record<IntervalSlug, string>> = {
  '5_s': 'Var 5:e sekund',
  '30_s': 'Var 30:e sekund',
  '1_m': 'Varje minut',
  '5_m': 'Var 5:e minut',
  '15_m': 'Var 15:e minut',
  '30_m': 'Var 30:e minut',
  '1_h': 'Varje timme',
  '3_h': 'Var 3:e timme',
  '12_h': 'Var 12:e timme',
};

/** The Swedish name of every threshold colour (issue 21), for the panel forms. */
export const THRESHOLD_COLOR_LABELS: Readonly<Record<ThresholdColorName, string>> = {
  green: 'Grön',
  yellow: 'Gul',
  orange: 'Orange',
  red: 'Röd',
  blue: 'Blå',
  purple: 'Lila',
  gray: 'Grå',
};
