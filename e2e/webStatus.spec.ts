// Issue 21, "status everywhere": device health from the readings devices send (the seeded ones too), the
// device list's columns and filters, the map's markers coloured by state with a legend, the fleet overview
// and the bell's relative times, on the real server (SQLite) in real Chromium at 375 and 1280 px.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiCall, expectAccessible, localTiles, screenshots, signedIn, web } from './webPages';

type Health = {
  battery: number | null;
  battery_unit: string | null;
  last_seen_at: string | null;
  silent: boolean;
  alerting: boolean;
  expected_interval_s: number;
};
type ApiDevice = {
  id: number;
  title: string | null;
  external_device_id: string;
  lat: number | null;
  health: Health;
  sensors: { id: number; type: string; name: string }[];
};

/** The contract's LOW_BATTERY rule: 20 % or 3.0 V, never on external power. */
const lowBattery = ({ health: h }: ApiDevice) =>
  h.battery !== null && h.battery <= (h.battery_unit === 'V' ? 3.0 : h.battery_unit === '%' ? 20 : -1);

const devices = async (page: Page) =>
  (await apiCall<{ data: ApiDevice[] }>(page, 'GET', '/api/v1/device?include=sensors')).data;

/** Readings into the demo integration (docs/ingestion.md), as a device's network server would post them. */
async function ingest(externalId: string, readings: { sensor: string; value: number; ts?: string }[]) {
  const answer = await fetch(`${web()}/api/v1/ingest`, {
    method: 'POST',
    headers: { authorization: 'Bearer mtn_demo_ingest_key', 'content-type': 'application/json' },
    body: JSON.stringify({ device: externalId, readings }),
  });
  expect(answer.status).toBe(200);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('issue 21: a seeded device shows the battery its own battery sensor reads, with signal and last seen, on its page and in the list', async ({
  page,
}) => {
  await localTiles(page);
  await signedIn(page, 'anna@matnat.se');
  const all = await devices(page);
  const device = all.find((d) => d.title === 'Klimatgivare Åre') as ApiDevice;
  const battery = device.sensors.find((s) => s.type === 'battery') as { id: number };
  const latest = await apiCall<{ data: { value: number } }>(
    page,
    'GET',
    `/api/v1/sensor/${battery.id}/latest`,
  );
  const percent = `${latest.data.value.toLocaleString('sv-SE', { maximumFractionDigits: 1 })} %`;
  expect(device.health.battery).toBe(latest.data.value);

  await page.goto(`${web()}/device/${device.id}`);
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.getByRole('definition').nth(1)).toHaveText(new RegExp(`^${percent}`));
  await expect(status).toContainText('RSSI');
  await expect(status).toContainText(/för \d+ minut(er)? sedan|nyss/);
  await expect(status.locator('[data-state]')).toHaveText(/OK|Larm|Tyst/);

  await page.goto(`${web()}/device`);
  const row = page.getByRole('table', { name: 'Mätenheter' }).locator(`tr[data-device-id="${device.id}"]`);
  await expect(row.getByRole('cell').nth(2)).toHaveText(new RegExp(`^${percent}`));
  await expect(row.getByRole('cell').nth(3)).toContainText('RSSI');
  await page.setViewportSize({ width: 375, height: 900 });
  const card = page
    .getByRole('list', { name: 'Mätenheter' })
    .getByRole('listitem')
    .filter({ hasText: 'Klimatgivare Åre' });
  await expect(card).toContainText(percent);
  await expectAccessible(page);
});

test('issue 21: the fleet overview counts online, silent, alarms and low batteries, each a link to the filtered list', async ({
  page,
}) => {
  await signedIn(page, 'anna@matnat.se');
  // A silent device of anna's team: heard once, ten minutes ago, expected every minute.
  const silent = await apiCall<{ data: ApiDevice }>(page, 'POST', '/api/v1/device', {
    title: 'Tyst givare E2E',
    external_device_id: 'e2e-silent-1',
    lat: 64.1,
    lng: 19.5,
    expected_interval_s: 60,
  });
  await ingest('e2e-silent-1', [
    { sensor: 'temperature', value: 3.5, ts: new Date(Date.now() - 10 * 60_000).toISOString() },
  ]);
  await page.goto(`${web()}/dashboard`);
  const overview = page.getByRole('region', { name: 'Översikt' });
  const tile = (name: string) => overview.getByRole('link', { name: new RegExp(`^${name}`) });
  await expect(tile('Tysta')).toContainText(/[1-9]/);
  await expectAccessible(page);
  await screenshots(page, 'fleet-overview');

  const all = await devices(page);
  const now = Date.now();
  const heard = (d: ApiDevice) =>
    d.health.last_seen_at !== null &&
    now - Date.parse(d.health.last_seen_at) <= d.health.expected_interval_s * 1000;
  const expected = {
    Online: all.filter(heard).length,
    Tysta: all.filter((d) => !d.health.alerting && d.health.silent).length,
    'Lågt batteri': all.filter(lowBattery).length,
  };
  expect(expected.Tysta).toBeGreaterThan(0);
  for (const [name, count] of Object.entries(expected)) {
    await expect(tile(name).locator('span').nth(1)).toHaveText(String(count));
    await tile(name).click();
    await expect(page).toHaveURL(/\/device\?filter=/);
    await expect(page.getByRole('table', { name: 'Mätenheter' }).locator('tbody tr')).toHaveCount(count);
    await expect(
      page.getByRole('navigation', { name: 'Filtrera mätenheter' }).locator('[aria-current="page"]'),
    ).toContainText(name === 'Tysta' ? 'Tyst' : name);
    await page.goBack();
  }
  const firing = (
    await apiCall<{ data: { state?: string; is_enabled: boolean }[] }>(page, 'GET', '/api/v1/alert')
  ).data.filter((a) => a.is_enabled && a.state === 'firing').length;
  await expect(tile('Larmande notiser').locator('span').nth(1)).toHaveText(String(firing));
  await tile('Larmande notiser').click();
  await expect(page).toHaveURL(`${web()}/alert?filter=firing`);
  await expect(page.getByRole('list', { name: 'Notiser' }).getByRole('listitem')).toHaveCount(firing);

  await page.goto(`${web()}/device?filter=silent`);
  await expect(page.getByRole('table', { name: 'Mätenheter' })).toContainText('Tyst givare E2E');
  await expectAccessible(page);
  await screenshots(page, 'device-index-silent');
  await apiCall(page, 'DELETE', `/api/v1/device/${silent.data.id}`);
});

test('issue 21: map markers are coloured by state (OK, tyst, larm) with a legend counting them; Leaflet speaks Swedish; the bell item has its age', async ({
  page,
}) => {
  await localTiles(page);
  await signedIn(page, 'anna@matnat.se');
  // A device in alarm: an alert on its temperature, a reading over it through ingestion.
  const created = await apiCall<{ data: ApiDevice }>(page, 'POST', '/api/v1/device', {
    title: 'Larmgivare E2E',
    external_device_id: 'e2e-alarm-1',
    lat: 62.5,
    lng: 16.5,
  });
  await ingest('e2e-alarm-1', [{ sensor: 'temperature', value: 4 }]);
  const sensor = (await devices(page)).find((d) => d.id === created.data.id)?.sensors[0] as { id: number };
  const alert = await apiCall<{ data: { id: number } }>(page, 'POST', '/api/v1/alert', {
    name: 'E2E larm på kartan',
    conditions: [{ sensor_id: sensor.id, operator: '>', threshold: 30 }],
  });
  await ingest('e2e-alarm-1', [{ sensor: 'temperature', value: 35 }]);
  await expect
    .poll(async () => (await devices(page)).find((d) => d.id === created.data.id)?.health.alerting)
    .toBe(true);

  await page.goto(`${web()}/map`);
  const all = (await devices(page)).filter((d) => d.lat !== null);
  const markers = page.locator('.matnat-device-marker');
  await expect(markers).toHaveCount(all.length);
  const alarms = all.filter((d) => d.health.alerting).length;
  await expect(page.locator('.matnat-device-marker.matnat-state--alarm')).toHaveCount(alarms);
  // The alarm marker is drawn red (the kit's --matnat-danger), the others not.
  const fills = await markers.evaluateAll((paths) => paths.map((p) => getComputedStyle(p).fill));
  expect(fills.filter((f) => f === 'rgb(220, 38, 38)')).toHaveLength(alarms);
  const legend = page.getByRole('figure', { name: 'Status' });
  await expect(legend.locator('li[data-state="alarm"]')).toHaveText(`Larm ${alarms}`);
  await expect(legend.locator('li[data-state="ok"]')).toHaveText(/^OK \d+$/);

  // Leaflet's own texts in Swedish: the zoom buttons and the attribution.
  await expect(page.getByRole('button', { name: 'Zooma in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zooma ut' })).toBeVisible();
  await expect(page.locator('.leaflet-control-attribution')).toContainText('OpenStreetMap-bidragsgivare');
  await expect(page.locator('.leaflet-control-attribution a').first()).toHaveAttribute(
    'title',
    'Ett JavaScript-bibliotek för interaktiva kartor',
  );
  await expectAccessible(page);
  await screenshots(page, 'map-states', { fullPage: false });

  await page.locator('.matnat-device-marker.matnat-state--alarm').first().click({ force: true });
  await expect(page.locator('.matnat-popup__state')).toHaveText('Status: Larm');
  await expect(page.locator('.leaflet-popup-close-button')).toHaveAttribute('aria-label', 'Stäng');

  // The bell's item of that alert says how long ago it came.
  await page.getByRole('button', { name: /notifikation/i }).click();
  const item = page.getByRole('menuitem', { name: /E2E larm på kartan/ }).first();
  await expect(item.locator('time')).toHaveText(/^(nyss|för \d+ minut(er)? sedan)$/);
  expect(Date.now() - Date.parse((await item.locator('time').getAttribute('datetime')) ?? '')).toBeLessThan(
    10 * 60_000,
  );
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  await apiCall(page, 'DELETE', `/api/v1/alert/${alert.data.id}`);
  await apiCall(page, 'DELETE', `/api/v1/device/${created.data.id}`);
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** After the map's first fit, none of `marks` in view lies under `legend`, nor any of `controls`. */
async function expectClearOfLegend(
  page: Page,
  legend: Locator,
  marks: Locator,
  controls: string[],
  where: string,
) {
  await page.waitForTimeout(500);
  const legendBox = (await legend.boundingBox())!;
  const mapBox = (await page.locator('.matnat-map__canvas').boundingBox())!;
  const boxes = await marks.evaluateAll((paths) =>
    paths.map((p) => {
      const r = p.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
  const inView = boxes.filter((b) => overlaps(b, mapBox));
  expect(inView.length, where).toBeGreaterThan(0);
  expect(
    inView.filter((b) => overlaps(b, legendBox)),
    `markers under the legend on ${where}`,
  ).toEqual([]);
  for (const control of controls) {
    const box = (await page.locator(control).first().boundingBox())!;
    expect(overlaps(box, legendBox), `the legend covers ${control} on ${where}`).toBe(false);
  }
}

for (const width of [375, 1280])
  test(`issue 21 point 6 at ${width} px: /map colours each marker as its state in the legend, which covers no marker and no control`, async ({
    page,
  }) => {
    await localTiles(page);
    await page.setViewportSize({ width, height: 800 });
    await signedIn(page, 'anna@matnat.se');
    await page.goto(`${web()}/map`);
    const placed = (await devices(page)).filter((d) => d.lat !== null).length;
    const markers = page.locator('.matnat-device-marker');
    await expect(markers).toHaveCount(placed);
    const legend = page.getByRole('figure', { name: 'Status' });
    await expect(legend).toBeVisible();
    // Each state's markers are filled with its legend dot's colour, and the legend counts them.
    for (const state of ['ok', 'silent', 'alarm', 'unheard']) {
      const item = legend.locator(`li[data-state="${state}"]`);
      const dot = await item
        .locator('.matnat-legend__dot')
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      const ofState = page.locator(`.matnat-device-marker.matnat-state--${state}`);
      const fills = await ofState.evaluateAll((paths) => paths.map((p) => getComputedStyle(p).fill));
      expect(new Set(fills).size <= 1 && (fills[0] ?? dot) === dot, `${state} markers are ${dot}`).toBe(true);
      await expect(item.locator('.matnat-legend__count')).toHaveText(String(fills.length));
    }
    // After the map's first fit, no marker in view lies under the legend, nor any control.
    await expectClearOfLegend(
      page,
      legend,
      markers,
      ['.leaflet-control-zoom', '.leaflet-control-attribution', '.matnat-map__toggle'],
      '/map',
    );
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/screenshots/web-map-states-legend-${width}.png` });
  });

for (const width of [375, 1280])
  test(`issue 21 point 6 at ${width} px: the public map's colour-scale legend covers no spear and no control (Sverige, Nya Zeeland)`, async ({
    page,
  }) => {
    await localTiles(page);
    await page.setViewportSize({ width, height: 800 });
    for (const [path, name] of [
      ['/temperaturspjut', 'sweden'],
      ['/temperaturspjut/nz', 'nz'],
    ]) {
      await page.goto(`${web()}${path}`);
      const spears = page.locator('path.matnat-temperature-marker');
      await expect(spears.first()).toBeVisible();
      const legend = page.getByRole('figure', { name: 'Temperatur (°C)' });
      await expect(legend).toBeVisible();
      await expectClearOfLegend(
        page,
        legend,
        spears,
        ['.leaflet-control-zoom', '.leaflet-control-attribution'],
        path,
      );
      await page.screenshot({ path: `test-results/screenshots/web-public-map-legend-${name}-${width}.png` });
    }
  });
