import { describe, expect, it } from 'vitest';
import type { Device } from './device';
import { type FLEET_FILTERS, fleetSummary, inFleetFilter, isFleetFilter } from './fleet';

const now = Date.parse('2026-11-27T12:00:00.000Z');
type Health = NonNullable<Device['health']>;

function device(health: Partial<Health> | null): Pick<Device, 'health'> {
  if (health === null) return { health: undefined };
  return {
    health: {
      first_seen_at: null,
      last_seen_at: '2026-11-27T11:50:00.000Z',
      battery: 80,
      battery_unit: '%',
      external_power: null,
      rssi: -90,
      snr: 5,
      best_gateway_id: null,
      expected_interval_s: 3600,
      silent: false,
      simulated: false,
      alerting: false,
      ...health,
    },
  };
}

describe('issue 21: the fleet overview and the device list filters', () => {
  const fleet = [
    device({}),
    device({ battery: 15 }),
    device({ last_seen_at: '2026-11-27T09:00:00.000Z' }),
    device({ alerting: true }),
    device({ alerting: true, last_seen_at: '2026-11-27T09:00:00.000Z', battery: 3.0, battery_unit: 'V' }),
    device({ last_seen_at: null, battery: null, battery_unit: null }),
    device(null),
  ];

  it('online is heard within its interval whatever its alerts; a state is the contract deviceState; low battery is isLowBattery', () => {
    const which = (filter: (typeof FLEET_FILTERS)[number]) =>
      fleet.flatMap((d, i) => (inFleetFilter(d, filter, now) ? [i] : []));
    expect(which('online')).toEqual([0, 1, 3]);
    expect(which('ok')).toEqual([0, 1]);
    expect(which('silent')).toEqual([2]);
    expect(which('alarm')).toEqual([3, 4]);
    expect(which('unheard')).toEqual([5]);
    expect(which('low_battery')).toEqual([1, 4]);
  });

  it('counts each filter as the list narrows by it, and the enabled alerts firing unacknowledged', () => {
    const summary = fleetSummary(
      fleet,
      [
        { state: 'firing', is_enabled: true },
        { state: 'acknowledged', is_enabled: true },
        { state: 'firing', is_enabled: false },
        { state: 'ok', is_enabled: true },
        { is_enabled: true },
      ],
      now,
    );
    expect(summary).toEqual({
      devices: 7,
      counts: { online: 3, alarm: 2, silent: 1, unheard: 1, ok: 2, low_battery: 2 },
      alertsFiring: 1,
    });
  });

  it('a filter in an address is one of the known names', () => {
    expect(isFleetFilter('silent')).toBe(true);
    expect(isFleetFilter('low_battery')).toBe(true);
    expect(isFleetFilter('all')).toBe(false);
    expect(isFleetFilter(null)).toBe(false);
  });
});
