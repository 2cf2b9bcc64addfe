import {
  deviceIdOf,
  LIMITS,
  READING_VALUE_MAX,
  readingTimeProblem,
  validationMessages as V,
} from '@matnat/contract';
import { ingestMessages as M } from './messages.js';
import {
  NOT_MEASUREMENTS,
  ruleOf,
  type SensorKeyRule,
  type SensorKeyTable,
  unknownKeyRule,
} from './sensorKeys.js';

/** A gateway that heard an uplink, by its EUI (or id when it has none). */
export interface GatewaySignal {
  id: string;
  rssi: number | null;
  snr: number | null;
}

export interface UplinkReading {
  key: string;
  /** The sensor, when the sender knows it (the simulator); otherwise found or created by `key`. */
  sensorId?: number;
  rule: SensorKeyRule;
  value: number;
  ts: number;
}

/** An uplink of one device, reduced to what ingestion stores. */
export interface Uplink {
  /** Normalised DevEUI (upper-case hex, no separators) or the network server's device id. */
  eui: string;
  /** The device's name at the network server, used as the title of a device created for it. */
  name: string | null;
  ts: number;
  readings: UplinkReading[];
  /** Payload keys left out, with the reason. */
  skipped: Record<string, string>;
  battery: { value: number; unit: '%' | 'V' } | null;
  externalPower: boolean | null;
  gateways: GatewaySignal[];
}

/** Bad input (422): what is wrong, and the field of the message it is about (`body` when none). */
export interface ParseError {
  error: string;
  field?: string;
  /** The device the message names, when that much could be read (the dead letters count it there). */
  eui?: string;
}

/** What a network-server message is: an uplink to store, one to ignore (with why), or bad input (422). */
export type Parsed = { uplink: Uplink } | { ignored: string } | ParseError;

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
/** A network server's name of a device, the title of a device created for it: bounded like a title. */
const nameOf = (v: unknown): string | null => str(v)?.slice(0, 100) ?? null;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The device a message names, through the one rule of every way in (`deviceIdOf` of the contract): a
 * DevEUI field must hold 16 hex digits, another id at most 64 characters; otherwise a 422 naming the field.
 */
function deviceOf(raw: string, field: string, eui: boolean): { eui: string } | ParseError {
  const device = deviceIdOf(raw, field, { eui });
  return 'id' in device ? { eui: device.id } : { error: device.problem, field };
}

/** A gateway's id by the same rule; null (the gateway is left out, the reading kept) when it breaks it. */
function gatewayIdOf(raw: string): string | null {
  const gateway = deviceIdOf(raw, 'gateway');
  return 'id' in gateway ? gateway.id : null;
}

/** ChirpStack v3 sends EUIs base64-encoded (`AgICAgICAgI=`). */
function euiOfBase64(value: string): string {
  if (/^[0-9a-fA-F]{16}$/.test(value)) return value;
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === 8 ? bytes.toString('hex') : value;
}

function parseTime(value: unknown, fallback: number): number | ParseError {
  const ms = typeof value === 'string' ? Date.parse(value) : fallback;
  const problem = readingTimeProblem(ms, 'Mättidpunkt');
  return problem ? { error: problem } : ms;
}

/**
 * The readings of a decoded payload through the key table. Numbers and `{ value, unit }` objects are
 * readings; text, booleans, lists and other objects are not (they are listed in `skipped`), nor are
 * values outside the key's plausible range.
 */
export function readingsOf(
  decoded: Json,
  ts: number,
  keys: SensorKeyTable,
  field: string,
): { readings: UplinkReading[]; skipped: Record<string, string> } | ParseError {
  // Every key may become a sensor: a message of thousands is a decoder gone wrong, never stored in part.
  if (Object.keys(decoded).length > LIMITS.sensorsPerMessage)
    return { error: V.tooManySensors(LIMITS.sensorsPerMessage), field };
  const readings: UplinkReading[] = [];
  const skipped: Record<string, string> = {};
  for (const [key, raw] of Object.entries(decoded)) {
    let value = num(raw);
    let unit: string | null = null;
    if (value === null && isObject(raw) && num(raw.value) !== null) {
      value = num(raw.value);
      unit = str(raw.unit);
    }
    if (value === null) {
      skipped[key] = typeof raw === 'string' ? M.textValue : M.notANumber;
      continue;
    }
    const known = ruleOf(keys, key);
    if (!known && NOT_MEASUREMENTS.has(key.toLowerCase())) {
      skipped[key] = M.notAMeasurement;
      continue;
    }
    const rule = known ?? { ...unknownKeyRule(key), unit: unit ?? '' };
    const scaled = value * (rule.scale ?? 1);
    const problem = rangeProblem(rule, scaled);
    if (problem) skipped[key] = problem;
    else readings.push({ key, rule, value: scaled, ts });
  }
  return { readings, skipped };
}

export function rangeProblem(rule: SensorKeyRule, value: number): string | null {
  const min = rule.min ?? -READING_VALUE_MAX;
  const max = rule.max ?? READING_VALUE_MAX;
  return value < min || value > max ? M.outOfRange(min, max) : null;
}

function bestFirst(gateways: GatewaySignal[]): GatewaySignal[] {
  if (gateways.length < 2) return gateways;
  const byId = new Map<string, GatewaySignal>();
  for (const g of gateways) {
    const seen = byId.get(g.id);
    if (!seen || (g.rssi ?? -Infinity) > (seen.rssi ?? -Infinity)) byId.set(g.id, g);
  }
  return [...byId.values()].sort(
    (a, b) => (b.rssi ?? -Infinity) - (a.rssi ?? -Infinity) || (b.snr ?? -Infinity) - (a.snr ?? -Infinity),
  );
}

function batteryOf(decoded: readonly UplinkReading[]): Uplink['battery'] {
  const reading = decoded.find((r) => r.rule.type === 'battery');
  if (!reading) return null;
  return { value: reading.value, unit: reading.rule.unit === 'V' ? 'V' : '%' };
}

/** The Things Stack v3 gateway of one `rx_metadata` entry; Packet Broker entries name the forwarder. */
function ttsGateway(meta: Json): GatewaySignal | null {
  const ids = isObject(meta.gateway_ids) ? meta.gateway_ids : {};
  const broker = isObject(meta.packet_broker) ? meta.packet_broker : {};
  const raw = str(ids.eui) ?? str(broker.forwarder_gateway_eui) ?? str(ids.gateway_id);
  const id = raw && raw !== 'packetbroker' ? gatewayIdOf(raw) : null;
  return id ? { id, rssi: num(meta.rssi), snr: num(meta.snr) } : null;
}

const TTS_NON_UPLINKS = [
  'join_accept',
  'downlink_ack',
  'downlink_nack',
  'downlink_sent',
  'downlink_failed',
  'downlink_queued',
  'downlink_queue_invalidated',
  'location_solved',
  'service_data',
];

/** A The Things Stack v3 message (webhook body or MQTT `…/up` payload). */
export function parseTts(body: unknown, keys: SensorKeyTable, receivedAt = Date.now()): Parsed {
  if (!isObject(body)) return { error: M.notAnObject };
  // The event-stream/storage envelope wraps the ApplicationUp in `data`.
  const message = isObject(body.data) && isObject(body.data.end_device_ids) ? body.data : body;
  const ids = message.end_device_ids;
  if (!isObject(ids)) return { error: M.missing('end_device_ids'), field: 'end_device_ids' };
  const devEui = str(ids.dev_eui);
  const device = devEui
    ? deviceOf(devEui, 'end_device_ids.dev_eui', true)
    : deviceOf(str(ids.device_id) ?? '', 'end_device_ids.device_id', false);
  if ('error' in device) return device;
  const up = message.uplink_message;
  if (!isObject(up)) {
    const kind = TTS_NON_UPLINKS.find((k) => k in message);
    return { ignored: kind ? M.notAnUplink(kind) : M.noUplink };
  }
  const ts = parseTime(up.received_at ?? message.received_at, receivedAt);
  if (typeof ts !== 'number') return { ...ts, eui: device.eui };
  const decoded = isObject(up.decoded_payload) ? up.decoded_payload : {};
  const values = readingsOf(decoded, ts, keys, 'uplink_message.decoded_payload');
  if ('error' in values) return { ...values, eui: device.eui };
  const { readings, skipped } = values;
  const metadata = Array.isArray(up.rx_metadata) ? up.rx_metadata.filter(isObject) : [];
  return {
    uplink: {
      eui: device.eui,
      name: nameOf(ids.device_id),
      ts,
      readings,
      skipped,
      battery: batteryOf(readings),
      externalPower: null,
      gateways: bestFirst(metadata.map(ttsGateway).filter((g): g is GatewaySignal => g !== null)),
    },
  };
}

function chirpstackGateway(info: Json, v3: boolean): GatewaySignal | null {
  const raw = str(v3 ? info.gatewayID : info.gatewayId);
  const id = raw ? gatewayIdOf(v3 ? euiOfBase64(raw) : raw) : null;
  if (!id) return null;
  return {
    id,
    rssi: num(info.rssi),
    snr: num(v3 ? info.loRaSNR : info.snr),
  };
}

/** The decoded object of a ChirpStack uplink: v4 `object`, v3 `objectJSON` (a JSON string). */
function chirpstackObject(message: Json): Json | ParseError {
  if (isObject(message.object)) return message.object;
  if (typeof message.objectJSON === 'string' && message.objectJSON !== '') {
    const error = { error: M.badObjectJson, field: 'objectJSON' };
    try {
      const parsed: unknown = JSON.parse(message.objectJSON);
      return isObject(parsed) ? parsed : error;
    } catch {
      return error;
    }
  }
  return {};
}

/** A ChirpStack event (HTTP integration `?event=`, or the last level of the MQTT topic), v4 or v3 JSON. */
export function parseChirpstack(
  event: string,
  body: unknown,
  keys: SensorKeyTable,
  receivedAt = Date.now(),
): Parsed {
  if (!isObject(body)) return { error: M.notAnObject };
  const v3 = !isObject(body.deviceInfo);
  const rawEui = v3 ? str(body.devEUI) : str((body.deviceInfo as Json).devEui);
  if (event !== 'up' && event !== 'status') return { ignored: M.notAnUplink(event) };
  const euiField = v3 ? 'devEUI' : 'deviceInfo.devEui';
  if (!rawEui) return { error: M.missing(euiField), field: euiField };
  const device = deviceOf(v3 ? euiOfBase64(rawEui) : rawEui, euiField, true);
  if ('error' in device) return device;
  const { eui } = device;
  const name = nameOf(v3 ? body.deviceName : (body.deviceInfo as Json).deviceName);
  const rxInfo = Array.isArray(body.rxInfo) ? body.rxInfo.filter(isObject) : [];
  const firstRxTime = rxInfo.map((rx) => rx.time).find((t) => typeof t === 'string');
  const ts = parseTime(body.time ?? (v3 ? firstRxTime : undefined), receivedAt);
  if (typeof ts !== 'number') return { ...ts, eui };
  const base = { eui, name, ts, skipped: {}, gateways: [] as GatewaySignal[] };
  if (event === 'status') {
    const level = num(body.batteryLevel);
    const external = body.externalPowerSource === true;
    const unavailable = body.batteryLevelUnavailable === true;
    const battery = level !== null && !external && !unavailable ? { value: level, unit: '%' as const } : null;
    return { uplink: { ...base, readings: [], battery, externalPower: external } };
  }
  const decoded = chirpstackObject(body);
  if (typeof decoded.error === 'string') return { ...(decoded as ParseError), eui };
  const values = readingsOf(decoded as Json, ts, keys, v3 ? 'objectJSON' : 'object');
  if ('error' in values) return { ...values, eui };
  const { readings, skipped } = values;
  const gateways = bestFirst(
    rxInfo.map((rx) => chirpstackGateway(rx, v3)).filter((g): g is GatewaySignal => g !== null),
  );
  return {
    uplink: { ...base, readings, skipped, gateways, battery: batteryOf(readings), externalPower: null },
  };
}
