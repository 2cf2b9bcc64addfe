import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { toFormErrors } from './errors';
import {
  ChirpstackUplink,
  IngestBody,
  IntegrationCreateBody,
  READING_TIME_AHEAD_MS,
  readingTimeProblem,
  TtnUplink,
} from './ingest';

const errorsOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? {} : toFormErrors(result.error);

describe('IngestBody', () => {
  it('takes a batch of readings of one device', () => {
    expect(
      IngestBody.parse({
        device: '70B3D57ED005A1B2',
        readings: [
          { sensor: 'temperature', value: -4.25, measured_at: '2025-01-01T10:00:00Z' },
          { sensor: 'battery', value: 3.6 },
        ],
      }).readings,
    ).toHaveLength(2);
  });

  it('rejects an empty batch, non-numeric values and unknown fields, in Swedish', () => {
    expect(errorsOf(IngestBody.safeParse({ device: 'x', readings: [] }))).toEqual({
      readings: ['Mätvärden måste innehålla minst en post.'],
    });
    expect(errorsOf(IngestBody.safeParse({ device: 'x', readings: [{ sensor: 't', value: '4' }] }))).toEqual({
      'readings.0.value': ['Värde måste vara ett tal.'],
    });
    expect(
      errorsOf(IngestBody.safeParse({ device: 'x', readings: [{ sensor: 't', value: 1, unit: 'C' }] })),
    ).toEqual({
      'readings.0.unit': ['Fältet är okänt.'],
    });
  });
});

describe('IngestBody readings (issue 10)', () => {
  it('takes ts as ISO 8601 or epoch milliseconds, and no device when a device key names it', () => {
    const parsed = IngestBody.parse({
      readings: [
        { sensor: 'temperature', value: 1, ts: '2025-01-01T10:00:00Z' },
        { sensor: 'temperature', value: 2, ts: Date.UTC(2025, 0, 1, 11) },
      ],
    });
    expect(parsed.readings.map((r) => r.ts)).toEqual([Date.UTC(2025, 0, 1, 10), Date.UTC(2025, 0, 1, 11)]);
  });

  it('refuses times before 2000 and more than a day ahead, and out-of-range values, in Swedish', () => {
    const future = Date.now() + READING_TIME_AHEAD_MS + 3_600_000;
    expect(
      errorsOf(
        IngestBody.safeParse({
          readings: [
            { sensor: 't', value: 1, ts: '1999-12-31T23:59:59Z' },
            { sensor: 't', value: 1, ts: future },
            { sensor: 't', value: 1e12 },
            { sensor: 't', value: 'NaN' },
            { sensor: 't', value: 1, ts: 'igår' },
          ],
        }),
      ),
    ).toEqual({
      'readings.0.ts': ['Tidpunkt får inte ligga före år 2000.'],
      'readings.1.ts': ['Tidpunkt får ligga högst ett dygn fram i tiden.'],
      'readings.2.value': ['Värde får vara högst 1000000000.'],
      'readings.3.value': ['Värde måste vara ett tal.'],
      'readings.4.ts': ['Tidpunkt måste vara en tidpunkt i ISO 8601-format eller millisekunder sedan 1970.'],
    });
    expect(readingTimeProblem(Number.NaN)).toBe('Mättidpunkt måste vara en tidpunkt i ISO 8601-format.');
    expect(readingTimeProblem(Date.UTC(2020, 0, 1))).toBeNull();
  });

  it('refuses a batch over the limit', () => {
    const readings = Array.from({ length: 1001 }, () => ({ sensor: 't', value: 1 }));
    expect(errorsOf(IngestBody.safeParse({ readings }))).toEqual({
      readings: ['Mätvärden får innehålla högst 1000 poster.'],
    });
  });
});

describe('IntegrationCreateBody', () => {
  it('takes the four kinds and refuses others', () => {
    expect(IntegrationCreateBody.parse({ kind: 'tts', name: 'TTS', team_id: 1 }).kind).toBe('tts');
    expect(errorsOf(IntegrationCreateBody.safeParse({ kind: 'lorawan', name: 'x' }))).toEqual({
      kind: ['Typ av integration måste vara något av: tts, chirpstack, mqtt, http.'],
    });
  });
});

describe('network-server uplinks', () => {
  it('reads a The Things Stack v3 uplink and keeps the fields it does not name', () => {
    const uplink = TtnUplink.parse({
      end_device_ids: {
        device_id: 'spjut-1',
        dev_eui: '70B3D57ED005A1B2',
        application_ids: { application_id: 'a' },
      },
      received_at: '2025-01-01T10:00:00.123456789Z',
      uplink_message: { f_port: 1, decoded_payload: { temperature: 3.5 }, rx_metadata: [] },
    });
    expect(uplink.end_device_ids.device_id).toBe('spjut-1');
    expect(uplink.uplink_message.decoded_payload).toEqual({ temperature: 3.5 });
    expect(uplink.uplink_message.f_port).toBe(1);
    expect(TtnUplink.safeParse({ end_device_ids: {}, uplink_message: {} }).success).toBe(false);
  });

  it('reads a ChirpStack v4 uplink event', () => {
    const uplink = ChirpstackUplink.parse({
      deduplicationId: 'x',
      time: '2025-01-01T10:00:00.5+00:00',
      deviceInfo: { devEui: '70b3d57ed005a1b2', deviceName: 'spjut-1', tenantId: 't' },
      object: { temperature: 3.5, humidity: 81 },
      fPort: 2,
    });
    expect(uplink.deviceInfo.devEui).toBe('70b3d57ed005a1b2');
    expect(uplink.object).toEqual({ temperature: 3.5, humidity: 81 });
    expect(ChirpstackUplink.safeParse({ object: {} }).success).toBe(false);
  });
});
