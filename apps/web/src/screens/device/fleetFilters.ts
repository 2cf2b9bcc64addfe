import type { FleetFilter } from '@matnat/contract/plain';
import { buildPath } from '@matnat/core';
import { useMessages } from '@matnat/react';

/** The device list's address narrowed by one of the contract's fleet filters (the fleet overview links here). */
export function deviceListPath(filter: FleetFilter | null): string {
  const path = buildPath('device.index');
  return filter ? `${path}?filter=${filter}` : path;
}

/** A filter's name as the list's chips say it; the states' names are the kit's. */
export function useFilterLabel(): (filter: FleetFilter | null) => string {
  const states = useMessages().deviceStates;
  return (filter) => {
    if (filter === null) return 'Alla';
    if (filter === 'online') return 'Online';
    if (filter === 'low_battery') return 'Lågt batteri';
    return states[filter];
  };
}
