import { dateTimeFormat } from './timeFormat';

/** lightweight-charts' TickMarkType: 0 year, 1 month, 2 day of month, 3 time, 4 time with seconds. */
const TICK_OPTIONS: Intl.DateTimeFormatOptions[] = [
  { year: 'numeric' },
  { month: 'short' },
  { day: 'numeric', month: 'short' },
  { hour: '2-digit', minute: '2-digit' },
];

/**
 * The time axis's label formats of `locale`, in Stockholm time, by tick mark type (seconds are never
 * shown). The first Intl format of a page costs ~15 ms (ICU's start-up), so the chart library's load makes
 * these before any data can arrive.
 */
export function tickFormats(locale: string): Intl.DateTimeFormat[] {
  return TICK_OPTIONS.map((options) => dateTimeFormat(locale, options));
}

export function formatTick(formats: Intl.DateTimeFormat[], ms: number, type: number): string {
  return (formats[Math.min(type, formats.length - 1)] as Intl.DateTimeFormat).format(ms);
}
