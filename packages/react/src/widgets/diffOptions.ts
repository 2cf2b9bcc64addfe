type Plain = Record<string, unknown>;

function isPlain(value: unknown): value is Plain {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype
  );
}

/**
 * The part of `next` that differs from `prev`, nested objects compared key by key; `undefined` when
 * nothing changed. Widgets get only this from `applyOptions`/`setStyle`, never a full reset.
 */
export function diffOptions<T extends object>(
  prev: T | undefined,
  next: T | undefined,
): Partial<T> | undefined {
  if (!next) return undefined;
  if (!prev) return Object.keys(next).length ? { ...next } : undefined;
  const out: Plain = {};
  let changed = false;
  for (const [key, value] of Object.entries(next)) {
    const before = (prev as Plain)[key];
    if (isPlain(value) && isPlain(before)) {
      const nested = diffOptions(before, value);
      if (nested) {
        out[key] = nested;
        changed = true;
      }
    } else if (
      !Object.is(value, before) &&
      !(Array.isArray(value) && Array.isArray(before) && sameArray(value, before))
    ) {
      out[key] = value;
      changed = true;
    }
  }
  return changed ? (out as Partial<T>) : undefined;
}

function sameArray(a: unknown[], b: unknown[]): boolean {
  return a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
}
