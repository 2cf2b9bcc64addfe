const sek = new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK' });

/** An amount in öre as Swedish kronor: 12 345,00 kr. */
export function formatPrice(ore: number): string {
  return sek.format(ore / 100);
}
