import { DEFAULT_TIME_ZONE } from '@matnat/core';

const cache = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: DEFAULT_TIME_ZONE, ...options });
    cache.set(key, format);
  }
  return format;
}

/** `YYYY-MM-DD HH:mm` in Stockholm time in the reader's locale (the crosshair label, CSV, a custom range); the core's `formatDateTime` is the spec's fixed `YYYY-MM-DD HH:mm:ss`. */
export function formatLocalDateTime(ms: number, locale = 'sv-SE'): string {
  return dateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(ms);
}
