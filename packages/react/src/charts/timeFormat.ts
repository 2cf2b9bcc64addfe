/** Spec §1: dates shown in the Swedish locale, time zone Europe/Stockholm. */
export const TIME_ZONE = 'Europe/Stockholm';

const cache = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, ...options });
    cache.set(key, format);
  }
  return format;
}

/** `YYYY-MM-DD HH:mm` in Stockholm time, the crosshair label of the charts. */
export function formatDateTime(ms: number, locale = 'sv-SE'): string {
  return dateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(ms);
}

/** Parses an instant given as epoch milliseconds or ISO-8601 text; `NaN` when neither. */
export function toEpochMs(value: number | string | null | undefined): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  return Number.NaN;
}
