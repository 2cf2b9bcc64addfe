import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Network-server messages for tests and benchmarks, written after the vendors' documentation of their
 * formats (The Things Stack "Data formats", ChirpStack "Events"): only the fields ingestion reads, plus a
 * little of what surrounds them.
 */
export interface UplinkSpec {
  eui: string;
  at: string;
  decoded?: Record<string, unknown>;
  gateways?: { eui: string; rssi: number; snr: number }[];
}

export function ttsUplink(spec: UplinkSpec) {
  return {
    end_device_ids: {
      device_id: `eui-${spec.eui.toLowerCase()}`,
      application_ids: { application_id: 'matnat-test' },
      dev_eui: spec.eui,
      join_eui: '0000000000000000',
    },
    correlation_ids: ['as:up:01TEST'],
    received_at: spec.at,
    uplink_message: {
      f_port: 1,
      f_cnt: 1,
      frm_payload: 'AQID',
      ...(spec.decoded ? { decoded_payload: spec.decoded } : {}),
      rx_metadata: (spec.gateways ?? []).map((g) => ({
        gateway_ids: { gateway_id: `eui-${g.eui.toLowerCase()}`, eui: g.eui },
        rssi: g.rssi,
        channel_rssi: g.rssi,
        snr: g.snr,
      })),
      settings: { data_rate: { lora: { bandwidth: 125000, spreading_factor: 7 } }, frequency: '868100000' },
      received_at: spec.at,
    },
  };
}

export function chirpstackUp(spec: UplinkSpec) {
  return {
    deduplicationId: '00000000-0000-4000-8000-000000000000',
    time: spec.at,
    deviceInfo: {
      tenantName: 'Mätnät',
      applicationId: '00000000-0000-4000-8000-000000000001',
      applicationName: 'matnat-test',
      deviceName: `enhet-${spec.eui.toLowerCase()}`,
      devEui: spec.eui.toLowerCase(),
    },
    fPort: 1,
    data: 'AQID',
    ...(spec.decoded ? { object: spec.decoded } : {}),
    rxInfo: (spec.gateways ?? []).map((g) => ({ gatewayId: g.eui.toLowerCase(), rssi: g.rssi, snr: g.snr })),
  };
}

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The captured real payloads of `/work/shared/fixtures/lorawan` (`LORAWAN_FIXTURES`), outside the
 * repository: other people's data, read where it lies. Null when the directory is not there.
 */
export function sharedFixtures(): { name: string; kind: 'ttn' | 'chirpstack'; body: unknown }[] | null {
  const dir = process.env.LORAWAN_FIXTURES ?? resolve(here, '../../../../../shared/fixtures/lorawan');
  if (!existsSync(dir)) return null;
  return (['ttn', 'chirpstack'] as const).flatMap((kind) =>
    readdirSync(join(dir, kind))
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => ({
        name: file.replace(/\.json$/, ''),
        kind,
        body: JSON.parse(readFileSync(join(dir, kind, file), 'utf8')) as unknown,
      })),
  );
}
