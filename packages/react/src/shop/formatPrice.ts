let sek: Intl.NumberFormat | undefined;

/**
 * An amount in öre as Swedish kronor: 12 345,00 kr. The formatter is made at the first price, not when the
 * module loads: a page importing the SDK pays ICU's start-up (the page's first Intl object) only if it shows
 * a price. Its own, not the charts' `intlFormat`: importing that module from the shop cut it out of the
 * charts' chunk into one more file on every app page with a chart (docs/benchmarks.md, "The start in three
 * files").
 */
export function formatPrice(ore: number): string {
  sek ??= new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK' });
  return sek.format(ore / 100);
}
