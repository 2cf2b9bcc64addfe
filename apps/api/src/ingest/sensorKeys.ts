import { readFileSync } from 'node:fs';
import type { SensorType } from '../db/tables/resources.js';

/** How a payload key becomes a sensor: its type, Swedish name, unit, a factor and the plausible range. */
export interface SensorKeyRule {
  type: SensorType;
  name: string;
  unit: string;
  /** Multiplies the payload value (`vdd` in mV → V: 0.001). @default 1 */
  scale?: number;
  /** Values outside [min, max] (after scaling) are refused as decoding errors. */
  min?: number;
  max?: number;
  /**
   * 0 is also what the device sends with nothing attached (Dragino's DS18B20 inputs: dragino/LoRa_STM32
   * issue 13). A 0 creates no sensor; once a real value has made the sensor, its 0 is a reading.
   */
  zeroWithoutProbe?: boolean;
}

export type SensorKeyTable = Readonly<Record<string, SensorKeyRule>>;

const temperature: SensorKeyRule = {
  type: 'temperature',
  name: 'Temperatur',
  unit: '°C',
  min: -90,
  max: 150,
};
const humidity: SensorKeyRule = { type: 'humidity', name: 'Luftfuktighet', unit: '%', min: 0, max: 100 };
const batteryPercent: SensorKeyRule = { type: 'battery', name: 'Batteri', unit: '%', min: 0, max: 100 };
const batteryVolts: SensorKeyRule = { type: 'battery', name: 'Batteri', unit: 'V', min: 0, max: 60 };
const probe: SensorKeyRule = { ...temperature, name: 'Temperatur (givare)', zeroWithoutProbe: true };
const light: SensorKeyRule = { type: 'other', name: 'Ljus', unit: 'lx', min: 0, max: 200_000 };

/**
 * The default key → sensor table (docs/ingestion.md lists it). Keys are matched case-insensitively, and a
 * Cayenne LPP channel suffix (`temperature_41`) is ignored. A key found nowhere becomes a sensor of type
 * `other`, named after the key, with no unit: nothing a device sends is dropped for want of a rule.
 */
export const DEFAULT_SENSOR_KEYS: SensorKeyTable = {
  temperature: temperature,
  temp: temperature,
  air_temperature: temperature,
  airtemperature: temperature,
  tempc_sht: temperature,
  tempc_ds: temperature,
  tempc1: probe,
  tempc2: { ...probe, name: 'Temperatur (givare 2)' },
  tempc3: { ...probe, name: 'Temperatur (givare 3)' },
  temperatuur: temperature,
  externaltemperature: { ...temperature, name: 'Extern temperatur' },
  ext_temperature: { ...temperature, name: 'Extern temperatur' },
  temperaturesensor: temperature,
  humidity: humidity,
  air_humidity: humidity,
  relative_humidity: humidity,
  relativehumidity: humidity,
  hum_sht: humidity,
  humiditysensor: humidity,
  luchtvochtigheid: humidity,
  battery: batteryPercent,
  batterylevel: batteryPercent,
  battery_level: batteryPercent,
  batv: batteryVolts,
  bat_v: batteryVolts,
  battery_voltage: batteryVolts,
  batteryvoltage: batteryVolts,
  vdd: { ...batteryVolts, scale: 0.001 },
  pressure: { type: 'pressure', name: 'Lufttryck', unit: 'hPa', min: 300, max: 1100 },
  barometric_pressure: { type: 'pressure', name: 'Lufttryck', unit: 'hPa', min: 300, max: 1100 },
  co2: { type: 'co2', name: 'Koldioxid', unit: 'ppm', min: 0, max: 100_000 },
  luminosity: light,
  illuminance: light,
  light: light,
};

/**
 * Keys decoders send that identify the device or count messages (Decentlab's `device_id` and
 * `protocol_version`, Sensative's history sequence numbers, an echoed frame counter): numbers, but no
 * measurement, so no sensor. An entry for one in `INGEST_SENSOR_KEYS` makes it a sensor after all.
 */
export const NOT_MEASUREMENTS: ReadonlySet<string> = new Set([
  'device_id',
  'deviceid',
  'protocol_version',
  'protocolversion',
  'historyseqnr',
  'prevhistseqnr',
  'fcnt',
  'f_cnt',
]);

/**
 * The rule of a payload key, or null when the table has none (the key then becomes an `other` sensor). Only
 * the table's own entries: `constructor` or `__proto__` would otherwise find what every object inherits.
 */
export function ruleOf(table: SensorKeyTable, key: string): SensorKeyRule | null {
  const lower = key.toLowerCase();
  const rule = Object.hasOwn(table, lower) ? table[lower] : undefined;
  if (rule) return rule;
  const base = lower.replace(/_\d+$/, '');
  return (Object.hasOwn(table, base) ? table[base] : undefined) ?? null;
}

/** The sensor a key without a rule becomes. */
export function unknownKeyRule(key: string): SensorKeyRule {
  return { type: 'other', name: key, unit: '' };
}

/**
 * The key table: the defaults, overridden and extended by the JSON file `path` (`INGEST_SENSOR_KEYS`),
 * `{ "grondwatertemperatuur": { "type": "temperature", "name": "Grundvattentemperatur", "unit": "°C" } }`.
 */
export function loadSensorKeys(path: string | null): SensorKeyTable {
  if (!path) return DEFAULT_SENSOR_KEYS;
  const extra = JSON.parse(readFileSync(path, 'utf8')) as Record<string, SensorKeyRule>;
  const lowered = Object.fromEntries(Object.entries(extra).map(([key, rule]) => [key.toLowerCase(), rule]));
  return { ...DEFAULT_SENSOR_KEYS, ...lowered };
}
