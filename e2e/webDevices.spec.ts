// The reference app's device screens (issue 9): device.index, device.show, device.edit, on the real server
// (SQLite). Tiles come from the local tile server (the app keeps OpenStreetMap's URL).
import { expect, test } from '@playwright/test';
import { apiCall, expectAccessible, localTiles, screenshots, signedIn, web } from './webPages';

type ApiDevice = {
  id: number;
  title: string | null;
  external_device_id: string;
  lat: number | null;
  lng: number | null;
};

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

test("device.index: anna's devices sorted by title with state, latest reading, battery, signal and last seen as columns; the search narrows by name or id", async ({
  page,
}) => {
  await localTiles(page);
  await signedIn(page, 'anna@matnat.se');
  await page.getByRole('navigation').getByRole('link', { name: 'Mätenheter' }).first().click();
  await expect(page).toHaveURL(`${web()}/device`);
  // Issue 21: from 768 px a table, a column per fact (cards on a phone: webStatus.spec.ts).
  const table = page.getByRole('table', { name: 'Mätenheter' });
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const names = await rows.getByRole('link').allTextContents();
  expect(names).toEqual([...names].sort(new Intl.Collator('sv', { numeric: true }).compare));
  await expect(table.getByRole('columnheader')).toHaveText([
    'Mätenhet',
    'Status',
    'Senaste mätvärde',
    'Batteri',
    'Signal',
    'Senast hörd',
    'Publika kartan',
  ]);
  await expect(rows.first().getByText(/°C|%/).first()).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'device-index');

  await page.getByLabel('Sök på namn eller enhets-id').fill('abisko');
  await expect(rows).not.toHaveCount(names.length);
  for (const name of await rows.getByRole('link').allTextContents())
    expect(name.toLowerCase()).toContain('abisko');
  await page.getByLabel('Sök på namn eller enhets-id').fill('finns-inte-alls');
  await expect(page.getByText('Ingen mätenhet matchar sökningen.')).toBeVisible();
});

test("device.show: sensors with latest values and a chart each; the route's time filter survives a reload; erik's device by URL is the 404 page", async ({
  page,
  browser,
}) => {
  await localTiles(page);
  await signedIn(page, 'anna@matnat.se');
  const devices = await apiCall<{ data: ApiDevice[] }>(page, 'GET', '/api/v1/device');
  const device = devices.data.find((d) => d.lat !== null) as ApiDevice;
  await page.goto(`${web()}/device/${device.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(device.title ?? device.external_device_id);
  // Issue 21 point 7: the tab names the device.
  await expect(page).toHaveTitle(`${device.title ?? device.external_device_id} · Mätnät`);
  await expect(page.getByRole('heading', { name: 'Sensorer' })).toBeVisible();
  await expect(page.locator('.matnat-line-chart-panel canvas').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Gateways' })).toBeVisible();
  await expect(page.locator('.matnat-device-marker')).toHaveCount(1);
  // Issue 21 point 4: the compact time picker, its panel inside the window beside the header's right edge.
  const picker = page.getByRole('button', { name: /^Tidsperiod:/ });
  await picker.click();
  const panel = page.getByRole('dialog', { name: 'Tidsperiod' });
  const box = await panel.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 1280).toBe(true);
  await panel.getByRole('button', { name: 'Senaste 24 timmarna' }).click();
  await page.reload();
  await expect(picker).toContainText('Senaste 24 timmarna');
  await expectAccessible(page);
  await screenshots(page, 'device-show');

  const erik = await browser.newPage();
  await signedIn(erik, 'erik@matnat.se');
  const eriks = await apiCall<{ data: ApiDevice[] }>(erik, 'GET', '/api/v1/device');
  await erik.close();
  await page.goto(`${web()}/device/${eriks.data[0]?.id}`);
  await expect(page.getByRole('heading', { name: 'Sidan hittades inte' })).toBeVisible();
});

test('issue 27 point 1: a demo device says its readings are simulated; its first real reading ends that', async ({
  page,
}) => {
  await localTiles(page);
  await signedIn(page, 'anna@matnat.se');
  const devices = await apiCall<{ data: ApiDevice[] }>(page, 'GET', '/api/v1/device');
  const device = devices.data.find((d) => d.title === 'Temperaturspjut Hudiksvall 1') as ApiDevice;
  await page.goto(`${web()}/device/${device.id}`);
  const notice = page.getByText('Simulerade mätvärden.');
  await expect(notice).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'device-show-simulated');
  // The device speaks for itself (the demo world's integration secret, docs/ingestion.md).
  const real = await fetch(`${web()}/api/v1/ingest`, {
    method: 'POST',
    headers: { authorization: 'Bearer mtn_demo_ingest_key', 'content-type': 'application/json' },
    body: JSON.stringify({
      device: device.external_device_id,
      readings: [{ sensor: 'temperature', value: 6.5 }],
    }),
  });
  expect(real.status).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sensorer' })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('device.edit: a bad latitude shows the field error; a position clicked on the map is saved and the device moves on /map; delete with the confirm dialog and the toast', async ({
  page,
}) => {
  await localTiles(page);
  await signedIn(page, 'anna@matnat.se');
  // A retry (CI runs a failed test once more) makes a device of its own: the first try's may still exist.
  const title = `Provgivare E2E${test.info().retry ? ` ${test.info().retry}` : ''}`;
  const created = await apiCall<{ data: ApiDevice }>(page, 'POST', '/api/v1/device', {
    title,
    external_device_id: `e2e-edit-${test.info().retry + 1}`,
    lat: 63.8,
    lng: 20.3,
  });
  const id = created.data.id;
  await page.goto(`${web()}/device/${id}/edit`);
  await expect(page.getByRole('heading', { name: `Redigera ${title}` })).toBeVisible();
  await expect(page).toHaveTitle(`Redigera ${title} · Mätnät`);
  await page.getByLabel('Latitud').fill('200');
  await page.getByRole('button', { name: 'Spara' }).click();
  await expect(page.getByLabel('Latitud')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await screenshots(page, 'device-edit');

  await page.getByLabel('Latitud').fill('63.8');
  // North-east of the device's own marker, wherever the map's fit (padded clear of its legend) put it.
  const marker = page.locator('.matnat-map__canvas .matnat-device-marker').first();
  await expect(marker).toBeVisible();
  const box = (await marker.boundingBox()) as { x: number; y: number; width: number; height: number };
  await page.mouse.click(box.x + box.width / 2 + 40, box.y + box.height / 2 - 40);
  await expect(page.getByLabel('Latitud')).not.toHaveValue('63.8');
  const lat = Number(await page.getByLabel('Latitud').inputValue());
  const lng = Number(await page.getByLabel('Longitud').inputValue());
  expect(lat).toBeGreaterThan(63.8);
  expect(lng).toBeGreaterThan(20.3);
  await page.getByRole('button', { name: 'Spara' }).click();
  await expect(page).toHaveURL(`${web()}/device/${id}`);
  await expect(page.getByRole('status').filter({ hasText: 'Mätenheten har sparats' })).toBeVisible();
  const saved = await apiCall<{ data: ApiDevice }>(page, 'GET', `/api/v1/device/${id}`);
  expect([saved.data.lat, saved.data.lng]).toEqual([lat, lng]);
  await page.goto(`${web()}/map/devices`);
  await page.getByRole('button', { name: title }).click();
  await expect(page.locator('.matnat-popup strong').first()).toHaveText(title);

  await page.goto(`${web()}/device/${id}`);
  await page.getByRole('button', { name: 'Ta bort' }).first().click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ta bort' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Mätenheten har tagits bort' })).toBeVisible();
  await expect(page).toHaveURL(`${web()}/device`);
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
});
