import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorldApp, type WorldApp } from '../seed/fixture.js';
import { testDialects } from '../test/harness.js';

const dialects = await testDialects();

interface MapAnswer {
  features: { id: number; properties: { title: string } }[];
}

describe.each(dialects)('issue 26 public map opt-in (%s)', (dialect) => {
  let w: WorldApp;
  beforeAll(async () => {
    w = await createWorldApp(dialect);
  });
  afterAll(async () => {
    await w?.close();
  });

  const publicIds = async () =>
    ((await w.client().get('/api/v1/public/temperature-map')).json() as MapAnswer).features.map((f) => f.id);
  const devicesOf = async (who: 'anna' | 'erik') =>
    (await w[who].get('/api/v1/device')).json().data as { id: number; title: string; is_public: boolean }[];

  it('issue 26.1: the seeded spears of a team are on the public map; a new device is off', async () => {
    const spears = (await devicesOf('anna')).filter((d) => d.title.startsWith('Temperaturspjut'));
    expect(spears.length).toBeGreaterThan(3);
    expect(spears.every((d) => d.is_public)).toBe(true);
    const created = await w.anna.post('/api/v1/device', {
      title: 'Nytt spjut',
      external_device_id: 'OPTIN-0001',
      lat: 63.1,
      lng: 17.2,
    });
    expect(created.statusCode).toBe(201);
    const device = created.json().data as { id: number; is_public: boolean };
    expect(device.is_public).toBe(false);
    await w.db
      .insertInto('sensors')
      .values({ device_id: device.id, type: 'temperature', name: 'Temperatur', unit: '°C', created_at: 'x' })
      .execute();
    expect(await publicIds()).not.toContain(device.id);
  });

  it('issue 26.1: switching it off is immediate for the public endpoint, which a browser must revalidate', async () => {
    const spear = (await devicesOf('anna')).find((d) => d.title.startsWith('Temperaturspjut'));
    if (!spear) throw new Error('anna has no spear');
    const first = await w.client().get('/api/v1/public/temperature-map');
    expect(first.headers['cache-control']).toMatch(/no-cache/);
    expect((first.json() as MapAnswer).features.map((f) => f.id)).toContain(spear.id);
    const off = await w.anna.patch(`/api/v1/device/${spear.id}`, { is_public: false });
    expect(off.statusCode).toBe(200);
    expect(await publicIds()).not.toContain(spear.id);
    await w.anna.patch(`/api/v1/device/${spear.id}`, { is_public: true });
    expect(await publicIds()).toContain(spear.id);
  });

  it("issue 26.1: opting another team's device in is refused as an unknown device, nothing written", async () => {
    const erikOnly = (await devicesOf('erik')).find((d) => !d.is_public);
    if (!erikOnly) throw new Error('erik has no private device');
    const before = await w.db
      .selectFrom('devices')
      .select(['is_public', 'updated_at'])
      .where('id', '=', erikOnly.id)
      .executeTakeFirstOrThrow();
    const res = await w.anna.patch(`/api/v1/device/${erikOnly.id}`, { is_public: true });
    const unknown = await w.anna.patch('/api/v1/device/999999', { is_public: true });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(unknown.json());
    const after = await w.db
      .selectFrom('devices')
      .select(['is_public', 'updated_at'])
      .where('id', '=', erikOnly.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(await publicIds()).not.toContain(erikOnly.id);
  });

  it('issue 26.1: a flag that is not a boolean is a 422 naming the field in Swedish', async () => {
    const spear = (await devicesOf('anna'))[0];
    const res = await w.anna.patch(`/api/v1/device/${spear?.id}`, { is_public: 'kanske' });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toContain('Visa på den publika kartan');
  });
});
