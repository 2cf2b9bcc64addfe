import { z } from 'zod';
import { Id, Timestamp } from './common';
import { LIMITS } from './constants';
import { deviceIdOf } from './deviceIds';
import { body, dateTime, id, number, oneOf, optionalText, text } from './fields';
import { fieldLabels as L, validationMessages as M } from './messages';

/** Readings are accepted from 2000-01-01 up to a day ahead of the server's clock (clock skew, time zones). */
export const READING_TIME_MIN = Date.UTC(2000, 0, 1);
export const READING_TIME_AHEAD_MS = 86_400_000;
/** Largest magnitude of a stored reading: beyond it a value is a decoding error, not a measurement. */
export const READING_VALUE_MAX = 1e9;

/** What is wrong with a reading's time (epoch ms), in Swedish, or null when it is acceptable. */
export function readingTimeProblem(
  ms: number,
  label: string = L.measured_at,
  now = Date.now(),
): string | null {
  if (!Number.isFinite(ms)) return M.dateTime(label);
  if (ms < READING_TIME_MIN) return M.readingTooOld(label);
  if (ms > now + READING_TIME_AHEAD_MS) return M.readingInFuture(label);
  return null;
}

const readingTime = (label: string) =>
  z
    .union(
      [
        z.iso.datetime({ offset: true, error: M.epochOrDateTime(label) }),
        z.number({ error: M.epochOrDateTime(label) }).int({ error: M.epochOrDateTime(label) }),
      ],
      { error: M.epochOrDateTime(label) },
    )
    .transform((value) => (typeof value === 'number' ? value : Date.parse(value)))
    .superRefine((ms, ctx) => {
      const problem = readingTimeProblem(ms, label);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

export const IngestReading = body({
  /** The payload key (`temperature`, `TempC_SHT`) or the sensor's name; unknown keys become new sensors. */
  sensor: text(L.sensor, { max: 64 }),
  value: number(L.value, { min: -READING_VALUE_MAX, max: READING_VALUE_MAX }),
  /** When measured, ISO 8601 or epoch milliseconds; the server's receive time when left out. */
  ts: readingTime(L.ts).optional(),
  /** The same as `ts` (the older name); `ts` wins when both are given. */
  measured_at: readingTime(L.measured_at).optional(),
});
export type IngestReading = z.infer<typeof IngestReading>;
export type IngestReadingInput = z.input<typeof IngestReading>;

/**
 * `POST /api/v1/ingest`: a batch of readings of one device. With a device key the key names the device
 * (`device` may be left out); with an `http` integration's secret `device` is its `external_device_id`.
 */
export const IngestBody = body({
  /** A DevEUI (normalised: `70-b3-…` is `70B3…`) or another device id (`deviceIdOf`). */
  device: text(L.device, { max: LIMITS.deviceId })
    .superRefine((raw, ctx) => {
      const device = deviceIdOf(raw, L.device);
      if ('problem' in device) ctx.addIssue({ code: 'custom', message: device.problem });
    })
    .optional(),
  readings: z
    .array(IngestReading, { error: M.array(L.readings) })
    .min(1, { error: M.minItems(L.readings, 1) })
    .max(LIMITS.ingestReadings, { error: M.maxItems(L.readings, LIMITS.ingestReadings) })
    .refine(
      (readings) => new Set(readings.map((r) => r.sensor.toLowerCase())).size <= LIMITS.sensorsPerMessage,
      {
        error: M.tooManySensors(LIMITS.sensorsPerMessage),
      },
    ),
});
export type IngestBody = z.infer<typeof IngestBody>;

/** `POST /api/ingest/ttn`: a The Things Stack v3 uplink message; only the fields we read, the rest kept. */
export const TtnUplink = z.looseObject({
  end_device_ids: z.looseObject({
    device_id: z.string().min(1),
    dev_eui: z.string().optional(),
  }),
  received_at: dateTime(L.measured_at),
  uplink_message: z.looseObject({
    /** Output of the payload formatter; absent when the application has none. */
    decoded_payload: z.record(z.string(), z.unknown()).optional(),
    received_at: dateTime(L.measured_at).optional(),
  }),
});
export type TtnUplink = z.infer<typeof TtnUplink>;

/** `POST /api/ingest/chirpstack`: a ChirpStack v4 uplink event (JSON encoding); the rest kept. */
export const ChirpstackUplink = z.looseObject({
  deviceInfo: z.looseObject({
    devEui: z.string().min(1),
    deviceName: z.string().optional(),
  }),
  /** Output of the device-profile codec; absent without a codec. */
  object: z.record(z.string(), z.unknown()).optional(),
  time: dateTime(L.measured_at).optional(),
});
export type ChirpstackUplink = z.infer<typeof ChirpstackUplink>;

/** The answer of every ingestion route: what was stored, and what was left out and why. */
export const IngestResult = z.object({
  /** Readings stored (a re-delivered reading counts: it is stored once). */
  stored: z.number().int(),
  /** The device the readings went to; null for messages that carry no device (ignored events). */
  device_id: Id.nullable(),
  /** Set when the message is accepted but holds no readings (join, downlink, location, log events). */
  ignored: z.string().optional(),
  /** Payload keys left out, with the reason (text values, out-of-range numbers). */
  skipped: z.record(z.string(), z.string()).optional(),
});
export type IngestResult = z.infer<typeof IngestResult>;

export const INTEGRATION_KINDS = ['tts', 'chirpstack', 'mqtt', 'http'] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

/** `POST /api/v1/integration` (admin). */
export const IntegrationCreateBody = body({
  kind: oneOf(L.kind, INTEGRATION_KINDS),
  name: text(L.name, { max: 100 }),
  /** The team new devices from this integration are offered to. */
  team_id: id(L.team_id).nullish(),
});
export type IntegrationCreateBody = z.infer<typeof IntegrationCreateBody>;

export const Integration = z.object({
  id: Id,
  kind: z.enum(INTEGRATION_KINDS),
  name: z.string(),
  team_id: Id.nullable(),
  last_used_at: Timestamp.nullable(),
  revoked_at: Timestamp.nullable(),
  created_at: Timestamp,
});
export type Integration = z.infer<typeof Integration>;

/** The answer of creating an integration: the only time its secret is shown. */
export const IntegrationCreated = Integration.extend({ secret: z.string() });
export type IntegrationCreated = z.infer<typeof IntegrationCreated>;

/** `POST /api/v1/device/{id}/key`. */
export const DeviceKeyCreateBody = body({ name: optionalText(L.name, { max: 100 }) });
export type DeviceKeyCreateBody = z.infer<typeof DeviceKeyCreateBody>;

export const DeviceKey = z.object({
  id: Id,
  device_id: Id,
  name: z.string(),
  last_used_at: Timestamp.nullable(),
  revoked_at: Timestamp.nullable(),
  created_at: Timestamp,
});
export type DeviceKey = z.infer<typeof DeviceKey>;

/** The answer of creating a device key: the only time the key is shown. */
export const DeviceKeyCreated = DeviceKey.extend({ key: z.string() });
export type DeviceKeyCreated = z.infer<typeof DeviceKeyCreated>;

/**
 * `GET /api/v1/device/{id}/dead-letters`: messages naming the device that could never be stored (an MQTT
 * message with a reading time before 2000, more sensors than a message may carry …), acknowledged and
 * dropped so the broker does not redeliver them forever, counted per way in and reason.
 */
export const IngestDeadLetter = z.object({
  source: z.enum(['mqtt']),
  reason: z.string(),
  /** The last such message's topic. */
  topic: z.string().nullable(),
  count: z.number().int().positive(),
  first_at: Timestamp,
  last_at: Timestamp,
});
export type IngestDeadLetter = z.infer<typeof IngestDeadLetter>;
