// Issue 21, points 2 and 3 on the charts: the alert limits and firing periods of the sensors a line chart
// shows (live from the stream), zoom by drag and keyboard with "Återställ zoom", and the crosshair's values,
// on the real server (SQLite) in real Chromium at 375 and 1280 px, with axe.
import { expect, type Page, test } from '@playwright/test';
import { bandPixels } from './panelChecks';
import { apiCall, expectAccessible, ingest, screenshots, signedIn, web } from './webPages';

type ApiDevice = { id: number; sensors: { id: number; type: string }[] };

/** A device of anna's with a temperature sensor that has an hour of readings (20–22 °C). */
async function deviceWithReadings(page: Page, externalId: string, title: string) {
  const created = await apiCall<{ data: ApiDevice }>(page, 'POST', '/api/v1/device', {
    title,
    external_device_id: externalId,
  });
  const now = Date.now();
  await ingest(
    externalId,
    Array.from({ length: 12 }, (_, i) => ({
      sensor: 'temperature',
      value: 20 + (i % 3),
      ts: new Date(now - (12 - i) * 5 * 60_000).toISOString(),
    })),
  );
  const device = await apiCall<{ data: ApiDevice }>(
    page,
    'GET',
    `/api/v1/device/${created.data.id}?include=sensors`,
  );
  return { id: created.data.id, sensor: device.data.sensors.find((s) => s.type === 'temperature')!.id };
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('issue 21 point 2: an alert fired by an ingested reading shades its chart within 2 s; its limit is drawn and named', async ({
  page,
}) => {
  await signedIn(page, 'anna@matnat.se');
  const device = await deviceWithReadings(page, 'e2e-chart-alert-1', 'Larmkurva E2E');
  await apiCall(page, 'POST', '/api/v1/alert', {
    name: 'E2E värmelarm',
    conditions: [{ sensor_id: device.sensor, operator: '>', threshold: 30 }],
  });
  await page.goto(`${web()}/device/${device.id}`);
  const panel = page.locator('.matnat-line-chart-panel').first();
  const chart = panel.locator('.matnat-chart');
  await expect(panel.getByRole('list', { name: 'Larm' })).toHaveText('E2E värmelarm: > 30 °C');
  await expect(chart.locator('canvas').first()).toBeVisible();
  expect(await bandPixels(chart)).toBeLessThan(10);

  const sent = Date.now();
  await ingest('e2e-chart-alert-1', [{ sensor: 'temperature', value: 35 }]);
  await expect.poll(() => bandPixels(chart), { timeout: 2_000, intervals: [50] }).toBeGreaterThan(50);
  const shadedAfter = Date.now() - sent;
  expect(shadedAfter).toBeLessThan(2_000);
  await expect(panel.getByRole('list', { name: 'Larm' })).toContainText('larmar nu');
  await expectAccessible(page);
  await screenshots(page, 'chart-alert');

  // After a reload the band comes from the alert history.
  await page.reload();
  await expect(panel.getByRole('list', { name: 'Larm' })).toContainText('larmar nu');
  await expect.poll(() => bandPixels(chart)).toBeGreaterThan(50);
});
