import {
  DEFAULT_EXPECTED_INTERVAL_S,
  Device,
  DeviceKeyCreated,
  IngestResult,
  Integration,
  IntegrationCreated,
  ValidationErrorBody,
} from '@matnat/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../auth/tokens.js';
import {
  createTestApp,
  type RequestOptions,
  type TestApp,
  type TestClient,
  testDialects,
} from '../test/harness.js';
import { chirpstackUp, sharedFixtures, ttsUplink } from '../test/lorawan.js';

const dialects = await testDialects();
const fixtures = sharedFixtures();
if (!fixtures) {
  const message =
    'the captured LoRaWAN payloads (/work/shared/fixtures/lorawan, LORAWAN_FIXTURES) are missing';
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`\n!!! ${message}: their tests are not run.\n`);
}

async function count(t: TestApp, table: 'measurements' | 'devices' | 'sensors'): Promise<number> {
  const row = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(t.db);
  return Number(row.rows[0]!.n);
}

/** Stored value of a device's sensor by the payload key it came from. */
async function storedValue(t: TestApp, eui: string, key: string) {
  const row = await t.db
    .selectFrom('measurements')
    .innerJoin('sensors', 'sensors.id', 'measurements.sensor_id')
    .innerJoin('devices', 'devices.id', 'sensors.device_id')
    .select(['measurements.value', 'sensors.unit', 'sensors.type'])
    .where('devices.external_device_id', '=', eui)
    .where('sensors.key', '=', key)
    .executeTakeFirst();
  return row ? { value: Number(row.value), unit: row.unit, type: row.type } : null;
}

function device(t: TestApp, eui: string) {
  return t.db.selectFrom('devices').selectAll().where('external_device_id', '=', eui).executeTakeFirst();
}

/** What each captured payload must come to (see each fixture's .source.txt). */
const EXPECTED: Record<string, { event?: string; stored: number; ignored?: boolean; eui?: string }> = {
  'ttn-v3-join-accept-docs': { stored: 0, ignored: true },
  'ttn-v3-storage-event-envelope-cayenne': { stored: 6, eui: '22D11357891CB769' },
  'ttn-v3-uplink-docs-example-locations': { stored: 2, eui: '0004A30B001C0530' },
  // TempC1 = 0: the LSN50's DS18B20 input with no probe (issue 27 point 6), not a reading.
  'ttn-v3-uplink-dragino-lsn50v2-4gw-packetbroker': { stored: 4, eui: 'A840416051871229' },
  'ttn-v3-uplink-mac-only-no-fport-3gw': { stored: 0, eui: '9876B600001193E0' },
  'chirpstack-v3-status-docs': { event: 'status', stored: 0, eui: '0202020202020202' },
  'chirpstack-v3-up-docs': { event: 'up', stored: 2, eui: '0202020202020202' },
  'chirpstack-v4-join-docs': { event: 'join', stored: 0, ignored: true },
  'chirpstack-v4-log-fcnt-retransmission': { event: 'log', stored: 0, ignored: true },
  'chirpstack-v4-status-docs': { event: 'status', stored: 0, eui: '0101010101010101' },
  'chirpstack-v4-status-external-power': { event: 'status', stored: 0, eui: '3531383150308B12' },
  'chirpstack-v4-up-docs': { event: 'up', stored: 0, eui: '0101010101010101' },
  'chirpstack-v4-up-levelstick-4gw-helium': { event: 'up', stored: 2, eui: '3531383150308B12' },
  'chirpstack-v4-up-milesight-em300-sld-2gw': { event: 'up', stored: 3, eui: '24E124136B325190' },
};

describe.each(dialects)('ingestion over HTTP (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  let secret: string;
  let integrationId: number;
  const auth = (): RequestOptions => ({ headers: { authorization: `Bearer ${secret}` }, csrf: false });
  const post = (url: string, body: unknown, options = auth()) => t.client().post(url, body, options);

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    admin = await t.loginAs('admin@matnat.se');
    const created = await admin.post('/api/v1/integration', {
      kind: 'tts',
      name: 'The Things Stack',
      team_id: t.accounts.teams.north,
    });
    expect(created.statusCode).toBe(201);
    const integration = IntegrationCreated.parse(created.json().data);
    secret = integration.secret;
    integrationId = integration.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('issue 10: an integration secret is shown once, stored as its SHA-256, listed without it, and revocable', async () => {
    expect(secret).toMatch(/^mtn_int_/);
    const row = await t.db
      .selectFrom('integrations')
      .selectAll()
      .where('id', '=', integrationId)
      .executeTakeFirst();
    expect(row?.secret_hash).toBe(sha256(secret));
    const list = await admin.get('/api/v1/integration');
    const listed = list.json().data.map((i: unknown) => Integration.parse(i));
    expect(listed.find((i: Integration) => i.id === integrationId)?.team_id).toBe(t.accounts.teams.north);
    expect(list.body).not.toContain(secret);
    const other = IntegrationCreated.parse(
      (await admin.post('/api/v1/integration', { kind: 'chirpstack', name: 'ChirpStack' })).json().data,
    );
    expect((await admin.delete(`/api/v1/integration/${other.id}`)).statusCode).toBe(200);
    const body = ttsUplink({
      eui: 'AA00000000000001',
      at: new Date().toISOString(),
      decoded: { temperature: 1 },
    });
    const refused = await post('/api/ingest/ttn', body, {
      headers: { authorization: `Bearer ${other.secret}` },
      csrf: false,
    });
    expect(refused.statusCode).toBe(401);
    expect(await device(t, 'AA00000000000001')).toBeUndefined();
    expect(
      (await admin.post('/api/v1/integration', { kind: 'lora', name: 'x', team_id: 999_999 })).json().errors,
    ).toEqual({
      kind: ['Typ av integration måste vara något av: tts, chirpstack, mqtt, http.'],
    });
    expect(
      (await admin.post('/api/v1/integration', { kind: 'http', name: 'x', team_id: 999_999 })).json(),
    ).toEqual({
      message: 'Okänt team.',
      errors: { team_id: ['Okänt team.'] },
    });
  });

  it.each(fixtures ?? [])(
    'issue 10: the captured $kind payload $name is stored as its source says',
    async (fixture) => {
      const expected = EXPECTED[fixture.name];
      expect(expected, `no expectation for ${fixture.name}`).toBeDefined();
      const before = await count(t, 'measurements');
      const url =
        fixture.kind === 'ttn'
          ? '/api/ingest/ttn'
          : `/api/ingest/chirpstack?event=${expected!.event ?? 'up'}`;
      const response = await post(url, fixture.body);
      expect(response.statusCode, response.body).toBe(200);
      const result = IngestResult.parse(response.json());
      expect(result.stored).toBe(expected!.stored);
      expect(Boolean(result.ignored)).toBe(Boolean(expected!.ignored));
      expect((await count(t, 'measurements')) - before).toBe(expected!.stored);
      if (expected!.eui) {
        const row = await device(t, expected!.eui);
        expect(row?.id).toBe(result.device_id);
        expect(row?.first_seen_at).not.toBeNull();
      }
    },
  );

  it.runIf(fixtures)(
    'issue 10: captured payloads map vendor keys, battery, external power and the best gateway',
    async () => {
      expect(await storedValue(t, 'A840416051871229', 'TempC_SHT')).toEqual({
        value: 27.9,
        unit: '°C',
        type: 'temperature',
      });
      expect(await storedValue(t, 'A840416051871229', 'Hum_SHT')).toEqual({
        value: 50.2,
        unit: '%',
        type: 'humidity',
      });
      expect(await storedValue(t, 'A840416051871229', 'BatV')).toEqual({
        value: 3.695,
        unit: 'V',
        type: 'battery',
      });
      const dragino = await device(t, 'A840416051871229');
      expect([dragino?.battery, dragino?.battery_unit, dragino?.rssi, dragino?.snr]).toEqual([
        3.695,
        'V',
        -82,
        9.8,
      ]);
      const lorix = await t.db
        .selectFrom('gateways')
        .select('id')
        .where('external_gateway_id', '=', 'FCC23DFFFE0B74E6')
        .executeTakeFirst();
      expect(dragino?.best_gateway_id).toBe(lorix?.id);
      // Packet Broker's entry names the forwarding gateway by EUI.
      expect(
        await t.db
          .selectFrom('gateways')
          .select('id')
          .where('external_gateway_id', '=', '7076FF0056050C89')
          .executeTakeFirst(),
      ).toBeDefined();
      // One reading, not one per gateway that heard it; the best of four gateways.
      const levelstick = await device(t, '3531383150308B12');
      expect([levelstick?.rssi, levelstick?.snr, levelstick?.external_power, levelstick?.battery]).toEqual([
        -106,
        3.5,
        1,
        null,
      ]);
      expect(await storedValue(t, '3531383150308B12', 'grondwatertemperatuur')).toEqual({
        value: 12.64,
        unit: '',
        type: 'other',
      });
      expect(await storedValue(t, '24E124136B325190', 'temperatuur')).toMatchObject({
        value: 19.2,
        type: 'temperature',
      });
      expect(await storedValue(t, '0202020202020202', 'temperatureSensor')).toMatchObject({ value: 25 });
      expect((await device(t, '0202020202020202'))?.battery).toBe(75.5);
      expect((await device(t, '0101010101010101'))?.battery).toBe(88.3);
      const link = await t.db
        .selectFrom('device_gateway')
        .innerJoin('gateways', 'gateways.id', 'device_gateway.gateway_id')
        .select(['device_gateway.rssi', 'device_gateway.snr', 'device_gateway.last_seen_at'])
        .where('gateways.external_gateway_id', '=', '0303030303030303')
        .executeTakeFirst();
      expect(link).toEqual({ rssi: -48, snr: 9, last_seen_at: '2019-11-08T13:59:25.048Z' });
      // The Cayenne envelope: text, lists and positions are not readings and are listed as left out.
      expect(await storedValue(t, '22D11357891CB769', 'temperature_41')).toMatchObject({
        value: 24.6,
        unit: '°C',
      });
    },
  );

  it('issue 10: an unknown device is created unassigned with its first-seen time, offered to the integration team, and its readings are kept', async () => {
    const at = '2026-03-01T10:00:00.000Z';
    const response = await post(
      '/api/ingest/chirpstack?event=up',
      chirpstackUp({ eui: 'ab-cd-00-00-00-00-00-01', at, decoded: { temperature: 4.5, mystery: 7 } }),
    );
    expect(response.json()).toEqual({ stored: 2, device_id: expect.any(Number) });
    const row = await device(t, 'ABCD000000000001');
    expect(row).toMatchObject({
      first_seen_at: at,
      offered_team_id: t.accounts.teams.north,
      integration_id: integrationId,
    });
    const unassigned = (await admin.get('/api/v1/device?filter[unassigned]=1')).json().data;
    expect(unassigned.map((d: { id: number }) => d.id)).toContain(row!.id);
    expect(await storedValue(t, 'ABCD000000000001', 'mystery')).toEqual({
      value: 7,
      unit: '',
      type: 'other',
    });
  });

  it('issue 10: device health (battery, best gateway signal, last seen) and each gateway as the device hears it are on the device answers', async () => {
    const at = new Date(Date.now() - 60_000).toISOString();
    const response = await post(
      '/api/ingest/ttn',
      ttsUplink({
        eui: 'ABCD0000000000F1',
        at,
        decoded: { temperature: 5, battery: 87 },
        gateways: [
          { eui: 'AA00000000000001', rssi: -110, snr: -4.5 },
          { eui: 'AA00000000000002', rssi: -71, snr: 9.25 },
        ],
      }),
    );
    const id = response.json().device_id;
    const show = (await admin.get(`/api/v1/device/${id}?include=gateways`)).json().data;
    const best = show.gateways.find((g: { external_gateway_id: string }) =>
      g.external_gateway_id.endsWith('02'),
    );
    expect(show.health).toEqual({
      first_seen_at: at,
      last_seen_at: at,
      battery: 87,
      battery_unit: '%',
      external_power: null,
      rssi: -71,
      snr: 9.25,
      best_gateway_id: best.id,
      expected_interval_s: DEFAULT_EXPECTED_INTERVAL_S,
      silent: false,
      simulated: false,
      alerting: false,
    });
    expect(
      show.gateways
        .map((g: { signal: unknown }) => g.signal)
        .sort((a: { rssi: number }, b: { rssi: number }) => a.rssi - b.rssi),
    ).toEqual([
      { rssi: -110, snr: -4.5, last_seen_at: at },
      { rssi: -71, snr: 9.25, last_seen_at: at },
    ]);
    const listed = (await admin.get('/api/v1/device?filter[unassigned]=1')).json().data;
    expect(listed.find((d: { id: number }) => d.id === id).health).toEqual(show.health);
    expect(Device.safeParse(show).success).toBe(true);
  });

  it('issue 9/10: a device heard longer ago than its expected interval is silent; the interval is set per device (60 s … 30 days)', async () => {
    const at = new Date(Date.now() - 2 * 3600_000).toISOString();
    const id = (
      await post('/api/ingest/ttn', ttsUplink({ eui: 'ABCD0000000000F2', at, decoded: { temperature: 1 } }))
    ).json().device_id;
    const health = async () => (await admin.get(`/api/v1/device/${id}`)).json().data.health;
    expect(await health()).toMatchObject({ last_seen_at: at, expected_interval_s: 3600, silent: true });
    const longer = await admin.patch(`/api/v1/device/${id}`, { expected_interval_s: 6 * 3600 });
    expect(longer.json().data.health).toMatchObject({ expected_interval_s: 6 * 3600, silent: false });
    for (const bad of [59, 30 * 86_400 + 1, 1.5, 'en timme']) {
      const refused = await admin.patch(`/api/v1/device/${id}`, { expected_interval_s: bad });
      expect(refused.statusCode).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(['expected_interval_s']);
    }
    expect(await health()).toMatchObject({ expected_interval_s: 6 * 3600 });
    const reset = await admin.patch(`/api/v1/device/${id}`, { expected_interval_s: null });
    expect(reset.json().data.health).toMatchObject({ expected_interval_s: 3600, silent: true });
    const never = await admin.post('/api/v1/device', { external_device_id: 'HAND-MADE-1' });
    expect(never.json().data.health).toMatchObject({
      first_seen_at: null,
      last_seen_at: null,
      silent: false,
    });
  });

  it('issue 10: devices are matched by DevEUI with case and separators normalised', async () => {
    const anna = await t.loginAs('anna@matnat.se');
    const created = await anna.post('/api/v1/device', {
      title: 'Spjut',
      external_device_id: '70-b3-d5-7e-d0-05-a1-b2',
    });
    const id = created.json().data.id;
    const response = await post(
      '/api/ingest/ttn',
      ttsUplink({ eui: '70B3D57ED005A1B2', at: new Date().toISOString(), decoded: { temperature: 3 } }),
    );
    expect(response.json().device_id).toBe(id);
  });

  it('issue 10: the same uplink delivered twice (a retry) is stored once, its rollup counts it once', async () => {
    const body = ttsUplink({
      eui: 'DD00000000000001',
      at: '2026-03-02T10:00:00Z',
      decoded: { temperature: 2.5 },
    });
    const before = await count(t, 'measurements');
    for (let i = 0; i < 3; i++) expect((await post('/api/ingest/ttn', body)).statusCode).toBe(200);
    expect((await count(t, 'measurements')) - before).toBe(1);
    const rollup = await t.db
      .selectFrom('measurement_rollups_1h')
      .innerJoin('sensors', 'sensors.id', 'measurement_rollups_1h.sensor_id')
      .innerJoin('devices', 'devices.id', 'sensors.device_id')
      .select('count')
      .where('devices.external_device_id', '=', 'DD00000000000001')
      .executeTakeFirst();
    expect(Number(rollup?.count)).toBe(1);
  });

  it('issue 10: a wrong, missing or revoked secret is 401 and stores nothing', async () => {
    const body = ttsUplink({
      eui: 'EE00000000000001',
      at: new Date().toISOString(),
      decoded: { temperature: 1 },
    });
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer nope' },
      { authorization: `Basic ${secret}` },
    ];
    for (const headers of attempts) {
      const response = await post('/api/ingest/ttn', body, { headers, csrf: false });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    }
    const wrong = await post(
      '/api/v1/ingest',
      { device: 'EE00000000000001', readings: [{ sensor: 't', value: 1 }] },
      {
        headers: { authorization: 'Bearer mtn_dev_wrong' },
        csrf: false,
      },
    );
    expect(wrong.statusCode).toBe(401);
    expect(await device(t, 'EE00000000000001')).toBeUndefined();
  });

  it('issue 10: malformed JSON is 400 and stores nothing', async () => {
    const before = await count(t, 'devices');
    const response = await post('/api/ingest/ttn', '{"end_device_ids": {"dev_eui": "FF0', {
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      csrf: false,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Förfrågan är inte giltig JSON.' });
    expect(await count(t, 'devices')).toBe(before);
  });

  it('issue 10: timestamps before 2000 or more than a day ahead are 422 and store nothing', async () => {
    const before = await count(t, 'devices');
    for (const at of ['1999-12-31T23:00:00Z', new Date(Date.now() + 3 * 86_400_000).toISOString()]) {
      const tts = await post(
        '/api/ingest/ttn',
        ttsUplink({ eui: 'FF00000000000001', at, decoded: { temperature: 1 } }),
      );
      expect(tts.statusCode).toBe(422);
      expect(ValidationErrorBody.parse(tts.json()).errors.body?.[0]).toMatch(/år 2000|dygn/);
      const cs = await post(
        '/api/ingest/chirpstack?event=up',
        chirpstackUp({ eui: 'FF00000000000001', at, decoded: { temperature: 1 } }),
      );
      expect(cs.statusCode).toBe(422);
    }
    expect(await count(t, 'devices')).toBe(before);
  });

  it('issue 10: text, booleans and out-of-range numbers in an uplink are left out and named; the rest is stored', async () => {
    const response = await post(
      '/api/ingest/ttn',
      ttsUplink({
        eui: 'FF00000000000002',
        at: new Date().toISOString(),
        decoded: { temperature: 900, humidity: 40, door: 'OPEN', alarm: true, huge: 1e300 },
      }),
    );
    expect(response.json()).toEqual({
      stored: 1,
      device_id: expect.any(Number),
      skipped: {
        temperature: 'Värdet ligger utanför det rimliga intervallet -90 till 150.',
        door: 'Texten är inget mätvärde.',
        alarm: 'Värdet är inget tal.',
        huge: 'Värdet ligger utanför det rimliga intervallet -1000000000 till 1000000000.',
      },
    });
  });

  it('issue 27 point 6: Decentlab air_humidity is humidity; identifiers and counters (device_id, protocol_version, historySeqNr, prevHistSeqNr) are no sensors; Elsys light is in lux', async () => {
    const at = new Date().toISOString();
    // Decoder outputs as the vendors document them: Decentlab DL-SHT35, Sensative Strips, Elsys ERS.
    const decentlab = {
      device_id: 4521,
      protocol_version: 2,
      air_temperature: { value: 21.37, unit: '°C' },
      air_humidity: { value: 45.2, unit: '%' },
      battery_voltage: { value: 3.05, unit: 'V' },
    };
    const sensative = {
      historySeqNr: 3012,
      prevHistSeqNr: 3011,
      humidity: { value: 38 },
      temp: { value: 22.5 },
    };
    const elsys = { temperature: 22.1, humidity: 41, light: 120, motion: 0, vdd: 3645 };
    const send = async (eui: string, decoded: Record<string, unknown>) =>
      (await post('/api/ingest/ttn', ttsUplink({ eui, at, decoded }))).json();
    const skippedKeys = (answer: { skipped?: Record<string, string> }) => Object.keys(answer.skipped ?? {});
    const notAReading = 'Identifierare eller räknare, inget mätvärde.';

    const d = await send('70B3D57BA0000FA1', decentlab);
    expect(d).toMatchObject({
      stored: 3,
      skipped: { device_id: notAReading, protocol_version: notAReading },
    });
    expect(await storedValue(t, '70B3D57BA0000FA1', 'air_humidity')).toEqual({
      value: 45.2,
      unit: '%',
      type: 'humidity',
    });
    const s = await send('70B3D57BA0000FA2', sensative);
    expect(s.stored).toBe(2);
    expect(skippedKeys(s).sort()).toEqual(['historySeqNr', 'prevHistSeqNr']);
    // A new device shows its temperature by default, whatever the order of its first payload.
    const shown = await t.db
      .selectFrom('devices')
      .innerJoin('sensors', 'sensors.id', 'devices.default_sensor_id')
      .select('sensors.key')
      .where('devices.external_device_id', '=', '70B3D57BA0000FA2')
      .executeTakeFirst();
    expect(shown?.key).toBe('temp');
    const e = await send('A81758FFFE030FA3', elsys);
    expect(e.stored).toBe(5);
    expect(await storedValue(t, 'A81758FFFE030FA3', 'light')).toEqual({
      value: 120,
      unit: 'lx',
      type: 'other',
    });
    const names = await t.db
      .selectFrom('sensors')
      .innerJoin('devices', 'devices.id', 'sensors.device_id')
      .select('sensors.key')
      .where('devices.external_device_id', 'in', ['70B3D57BA0000FA1', '70B3D57BA0000FA2'])
      .execute();
    expect(names.map((n) => n.key).filter((k) => /seq|device_id|protocol/i.test(k ?? ''))).toEqual([]);
  });

  it('issue 27 point 6: a Dragino DS18B20 input reading 0 (no probe) creates no second temperature; once the probe has sent a real value, 0 is a reading', async () => {
    const eui = 'A84041000000DA01';
    const at = (s: number) => new Date(Date.now() - 60_000 + s * 1000).toISOString();
    const dragino = (s: number, TempC1: number) =>
      post(
        '/api/ingest/ttn',
        ttsUplink({ eui, at: at(s), decoded: { TempC_SHT: 1.5, Hum_SHT: 80, TempC1 } }),
      );
    const first = (await dragino(0, 0)).json();
    expect(first).toMatchObject({
      stored: 2,
      skipped: { TempC1: 'Värdet 0 betyder att ingen givare är ansluten.' },
    });
    const temperatures = () =>
      t.db
        .selectFrom('sensors')
        .innerJoin('devices', 'devices.id', 'sensors.device_id')
        .select('sensors.key')
        .where('devices.external_device_id', '=', eui)
        .where('sensors.type', '=', 'temperature')
        .orderBy('sensors.key')
        .execute();
    expect(await temperatures()).toEqual([{ key: 'TempC_SHT' }]);
    expect((await dragino(1, 0)).json().stored).toBe(2);
    // A probe plugged in: its first real value makes the sensor; from then on its 0 °C is a reading.
    expect((await dragino(2, -0.4)).json().stored).toBe(3);
    expect((await dragino(3, 0)).json()).toMatchObject({ stored: 3 });
    expect(await temperatures()).toEqual([{ key: 'TempC1' }, { key: 'TempC_SHT' }]);
    expect(await storedValue(t, eui, 'TempC1')).toMatchObject({ unit: '°C', type: 'temperature' });
    const probe = await t.db
      .selectFrom('measurements')
      .innerJoin('sensors', 'sensors.id', 'measurements.sensor_id')
      .innerJoin('devices', 'devices.id', 'sensors.device_id')
      .select('measurements.value')
      .where('devices.external_device_id', '=', eui)
      .where('sensors.key', '=', 'TempC1')
      .orderBy('measurements.ts')
      .execute();
    expect(probe.map((p) => Number(p.value))).toEqual([-0.4, 0]);
  });

  it('issue 10: ChirpStack without ?event= is 422; a body that is no uplink is 422', async () => {
    const missing = await post(
      '/api/ingest/chirpstack',
      chirpstackUp({ eui: 'FF00000000000003', at: new Date().toISOString() }),
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.event).toEqual([
      'Parametern event måste anges (up, status, join, ack, txack, log, location …).',
    ]);
    const notAnUplink = await post('/api/ingest/ttn', { hello: 'world' });
    expect(notAnUplink.statusCode).toBe(422);
    expect(notAnUplink.json()).toEqual({
      message: 'Fältet end_device_ids saknas.',
      errors: { end_device_ids: ['Fältet end_device_ids saknas.'] },
    });
  });

  describe('POST /api/v1/ingest with a device key', () => {
    let key: string;
    let deviceId: number;
    let anna: TestClient;
    beforeAll(async () => {
      anna = await t.loginAs('anna@matnat.se');
      deviceId = (
        await anna.post('/api/v1/device', { title: 'Nyckelenhet', external_device_id: 'key-device-1' })
      ).json().data.id;
      const created = await anna.post(`/api/v1/device/${deviceId}/key`, { name: 'Fältnod' });
      expect(created.statusCode).toBe(201);
      key = DeviceKeyCreated.parse(created.json().data).key;
    });
    const send = (body: unknown, k = key) =>
      post('/api/v1/ingest', body, { headers: { authorization: `Bearer ${k}` }, csrf: false });

    it('issue 10: a batch of {sensor, ts, value} with ts as ISO 8601 or epoch ms is stored; the key is kept hashed', async () => {
      const response = await send({
        readings: [
          { sensor: 'temperature', ts: '2026-03-03T10:00:00Z', value: 4.25 },
          { sensor: 'temperature', ts: Date.UTC(2026, 2, 3, 10, 15), value: 4.5 },
          { sensor: 'battery', value: 97 },
        ],
      });
      expect(response.statusCode).toBe(200);
      expect(IngestResult.parse(response.json())).toEqual({ stored: 3, device_id: deviceId });
      expect(await storedValue(t, 'key-device-1', 'battery')).toEqual({
        value: 97,
        unit: '%',
        type: 'battery',
      });
      const rows = await t.db.selectFrom('device_keys').select('key_hash').execute();
      expect(rows.map((r) => r.key_hash)).toContain(sha256(key));
      expect(JSON.stringify(rows)).not.toContain(key);
      const listed = await anna.get(`/api/v1/device/${deviceId}/key`);
      expect(listed.json().data).toHaveLength(1);
      expect(listed.body).not.toContain(key);
    });

    it('issue 10: out-of-range values, bad times and a batch over the limit are 422 and store nothing of the batch', async () => {
      const before = await count(t, 'measurements');
      const bad = await send({
        readings: [
          { sensor: 'temperature', value: 5 },
          { sensor: 'humidity', value: 140 },
          { sensor: 'temperature', value: 1, ts: '1970-01-02T00:00:00Z' },
        ],
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({
        'readings.2.ts': ['Tidpunkt får inte ligga före år 2000.'],
      });
      const range = await send({
        readings: [
          { sensor: 'temperature', value: 5 },
          { sensor: 'humidity', value: 140 },
        ],
      });
      expect(range.json().errors).toEqual({
        'readings.1.value': ['Värdet ligger utanför det rimliga intervallet 0 till 100.'],
      });
      const nan = await send({
        readings: [
          { sensor: 'temperature', value: 'NaN' },
          { sensor: 'x', value: null },
        ],
      });
      expect(nan.json().errors).toEqual({
        'readings.0.value': ['Värde måste vara ett tal.'],
        'readings.1.value': ['Värde måste anges.'],
      });
      const tooMany = await send({
        readings: Array.from({ length: 1001 }, (_, i) => ({ sensor: 't', value: i })),
      });
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json().errors).toEqual({ readings: ['Mätvärden får innehålla högst 1000 poster.'] });
      expect(await count(t, 'measurements')).toBe(before);
    });

    it('issue 10: a body over the size limit is 413 and stores nothing', async () => {
      const before = await count(t, 'measurements');
      const huge = await send({ readings: [{ sensor: 'x'.repeat(2_000_000), value: 1 }] });
      expect(huge.statusCode).toBe(413);
      expect(await count(t, 'measurements')).toBe(before);
    });

    it('issue 10: a key sends for its own device only; revoked it is 401; others cannot see or revoke it', async () => {
      expect((await send({ device: 'someone-else', readings: [{ sensor: 't', value: 1 }] })).json()).toEqual({
        message: 'Nyckeln hör till en annan enhet.',
        errors: { device: ['Nyckeln hör till en annan enhet.'] },
      });
      const erik = await t.loginAs('erik@matnat.se');
      const keyId = (await anna.get(`/api/v1/device/${deviceId}/key`)).json().data[0].id;
      expect((await erik.get(`/api/v1/device/${deviceId}/key`)).statusCode).toBe(404);
      expect((await erik.delete(`/api/v1/device/${deviceId}/key/${keyId}`)).statusCode).toBe(404);
      expect((await anna.delete(`/api/v1/device/${deviceId}/key/${keyId}`)).statusCode).toBe(200);
      expect((await send({ readings: [{ sensor: 't', value: 1 }] })).statusCode).toBe(401);
    });

    it('issue 10: with an integration secret the body names the device, which is created when unknown', async () => {
      const missing = await post('/api/v1/ingest', { readings: [{ sensor: 't', value: 1 }] });
      expect(missing.json().errors).toEqual({
        device: ['Enhet måste anges när en integrationsnyckel används.'],
      });
      const response = await post('/api/v1/ingest', {
        device: 'http-node-7',
        readings: [{ sensor: 'co2', value: 612 }],
      });
      expect(response.json()).toEqual({ stored: 1, device_id: expect.any(Number) });
      expect(await storedValue(t, 'http-node-7', 'co2')).toEqual({ value: 612, unit: 'ppm', type: 'co2' });
    });
  });

  it('issue 10: device health writes do not invalidate cached dashboard reads (read_version)', async () => {
    const version = async () =>
      Number((await t.db.selectFrom('read_version').select('version').executeTakeFirstOrThrow()).version);
    const body = (at: string) =>
      ttsUplink({
        eui: 'CC00000000000001',
        at,
        decoded: { temperature: 1 },
        gateways: [{ eui: 'CC000000000000FF', rssi: -70, snr: 5 }],
      });
    await post('/api/ingest/ttn', body('2026-03-04T10:00:00Z'));
    const before = await version();
    const status = {
      ...chirpstackUp({ eui: 'CC00000000000001', at: '2026-03-04T10:10:00Z' }),
      batteryLevel: 42,
    };
    expect((await post('/api/ingest/chirpstack?event=status', status)).statusCode).toBe(200);
    expect(await version()).toBe(before);
    const row = await device(t, 'CC00000000000001');
    expect([row?.last_seen_at, row?.battery, row?.battery_unit, row?.rssi]).toEqual([
      '2026-03-04T10:10:00.000Z',
      42,
      '%',
      -70,
    ]);
  });
});
