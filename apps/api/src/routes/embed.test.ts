import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorldApp, type WorldApp } from '../seed/fixture.js';
import { testDialects } from '../test/harness.js';

const dialects = await testDialects();

describe.each(dialects)('embed tokens on panels, devices and readings (%s)', (dialect) => {
  let w: WorldApp;
  let panel: { id: number; lineChartItems: { sensor_id: number; device_id: number }[] };
  let otherPanel: number;
  let token: string;
  const origin = 'https://partner.example';
  const bearer = (extra: Record<string, string> = {}) => ({
    headers: { authorization: `Bearer ${token}`, origin, ...extra },
  });

  beforeAll(async () => {
    w = await createWorldApp(dialect);
    const dashboard = await w.ids.dashboard('Skogens temperaturer');
    const board = (await w.anna.get(`/api/v1/dashboard/${dashboard}?include=panels.lineChartItems`)).json()
      .data;
    panel = board.panels.find((p: { type: string }) => p.type === 'line_chart');
    otherPanel = board.panels.find((p: { id: number; type: string }) => p.id !== panel.id).id;
    const created = await w.anna.post('/api/v1/embed-token', {
      name: 'Partnersida',
      scopes: [`panel:${panel.id}`, `device:${await w.ids.device('Temperaturspjut Luleå 1')}`],
      allowed_origins: [origin],
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(created.statusCode).toBe(201);
    token = created.json().data.token;
  });
  afterAll(async () => {
    await w?.close();
  });

  it('DESIGN §2 embed tokens: a token naming a panel reads that panel and its sensors’ readings', async () => {
    const guest = w.client();
    const res = await guest.get(`/api/v1/panel/${panel.id}?include=lineChartItems.sensor`, bearer());
    expect(res.statusCode).toBe(200);
    expect(res.json().data.lineChartItems).toHaveLength(3);
    const sensor = panel.lineChartItems[0]!.sensor_id;
    expect(
      (await guest.get(`/api/v1/sensor/${sensor}/measurements?range_slug=prev_24_h`, bearer())).statusCode,
    ).toBe(200);
    expect((await guest.get(`/api/v1/sensor/${sensor}/latest`, bearer())).statusCode).toBe(200);
  });

  it('DESIGN §2 embed tokens: anything the token does not name is 404; writes are refused', async () => {
    const guest = w.client();
    expect((await guest.get(`/api/v1/panel/${otherPanel}`, bearer())).statusCode).toBe(404);
    const abiskoBattery = await w.ids.sensor('Temperaturspjut Abisko 1', 'battery');
    expect((await guest.get(`/api/v1/sensor/${abiskoBattery}/latest`, bearer())).statusCode).toBe(404);
    expect(
      (await guest.get(`/api/v1/dashboard/${await w.ids.dashboard('Skogens temperaturer')}`, bearer()))
        .statusCode,
    ).toBe(401);
    expect((await guest.request('DELETE', `/api/v1/panel/${panel.id}`, undefined, bearer())).statusCode).toBe(
      403,
    );
  });

  it('DESIGN §2 embed tokens: a token naming a device reads the device and its sensors’ readings', async () => {
    const guest = w.client();
    const lulea = await w.ids.device('Temperaturspjut Luleå 1');
    const res = await guest.get(`/api/v1/device/${lulea}?include=sensors`, bearer());
    expect(res.statusCode).toBe(200);
    const battery = (res.json().data.sensors as { id: number; type: string }[]).find(
      (s) => s.type === 'battery',
    )!;
    expect((await guest.get(`/api/v1/sensor/${battery.id}/latest`, bearer())).statusCode).toBe(200);
    expect(
      (await guest.get(`/api/v1/device/${await w.ids.device('Temperaturspjut Umeå 1')}`, bearer()))
        .statusCode,
    ).toBe(404);
  });
});
