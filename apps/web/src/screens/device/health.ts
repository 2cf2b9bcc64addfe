import { type DeviceState, deviceState, isLowBattery } from '@matnat/contract/plain';
import { type Device, toEpochMs } from '@matnat/core';
import { formatAge, formatReading } from '@matnat/react';
import { matnat } from '../../matnat';

/** 'för 3 minuter sedan' from an ISO time, or null. */
export function ageOf(iso: string | null | undefined): string | null {
  if (!iso) return null;
  return formatAge(toEpochMs(iso), matnat.platform.now());
}

/** '87 %', '3,6 V', 'Nätdriven', or null when unknown. */
export function batteryText(device: Device): string | null {
  const health = device.health;
  if (!health) return null;
  if (health.external_power) return 'Nätdriven';
  if (health.battery === null) return null;
  return `${formatReading(health.battery)} ${health.battery_unit ?? ''}`.trim();
}

/** Issue 21: the battery is at or under the contract's `LOW_BATTERY`. */
export const lowBattery = (device: Device): boolean => (device.health ? isLowBattery(device.health) : false);

/** 'RSSI −90 dBm · SNR 7,5 dB', or null when no gateway heard it. */
export function signalText(
  signal: { rssi: number | null; snr: number | null } | null | undefined,
): string | null {
  if (!signal || (signal.rssi === null && signal.snr === null)) return null;
  const parts: string[] = [];
  if (signal.rssi !== null) parts.push(`RSSI ${formatReading(signal.rssi)} dBm`);
  if (signal.snr !== null) parts.push(`SNR ${formatReading(signal.snr)} dB`);
  return parts.join(' · ');
}

/** Issue 21: larm, tyst, ej hörd or OK (the contract's `deviceState`), now; null without health. */
export function stateOf(device: Device): DeviceState | null {
  return device.health ? deviceState(device.health, matnat.platform.now()) : null;
}
