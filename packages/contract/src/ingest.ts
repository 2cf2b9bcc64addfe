import { z } from 'zod';
import { LIMITS } from './constants';
import { body, dateTime, number, text } from './fields';
import { fieldLabels as L, validationMessages as M } from './messages';

export const IngestReading = body({
  /** The sensor's name, or its type when the device has one sensor of that type. */
  sensor: text(L.sensor, { max: 64 }),
  value: number(L.value),
  /** When measured; the server's receive time when left out. */
  measured_at: dateTime(L.measured_at).optional(),
});
export type IngestReading = z.infer<typeof IngestReading>;

/** `POST /api/v1/ingest`: a batch of readings of one device, named by its `external_device_id`. */
export const IngestBody = body({
  device: text(L.device, { max: 64 }),
  readings: z
    .array(IngestReading, { error: M.array(L.readings) })
    .min(1, { error: M.minItems(L.readings, 1) })
    .max(LIMITS.ingestReadings, { error: M.maxItems(L.readings, LIMITS.ingestReadings) }),
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
