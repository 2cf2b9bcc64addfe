import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { toFormErrors } from './errors';
import { ChirpstackUplink, IngestBody, TtnUplink } from './ingest';

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
