/** Ids as text, zod-free (embed scopes use them too). */

/** The largest id: ids are 32-bit integer columns on PostgreSQL (and kept to the same range on SQLite). */
export const MAX_ID = 2_147_483_647;

/** The only spelling of an id in a path or query string: no signs, spaces, leading zeros, hex or exponents. */
export const ID_PATTERN = /^[1-9][0-9]{0,9}$/;

/** The id a path segment or query value names, or null when it names none (aliases and out-of-range ids). */
export function parseId(text: string): number | null {
  if (!ID_PATTERN.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}
