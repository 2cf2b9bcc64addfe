import { unprocessable } from './errors.js';

// NUL is refused by PostgreSQL text columns and kept by SQLite; a lone surrogate is not UTF-8 at all and
// would be stored as U+FFFD by one database and verbatim by the other. Neither is ever written.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSTORABLE_TEXT_MESSAGE =
  'Texten innehåller otillåtna tecken (NUL eller ett ensamt surrogattecken).';

/** Whether `text` can be stored the same way on SQLite and PostgreSQL. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** The path (`a.b.0`) of the first text in `value` that is not storable, keys included; null when none. */
export function unstorableTextPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path || 'body';
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return childPath;
    const found = unstorableTextPath(child, childPath);
    if (found !== null) return found;
  }
  return null;
}

/** 422 naming the field when `value` (a body or a query) holds text that cannot be stored. */
export function refuseUnstorableText(value: unknown): void {
  const path = unstorableTextPath(value);
  if (path !== null) throw unprocessable({ [path]: [UNSTORABLE_TEXT_MESSAGE] });
}
