import { intlFormat } from './timeFormat';

/** A reading in the locale's number format (Swedish: `21,5`, `1 234,5`), at most `digits` decimals. */
export function formatReading(value: number, locale = 'sv-SE', digits = 1): string {
  return intlFormat(Intl.NumberFormat, locale, { maximumFractionDigits: digits }).format(value);
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/**
 * How long ago an instant was, in words of the locale: 'för 3 minuter sedan'; under a minute `justNow`
 * (the messages' 'nyss'), never 'för 0 sekunder sedan'.
 */
export function formatAge(thenMs: number, nowMs: number, locale = 'sv-SE', justNow = 'nyss'): string {
  let amount = Math.max(0, Math.round((nowMs - thenMs) / 1000));
  if (amount < 60) return justNow;
  for (const [unit, size] of STEPS) {
    if (amount < size)
      return intlFormat(Intl.RelativeTimeFormat, locale, { numeric: 'always' }).format(-amount, unit);
    amount = Math.floor(amount / size);
  }
  return '';
}

const DURATION_UNITS: [Intl.NumberFormatOptions['unit'], number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/**
 * A length of time in words of the locale, in the largest unit it is a whole number of ('1 timme',
 * '15 minuter', '2 dygn'), else rounded in the largest unit it reaches.
 */
export function formatDuration(seconds: number, locale = 'sv-SE'): string {
  const [unit, size] =
    DURATION_UNITS.find(([, size]) => seconds >= size && seconds % size === 0) ??
    DURATION_UNITS.find(([, size]) => seconds >= size) ??
    (DURATION_UNITS.at(-1) as [Intl.NumberFormatOptions['unit'], number]);
  return intlFormat(Intl.NumberFormat, locale, { style: 'unit', unit, unitDisplay: 'long' }).format(
    Math.round(seconds / size),
  );
}
