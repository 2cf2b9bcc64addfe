/** Device health rules (issue 10), free of zod so that browser bundles can use them (`./plain`). */

/** A device with no interval of its own is expected to be heard at least once an hour. */
export const DEFAULT_EXPECTED_INTERVAL_S = 3600;
/** Bounds of a device's expected interval: a minute to 30 days. */
export const EXPECTED_INTERVAL_S = { min: 60, max: 30 * 86_400 } as const;

/**
 * Issue 9 "a device silent for longer than its expected interval is marked": heard before, and not for
 * longer than its expected interval. A device never heard is not silent (it has nothing to be late with).
 */
export function isSilent(
  health: { last_seen_at: string | null; expected_interval_s: number },
  now: number = Date.now(),
): boolean {
  if (health.last_seen_at === null) return false;
  return now - Date.parse(health.last_seen_at) > health.expected_interval_s * 1000;
}
