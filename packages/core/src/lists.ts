import type { Alert, Dashboard, Device } from '@matnat/contract';

let collator: Intl.Collator | undefined;

/**
 * Swedish collation: å, ä, ö after z; numbers compared by value so 'Spjut 2' comes before 'Spjut 10'.
 * Created on first use: constructing it at import would cost every importer.
 */
export function compareSwedish(a: string, b: string): number {
  if (!collator) collator = new Intl.Collator('sv', { numeric: true });
  return collator.compare(a, b);
}

/** What a device list shows as its name: the title, or the external id when the title is missing. */
export function deviceLabel(device: Pick<Device, 'title' | 'external_device_id'>): string {
  const title = device.title?.trim();
  return title ? title : device.external_device_id;
}

/** Spec §9: devices sorted by title, or by external_device_id if the title is missing. Returns a new array. */
export function sortDevices<T extends Pick<Device, 'title' | 'external_device_id'>>(
  devices: readonly T[],
): T[] {
  return [...devices].sort((a, b) => compareSwedish(deviceLabel(a), deviceLabel(b)));
}

/** Spec §9: alerts sorted by name. Returns a new array. */
export function sortAlerts<T extends Pick<Alert, 'name'>>(alerts: readonly T[]): T[] {
  return [...alerts].sort((a, b) => compareSwedish(a.name, b.name));
}

/** Issue 8: a user's dashboards sorted by title in Swedish collation. Returns a new array. */
export function sortDashboards<T extends Pick<Dashboard, 'title'>>(dashboards: readonly T[]): T[] {
  return [...dashboards].sort((a, b) => compareSwedish(a.title, b.title));
}
