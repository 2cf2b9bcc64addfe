// The MQTT messages of the ingestion benches (bench:ingest, bench:publishers): The Things Stack uplinks of
// 1,000 devices, each with one temperature and one gateway (~610 bytes).
import { ttsUplink } from '../src/test/lorawan.js';

export const DEVICES = 1000;
export const MQTT_TOPIC = 'v3/bench@ttn/devices/d/up';

/** One message per device in turn, each a TTS uplink received at `base` (its ISO time appears twice). */
export function payloads(base: number): string[] {
  return Array.from({ length: DEVICES }, (_, d) =>
    JSON.stringify(
      ttsUplink({
        eui: (0x70b3d57e00000000n + BigInt(d)).toString(16).toUpperCase(),
        at: new Date(base).toISOString(),
        decoded: { temperature: 20 + (d % 10) },
        gateways: [
          {
            eui: `58A0CBFFFE80${(d % 8).toString(16).padStart(4, '0')}`.toUpperCase(),
            rssi: -80 - (d % 30),
            snr: 5,
          },
        ],
      }),
    ),
  );
}
