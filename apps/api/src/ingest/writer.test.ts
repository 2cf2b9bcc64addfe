import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialects } from '../test/harness.js';
import { DEFAULT_SENSOR_KEYS } from './sensorKeys.js';
import type { IngestItem } from './writer.js';

const dialects = await testDialects();

describe.each(dialects)('the batch writer (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, accounts: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("issue 10/27: a device's health from one batch is its newest item's, keeping the battery and gateways an item of the batch brought when the newest has none", async () => {
    const at = Date.now() - 3_600_000;
    const item = (
      ts: number,
      battery: number | null,
      gateways: { id: string; rssi: number; snr: number }[],
    ): IngestItem => ({
      device: { eui: 'BA7C400000000001', name: null },
      integration: null,
      ts,
      readings: [{ key: 'temperature', rule: DEFAULT_SENSOR_KEYS.temperature!, value: 20, ts }],
      battery: battery === null ? null : { value: battery, unit: '%' },
      externalPower: null,
      gateways,
      simulated: false,
    });
    // Enqueued in one turn: one transaction. The newest (at + 3000) has no battery and no gateway; the
    // battery and gateway of the item before it stay, not those of the oldest item, which comes last.
    const results = await Promise.all(
      [
        item(at + 2000, 80, [{ id: 'BA7C4000000000A1', rssi: -90, snr: 4 }]),
        item(at + 3000, null, []),
        item(at + 1000, 70, [{ id: 'BA7C4000000000A2', rssi: -60, snr: 9 }]),
      ].map((i) => t.app.ingest.queue.enqueue(i)),
    );
    expect(results.map((r) => r.stored)).toEqual([1, 1, 1]);
    const device = await t.db
      .selectFrom('devices')
      .leftJoin('gateways', 'gateways.id', 'devices.best_gateway_id')
      .select([
        'devices.last_seen_at',
        'devices.battery',
        'devices.rssi',
        'devices.snr',
        'gateways.external_gateway_id as best',
      ])
      .where('external_device_id', '=', 'BA7C400000000001')
      .executeTakeFirstOrThrow();
    expect({
      ...device,
      last_seen_at: new Date(String(device.last_seen_at)).toISOString(),
      battery: Number(device.battery),
      rssi: Number(device.rssi),
      snr: Number(device.snr),
    }).toEqual({
      last_seen_at: new Date(at + 3000).toISOString(),
      battery: 80,
      rssi: -90,
      snr: 4,
      best: 'BA7C4000000000A1',
    });
  });
});
