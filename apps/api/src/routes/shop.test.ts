import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorldApp, type WorldApp } from '../seed/fixture.js';
import { testDialects } from '../test/harness.js';

const dialects = await testDialects();

describe.each(dialects)('shop, cart and public map (%s)', (dialect) => {
  let w: WorldApp;
  beforeAll(async () => {
    w = await createWorldApp(dialect);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('spec §6 "Guest: anonymous visitors may open … productlist and product": products are guest-readable', async () => {
    const guest = w.client();
    const list = await guest.get('/api/v1/product?sort=price_ore');
    expect(list.statusCode).toBe(200);
    const products = list.json().data as { id: number; name: string; price_ore: number; currency: string }[];
    expect(products.map((p) => p.name)).toEqual(['Abonnemang', 'Temperaturspjut', 'LoRaWAN-gateway']);
    expect(products[0]).toMatchObject({ price_ore: 4900, currency: 'SEK' });
    const one = await guest.get(`/api/v1/product/${products[1]!.id}`);
    expect(one.json().data.name).toBe('Temperaturspjut');
    expect((await guest.get('/api/v1/product/99999')).statusCode).toBe(404);
  });

  it('spec §6 "Guest … may open order": a guest order is stored with the total computed from product prices and mailed', async () => {
    const products = (await w.client().get('/api/v1/product')).json().data as { id: number; slug: string }[];
    const spear = products.find((p) => p.slug === 'temperaturspjut')!;
    const gateway = products.find((p) => p.slug === 'lorawan-gateway')!;
    const guest = w.client();
    const res = await guest.post('/api/v1/order', {
      name: 'Sven Svensson',
      email: 'sven@example.se',
      address: 'Storgatan 1',
      postal_code: '90325',
      city: 'Umeå',
      items: [
        { product_id: spear.id, quantity: 3 },
        { product_id: gateway.id, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    expect(order.total_ore).toBe(3 * 149_900 + 349_900);
    expect(order.postal_code).toBe('903 25');
    expect(order.number).toMatch(/^MN-\d{6}$/);
    const rows = await w.db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute();
    expect(rows).toHaveLength(2);
    const mail = w.app.mailer.sent.find((m) => m.to === 'sven@example.se');
    expect(mail?.text).toContain(order.number);
  });

  it('order: 422 field errors for missing fields, bad postal code and unknown products; nothing stored', async () => {
    const before = await w.db.selectFrom('orders').select('id').execute();
    const res = await w.client().post('/api/v1/order', {
      name: '',
      email: 'inte-en-adress',
      address: 'Gatan 2',
      postal_code: '12',
      city: 'Lund',
      items: [{ product_id: 99_999, quantity: 1 }],
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['name', 'email', 'postal_code']));
    const unknown = await w.client().post('/api/v1/order', {
      name: 'A',
      email: 'a@example.se',
      address: 'Gatan 2',
      postal_code: '12345',
      city: 'Lund',
      items: [{ product_id: 99_999, quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors['items.0.product_id']).toBeDefined();
    expect((await w.db.selectFrom('orders').select('id').execute()).length).toBe(before.length);
  });

  it('spec §7 cart: GET /cart/retrieve answers {cart: []} when there is none; POST /cart/store keeps it for a guest session', async () => {
    const guest = w.client();
    expect((await guest.get('/cart/retrieve')).json()).toEqual({ cart: [] });
    const cart = [{ id: 1, name: 'Temperaturspjut', price_ore: 149_900 }, { id: 1 }, { id: 2 }];
    const stored = await guest.post('/cart/store', { cart });
    expect(stored.statusCode).toBe(200);
    expect((await guest.get('/cart/retrieve')).json()).toEqual({ cart });
    expect((await w.client().get('/cart/retrieve')).json()).toEqual({ cart: [] });
  });

  it('spec §7 cart: a signed-in user’s cart follows the user, not the browser', async () => {
    await w.anna.post('/cart/store', { cart: [{ id: 3 }] });
    const again = await w.loginAs('anna@matnat.se');
    expect((await again.get('/cart/retrieve')).json()).toEqual({ cart: [{ id: 3 }] });
    expect((await w.erik.get('/cart/retrieve')).json()).toEqual({ cart: [] });
    const bad = await w.anna.post('/cart/store', { cart: [{ name: 'utan id' }] });
    expect(bad.statusCode).toBe(422);
  });

  it('spec §3 "Devices without lat or lng are left out of the map’s feature collection": public temperature map for guests', async () => {
    const res = await w.client().get('/api/v1/public/temperature-map');
    expect(res.statusCode).toBe(200);
    const map = res.json();
    expect(map.type).toBe('FeatureCollection');
    expect(map.features.length).toBeGreaterThan(20);
    for (const f of map.features) {
      expect(f.geometry.type).toBe('Point');
      // A real position, in Sweden or (the NZ page's spears) New Zealand.
      const [lng, lat] = f.geometry.coordinates;
      expect(lat > 55 ? lng > 10 && lng < 25 : lat < -34 && lng > 166).toBe(true);
      expect(typeof f.properties.temperature).toBe('number');
      expect(f.properties.unit).toBe('°C');
      expect(Date.parse(f.properties.measured_at)).toBeGreaterThan(0);
    }
    const titles = map.features.map((f: { properties: { title: string } }) => f.properties.title);
    expect(titles).not.toContain('Ny enhet');
    expect(titles).not.toContain('Klimatgivare Malmö');
  });
});
