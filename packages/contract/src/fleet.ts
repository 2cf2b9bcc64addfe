import type { Alert } from './alert';
import type { Device } from './device';
import { deviceState, isLowBattery, isSilent } from './health';

/** Fleet rules (issue 21), free of zod so that browser bundles can use them (`./plain`). */

/**
 * Issue 21: the ways the device list narrows (`/device?filter=…`) and the fleet overview counts: a state of
 * the contract's `deviceState`, `online` (heard within its expected interval, whatever its alerts say) or
 * `low_battery` (the contract's `isLowBattery`).
 */
export const FLEET_FILTERS = ['online', 'alarm', 'silent', 'unheard', 'ok', 'low_battery'] as const;
export type FleetFilter = (typeof FLEET_FILTERS)[number];

export const isFleetFilter = (value: unknown): value is FleetFilter =>
  FLEET_FILTERS.includes(value as FleetFilter);

type HealthOf = Pick<Device, 'health'>;

/** Whether a device is in the filter at `now`; a device without its health is in none. */
export function inFleetFilter(device: HealthOf, filter: FleetFilter, now: number): boolean {
  const health = device.health;
  if (!health) return false;
  if (filter === 'low_battery') return isLowBattery(health);
  if (filter === 'online') return health.last_seen_at !== null && !isSilent(health, now);
  return deviceState(health, now) === filter;
}

export interface FleetSummary {
  devices: number;
  /** Devices by filter, as `inFleetFilter` counts them. */
  counts: Record<FleetFilter, number>;
  /** Alerts as `isAlertFiring` counts them. */
  alertsFiring: number;
}

/** An enabled alert firing and not yet acknowledged: one that wants someone's attention. */
export const isAlertFiring = (alert: Pick<Alert, 'state' | 'is_enabled'>): boolean =>
  alert.is_enabled && alert.state === 'firing';

/** What ThingsBoard and Datacake open with: how many devices are online, silent, in alarm, low on battery. */
export function fleetSummary(
  devices: readonly HealthOf[],
  alerts: readonly Pick<Alert, 'state' | 'is_enabled'>[],
  now: number,
): FleetSummary {
  const counts = Object.fromEntries(FLEET_FILTERS.map((f) => [f, 0])) as Record<FleetFilter, number>;
  for (const device of devices)
    for (const filter of FLEET_FILTERS) if (inFleetFilter(device, filter, now)) counts[filter]++;
  const alertsFiring = alerts.filter(isAlertFiring).length;
  return { devices: devices.length, counts, alertsFiring };
}
