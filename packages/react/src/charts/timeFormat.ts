import { DEFAULT_TIME_ZONE } from '@matnat/core';

const formats = new Map<string, unknown>();

/**
 * One Intl formatter per kind, locale and options, kept for the page: making one costs far more than
 * formatting with it (the first of a page ~15 ms, ICU's start-up).
 */
export function intlFormat<F, O>(
  Format: new (locale: string, options: O) => F,
  locale: string,
  options: O,
): F {
  const key = `${Format.name}|${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key) as F | undefined;
  if (!format) {
    format = new Format(locale, options);
    formats.set(key, format);
  }
  return format;
}

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  intlFormat(Intl.DateTimeFormat, locale, { timeZone: DEFAULT_TIME_ZONE, ...options });

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
