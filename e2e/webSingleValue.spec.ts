// Issue 21 point 1 on a single value, in the app at 375 and 1280 px with axe: a reading older than the
// device's expected interval says so, and a live reading that crosses a threshold step turns the number to
// the next step's colour and names it, without a reload.
import { expect, test } from '@playwright/test';
import { apiCall, expectAccessible, ingest, signedIn, web } from './webPages';

const WIDTHS = [375, 1280] as const;
/** THRESHOLD_COLOR_DEFAULTS of @matnat/react: green and red as the page computes them. */
const GREEN = 'rgb(21, 128, 61)';
const RED = 'rgb(185, 28, 28)';

type ApiDevice = { id: number; sensors: { id: number; type: string }[] };

for (const width of WIDTHS) {
  test(`issue 21 point 1: a stale single value warns; a live reading over its step turns it red and names the step, at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signedIn(page, 'anna@matnat.se');
    const externalId = `e2e-single-${width}`;
    // Expected every minute, last heard ten minutes ago: stale.
    const created = await apiCall<{ data: ApiDevice }>(page, 'POST', '/api/v1/device', {
      title: `Enstaka värde E2E ${width}`,
      external_device_id: externalId,
      expected_interval_s: 60,
    });
    await ingest(externalId, [
      { sensor: 'temperature', value: 20, ts: new Date(Date.now() - 10 * 60_000).toISOString() },
    ]);
    const device = await apiCall<{ data: ApiDevice }>(
      page,
      'GET',
      `/api/v1/device/${created.data.id}?include=sensors`,
    );
    const sensor = device.data.sensors.find((s) => s.type === 'temperature') as { id: number };
    const board = await apiCall<{ data: { id: number } }>(page, 'POST', '/api/v1/dashboard', {
      title: `Gränsvärden E2E ${width}`,
    });
    await apiCall(page, 'POST', '/api/v1/panel', {
      type: 'single_value',
      dashboard_id: board.data.id,
      title: 'Växthuset nu',
      device_id: created.data.id,
      sensor_id: sensor.id,
      thresholds: [
        { value: 0, color: 'green', label: 'Lagom' },
        { value: 25, color: 'red', label: 'För varmt' },
      ],
    });

    await page.goto(`${web()}/dashboard/${board.data.id}`);
    const single = page.locator('.matnat-single-value-panel');
    const value = single.locator('.matnat-single-value').first();
    const age = single.locator('.matnat-single-value__age');
    await expect(single.locator('.matnat-single-value__number')).toHaveText('20');
    await expect(value).toHaveCSS('color', GREEN);
    await expect(single.locator('.matnat-single-value__step')).toHaveText('Lagom');
    await expect(age).toHaveClass(/matnat-single-value__age--stale/);
    await expect(age).toContainText(/Mätt för \d+ minuter sedan · äldre än väntat \(1 minut\)/);
    await expectAccessible(page);
    await page.screenshot({
      path: `test-results/screenshots/web-single-value-stale-${width}.png`,
      fullPage: true,
    });

    // A reading over 25 °C arrives through the ingestion API: the open page turns red, fresh.
    await ingest(externalId, [{ sensor: 'temperature', value: 31.5 }]);
    await expect(single.locator('.matnat-single-value__number')).toHaveText('31,5');
    await expect(value).toHaveCSS('color', RED);
    await expect(single.locator('.matnat-single-value__step')).toHaveText('För varmt');
    await expect(age).not.toHaveClass(/--stale/);
    await expect(age).toHaveText('Mätt nyss');
    await expectAccessible(page);
    await page.screenshot({
      path: `test-results/screenshots/web-single-value-crossed-${width}.png`,
      fullPage: true,
    });

    await apiCall(page, 'DELETE', `/api/v1/dashboard/${board.data.id}`);
    await apiCall(page, 'DELETE', `/api/v1/device/${created.data.id}`);
  });
}
