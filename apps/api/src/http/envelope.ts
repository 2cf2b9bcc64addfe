/** The `{ data: ... }` wrapper of every successful answer (DESIGN.md §2). */
export function data<T>(payload: T): { data: T } {
  return { data: payload };
}

/** SQLite and PostgreSQL both store booleans as 0/1 here; answers carry real booleans. */
export function bool(value: number | boolean | null | undefined): boolean {
  return value === true || value === 1;
}

/** Instants are stored as ISO-8601 text. */
export function now(): string {
  return new Date().toISOString();
}
