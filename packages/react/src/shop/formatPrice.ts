import { intlFormat } from '../charts/timeFormat';

/**
 * An amount in öre as Swedish kronor: 12 345,00 kr. The formatter is made at the first price, not when the
 * module loads: a page importing the SDK pays ICU's start-up (the page's first Intl object) only if it shows
 * a price.
 */
export function formatPrice(ore: number): string {
  return intlFormat(Intl.NumberFormat, 'sv-SE', { style: 'currency', currency: 'SEK' }).format(ore / 100);
}
