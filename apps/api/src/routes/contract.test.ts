import {
  Alert,
  CartResponse,
  Dashboard,
  Device,
  dataEnvelope,
  Gateway,
  LatestMeasurement,
  listEnvelope,
  MeasurementBuckets,
  Notification,
  Order,
  Panel,
  Product,
  Sensor,
  TemperatureMap,
} from '@matnat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createWorldApp, type WorldApp } from '../seed/fixture.js';
import { testDialects } from '../test/harness.js';

const dialects = await testDialects();

/** Parses strictly enough to catch a field of the wrong type or a missing one. */
function expectShape(schema: z.ZodType, body: unknown) {
  const result = schema.safeParse(body);
  expect(result.success ? [] : result.error.issues).toEqual([]);
}

describe.each(dialects)('answers match @matnat/contract (%s)', (dialect) => {
  let w: WorldApp;
  beforeAll(async () => {
    w = await createWorldApp(dialect);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('devices, sensors and gateways; the device answers carry health (issue 10)', async () => {
    const list = (await w.anna.get('/api/v1/device/?include=sensors,defaultSensor,gateways,teams')).json();
    expectShape(listEnvelope(Device), list);
    expect(list.data.filter((d: Device) => !d.health)).toEqual([]);
    const id = await w.ids.device('Klimatgivare Umeå');
    const show = (await w.anna.get(`/api/v1/device/${id}/?include=sensors,gateways,teams`)).json();
    expectShape(dataEnvelope(Device), show);
    expect(show.data.health).toMatchObject({
      expected_interval_s: expect.any(Number),
      silent: expect.any(Boolean),
    });
    expectShape(listEnvelope(Sensor), (await w.anna.get('/api/v1/sensor')).json());
    expectShape(listEnvelope(Gateway), (await w.anna.get('/api/v1/gateway')).json());
  });

  it('dashboards and panels with their nested includes', async () => {
    expectShape(
      listEnvelope(Dashboard),
      (await w.anna.get('/api/v1/dashboard?include=user,panels&sort=title')).json(),
    );
    const id = await w.ids.dashboard('Skogens temperaturer');
    const show = await w.anna.get(
      `/api/v1/dashboard/${id}/?include=panels.lineChartItems.sensor,panels.lineChartItems.device.sensors,panels.lineChartItems.device.defaultSensor,panels.singleValueItem.sensor,panels.singleValueItem.device.sensors`,
    );
    expectShape(dataEnvelope(Dashboard), show.json());
    const panel = show.json().data.panels[0].id;
    expectShape(
      dataEnvelope(Panel),
      (
        await w.anna.get(
          `/api/v1/panel/${panel}/?include=lineChartItems.device.sensors,singleValueItem,device,sensor`,
        )
      ).json(),
    );
  });

  it('alerts, notifications, products, orders, carts and the public map', async () => {
    expectShape(
      listEnvelope(Alert),
      (await w.erik.get('/api/v1/alert?include=conditionsCount,conditions,device&sort=name')).json(),
    );
    expectShape(listEnvelope(Notification), (await w.erik.get('/api/v1/notification')).json());
    const products = (await w.client().get('/api/v1/product')).json();
    expectShape(listEnvelope(Product), products);
    const order = await w.client().post('/api/v1/order', {
      name: 'Karin Berg',
      email: 'karin@example.se',
      address: 'Skolgatan 4',
      postal_code: '753 20',
      city: 'Uppsala',
      items: [{ product_id: products.data[0].id, quantity: 2 }],
    });
    expectShape(dataEnvelope(Order), order.json());
    expectShape(CartResponse, (await w.client().get('/cart/retrieve')).json());
    expectShape(TemperatureMap, (await w.client().get('/api/v1/public/temperature-map')).json());
  });

  it('issue 25: every route that answers with a body has a success answer in its response schemas', () => {
    // Those schemas are the contract's and compiled into the serializer (http/serialize.ts). The API's
    // own description (the OpenAPI document and Swagger UI's files) is not an answer of the contract.
    const describing = /^\/api\/(docs|reference)\b/;
    const bodiless = w.app.routeTable.filter(
      (r) =>
        r.method !== 'HEAD' &&
        !r.url.includes('*') &&
        !describing.test(r.url) &&
        !r.answers.some((status) => /^[23]\d\d$/.test(status)),
    );
    expect(bodiless.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('issue 25: an answer that drifts from the contract fails instead of reaching the caller', async () => {
    // A sensor type the contract does not know, written past the API: the answer cannot be shaped.
    const sensor = await w.ids.sensor('Temperaturspjut Malmö 1', 'temperature');
    await w.db
      .updateTable('sensors')
      .set({ type: 'plutonium' as never })
      .where('id', '=', sensor)
      .execute();
    try {
      const res = await w.erik.get(`/api/v1/sensor/${sensor}`);
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('plutonium');
    } finally {
      await w.db.updateTable('sensors').set({ type: 'temperature' }).where('id', '=', sensor).execute();
    }
    expect((await w.erik.get(`/api/v1/sensor/${sensor}`)).statusCode).toBe(200);
  });

  it('readings: buckets and the latest value', async () => {
    const sensor = await w.ids.sensor('Temperaturspjut Malmö 1', 'temperature');
    expectShape(
      dataEnvelope(MeasurementBuckets),
      (
        await w.erik.get(`/api/v1/sensor/${sensor}/measurements?range_slug=prev_24_h&interval_slug=1_h`)
      ).json(),
    );
    expectShape(
      dataEnvelope(LatestMeasurement),
      (await w.erik.get(`/api/v1/sensor/${sensor}/latest`)).json(),
    );
  });
});
