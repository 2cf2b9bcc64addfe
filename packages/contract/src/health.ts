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

/**
 * Issue 21: a battery at or under this is low (the fleet overview counts it, the device list marks it).
 * Decided: 20 % for a level, 3.0 V for a voltage (a 3.6 V lithium cell of a LoRaWAN sensor is near its
 * end there).
 */
export const LOW_BATTERY = { '%': 20, V: 3.0 } as const;

/** A battery known, not on external power, and at or under `LOW_BATTERY` for its unit. */
export function isLowBattery(health: {
  battery: number | null;
  battery_unit: string | null;
  external_power: boolean | null;
}): boolean {
  if (health.external_power === true || health.battery === null) return false;
  const limit = LOW_BATTERY[health.battery_unit as keyof typeof LOW_BATTERY];
  return limit !== undefined && health.battery <= limit;
}

/**
 * Issue 21 "status everywhere": a device's state at a glance, worst first: `alarm` (an alert on one of its
 * sensors is firing or acknowledged and not yet back to normal), `silent` (heard before, not within its
 * expected interval), `unheard` (never heard: nothing to judge), else `ok`.
 */
export const DEVICE_STATES = ['alarm', 'silent', 'unheard', 'ok'] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];

export function deviceState(
  health: { last_seen_at: string | null; expected_interval_s: number; alerting: boolean },
  now: number = Date.now(),
): DeviceState {
  if (health.alerting) return 'alarm';
  if (isSilent(health, now)) return 'silent';
  if (health.last_seen_at === null) return 'unheard';
  return 'ok';
}
