import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownSensorsItem } from './ingest/writer.js';
import { createWorldApp, type WorldApp } from './seed/fixture.js';
import { DEMO_INGEST_SECRET } from './seed/integration.js';
import { startSimulator } from './simulator.js';
import { testDialects } from './test/harness.js';
import { ttsUplink } from './test/lorawan.js';

const dialects = await testDialects();

describe.each(dialects)(
  'issue 27 point 1: the simulator writes only to the demo devices it owns (%s)',
  (dialect) => {
    let w: WorldApp;
    const auth = { authorization: `Bearer ${DEMO_INGEST_SECRET}` };
    const measurements = (deviceId: number) =>
      w.db
        .selectFrom('measurements')
        .innerJoin('sensors', 'sensors.id', 'measurements.sensor_id')
        .select(['measurements.ts', 'measurements.value'])
        .where('sensors.device_id', '=', deviceId)
        .orderBy('measurements.ts')
        .execute();
    const simulatedOf = async (deviceId: number) =>
      (await w.admin.get(`/api/v1/device/${deviceId}`)).json().data.health.simulated as boolean;
    /** Runs the simulator for `rounds` rounds, a minute of its clock apart, after the last real reading. */
    const simulate = async (rounds: number) => {
      let clock = Date.now() + 60_000;
      let done = 0;
      const stop = startSimulator(w.db, w.app.ingest.queue, {
        intervalMs: 10,
        now: () => {
          done++;
          clock += 60_000;
          return clock;
        },
      });
      while (done < rounds + 1) await new Promise((r) => setTimeout(r, 10));
      await stop();
      await w.app.ingest.queue.idle();
    };

    beforeAll(async () => {
      w = await createWorldApp(dialect);
    });
    afterAll(async () => {
      await w?.close();
    });

    it('a device created by a TTS uplink and a demo device that received a real reading get nothing they did not send; the other demo devices go on', async () => {
      const uplink = await w.app.inject({
        method: 'POST',
        url: '/api/ingest/ttn',
        headers: auth,
        payload: ttsUplink({
          eui: '70B3D57ED0052701',
          at: new Date().toISOString(),
          decoded: { temperature: 4.5 },
        }),
      });
      expect(uplink.statusCode).toBe(200);
      const created = uplink.json().device_id as number;
      const demo = await w.ids.device('Temperaturspjut Abisko 1');
      const other = await w.ids.device('Temperaturspjut Kiruna 1');
      expect(await simulatedOf(demo)).toBe(true);
      const { external_device_id } = await w.db
        .selectFrom('devices')
        .select('external_device_id')
        .where('id', '=', demo)
        .executeTakeFirstOrThrow();
      const real = await w.app.inject({
        method: 'POST',
        url: '/api/v1/ingest',
        headers: auth,
        payload: { device: external_device_id, readings: [{ sensor: 'temperature', value: -3.25 }] },
      });
      expect(real.json()).toMatchObject({ stored: 1, device_id: demo });
      const otherBefore = (await measurements(other)).length;
      const demoBefore = await measurements(demo);

      await simulate(3);

      expect((await measurements(created)).map((m) => Number(m.value))).toEqual([4.5]);
      expect(await measurements(demo)).toEqual(demoBefore);
      expect((await measurements(other)).length).toBeGreaterThanOrEqual(otherBefore + 3 * 2);
      // The device page's answer says whose data is simulated.
      expect(await simulatedOf(demo)).toBe(false);
      expect(await simulatedOf(created)).toBe(false);
      expect(await simulatedOf(other)).toBe(true);
    });

    it('a simulated round racing a real reading in one transaction: the real reading ends the simulation and the simulated one is dropped', async () => {
      const device = await w.ids.device('Temperaturspjut Kiruna 2');
      const sensor = await w.ids.sensor('Temperaturspjut Kiruna 2', 'temperature');
      const ts = Date.now() + 10 * 86_400_000; // after every other test's readings
      // Both in one turn of the event loop: one group commit.
      const simulated = w.app.ingest.queue.enqueue(
        knownSensorsItem(device, [{ sensor_id: sensor, ts: ts + 1, value: -19.28 }], { simulated: true }),
      );
      const real = w.app.ingest.queue.enqueue(
        knownSensorsItem(device, [{ sensor_id: sensor, ts, value: 1.5 }]),
      );
      expect(await real).toMatchObject({ stored: 1 });
      expect(await simulated).toMatchObject({ stored: 0 });
      const stored = await w.db
        .selectFrom('measurements')
        .select('value')
        .where('sensor_id', '=', sensor)
        .where('ts', '>=', ts)
        .execute();
      expect(stored.map((m) => Number(m.value))).toEqual([1.5]);
    });
  },
);
