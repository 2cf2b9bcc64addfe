const numberFormats = new Map<string, Intl.NumberFormat>();

/** A reading in the locale's number format (Swedish: `21,5`, `1 234,5`), at most `digits` decimals. */
export function formatReading(value: number, locale = 'sv-SE', digits = 1): string {
  const key = `${locale}|${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
    numberFormats.set(key, format);
  }
  return format.format(value);
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
      return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(-amount, unit);
    amount = Math.floor(amount / size);
  }
  return '';
}
