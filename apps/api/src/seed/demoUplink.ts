import { type IngestItem, knownSensorsItem } from '../ingest/writer.js';
import type { Reading } from '../measurements/store.js';

/** A gateway as a demo device is heard through it. */
export interface DemoGateway {
  external_gateway_id: string;
  lat: number | null;
  lng: number | null;
}

/** A demo device: where it stands and the gateways linked to it. */
export interface DemoDevice {
  id: number;
  lat: number | null;
  lng: number | null;
  gateways: readonly DemoGateway[];
}

/** A reading of a demo sensor, with the sensor's type and unit (a battery sensor feeds the health). */
export interface DemoReading extends Reading {
  type: string;
  unit: string;
}

const EARTH_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.sqrt(h));
}

/**
 * The signal a LoRaWAN gateway hears a device at, from their distance: about −75 dBm next to it, −110 dBm
 * at 100 km (sub-GHz links over open land), a few dB of fading; the SNR falls with it towards the
 * demodulation floor. Null when either position is unknown.
 */
export function demoSignal(
  device: { lat: number | null; lng: number | null },
  gateway: DemoGateway,
  rand: () => number,
): { rssi: number; snr: number } | null {
  if (device.lat === null || device.lng === null || gateway.lat === null || gateway.lng === null) return null;
  const km = distanceKm({ lat: device.lat, lng: device.lng }, { lat: gateway.lat, lng: gateway.lng });
  const rssi = Math.max(-130, Math.round(-75 - 17.5 * Math.log10(1 + km) + (rand() - 0.5) * 6));
  const snr = Math.round(Math.min(12, Math.max(-20, (rssi + 115) / 2.5 + (rand() - 0.5) * 3)) * 10) / 10;
  return { rssi, snr };
}

/**
 * One uplink of a demo device as a network server passes it on (issue 21: the seeded and simulated devices
 * get their health from what they send, like real ones): its readings, the battery its battery sensor
 * reads, and each linked gateway's signal, best first. Marked `simulated` (issue 27): the writer stores it
 * only while its device is still a simulated one.
 */
export function demoUplink(
  device: DemoDevice,
  readings: readonly DemoReading[],
  rand: () => number,
): IngestItem {
  const battery = readings.find((r) => r.type === 'battery' && (r.unit === '%' || r.unit === 'V'));
  const gateways = device.gateways
    .map((g) => ({ id: g.external_gateway_id, signal: demoSignal(device, g, rand) }))
    .filter((g) => g.signal !== null)
    .map((g) => ({ id: g.id, rssi: g.signal!.rssi, snr: g.signal!.snr }))
    .sort((a, b) => b.rssi - a.rssi);
  return knownSensorsItem(device.id, readings, {
    simulated: true,
    battery: battery ? { value: battery.value, unit: battery.unit as '%' | 'V' } : null,
    gateways,
  });
}
