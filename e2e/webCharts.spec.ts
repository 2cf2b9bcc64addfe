// Issue 21, points 2 and 3 on the charts: the alert limits and firing periods of the sensors a line chart
// shows (live from the stream), zoom by drag and keyboard with "Återställ zoom", and the crosshair's values,
// on the real server (SQLite) in real Chromium at 375 and 1280 px, with axe.
import { expect, type Page, test } from '@playwright/test';
import { fittingInterval } from '../packages/contract/src/ranges';
import {
  bandPixels,
  dragAcross,
  holdZoomAnswers,
  hover,
  watchLines,
  ZOOM_ANSWER,
  zoomRequest,
} from './panelChecks';
import { apiCall, expectAccessible, ingest, screenshots, signedIn, web } from './webPages';

type ApiDevice = { id: number; sensors: { id: number; type: string }[] };

/** A device of anna's with a temperature sensor that has an hour of readings (20–22 °C unless `value` says). */
async function deviceWithReadings(
  page: Page,
  externalId: string,
  title: string,
  value = (i: number) => 20 + (i % 3),
) {
  const created = await apiCall<{ data: ApiDevice }>(page, 'POST', '/api/v1/device', {
    title,
    external_device_id: externalId,
  });
  const now = Date.now();
  await ingest(
    externalId,
    Array.from({ length: 12 }, (_, i) => ({
      sensor: 'temperature',
      value: value(i),
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
  // The live stream opens once the page's start has settled (a second after its last answered request): wait
  // for its answer (asked for before navigating) before sending the reading.
  const stream = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/stream');
  await page.goto(`${web()}/device/${device.id}`);
  const panel = page.locator('.matnat-line-chart-panel').first();
  const chart = panel.locator('.matnat-chart');
  await expect(panel.getByRole('list', { name: 'Larm' })).toHaveText('E2E värmelarm: > 30 °C');
  await expect(chart.locator('canvas').first()).toBeVisible();
  expect(await bandPixels(chart)).toBeLessThan(10);
  await stream;

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

/** Stockholm wall-clock time as the chart writes it ('2026-11-27 13:05'). */
const stockholm = (ms: number) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Stockholm',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(ms);

for (const width of [375, 1280]) {
  test(`issue 21 point 3: zoom by drag and by keyboard, then "Återställ zoom"; the crosshair reads each value in Swedish (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signedIn(page, 'anna@matnat.se');
    const external = `e2e-chart-zoom-${width}`;
    // Readings whose every bucket mean has decimals, written with a decimal comma.
    const device = await deviceWithReadings(
      page,
      external,
      `Zoomkurva ${width}`,
      (i) => [20.1, 20.3, 20.6][i % 3]!,
    );
    await page.goto(`${web()}/device/${device.id}`);
    const panel = page.locator('.matnat-line-chart-panel').first();
    const chart = panel.locator('.matnat-chart');
    const label = (await panel.locator('.matnat-panel__legend li').first().textContent())!.trim();
    await expect(chart.locator('canvas').first()).toBeVisible();
    const reset = panel.getByRole('button', { name: 'Återställ zoom' });
    await expect(reset).toHaveCount(0);

    // The crosshair: the time in Stockholm, then the series' value with a decimal comma and its unit.
    const [time, value] = await hover(page, chart, 0.5);
    expect(time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(value).toMatch(new RegExp(`^${label} \\d{2},\\d{1,2}\u00a0°C$`));
    const lastTime = (await hover(page, chart, 0.995))[0]!;
    // The pointer leaving the chart takes the tooltip with it.
    await page.mouse.move(1, 1);
    await expect(chart.locator('.matnat-chart__tooltip')).toBeHidden();

    // Zoom by drag: the period under the pointer at the contract's fitting interval; the range stays.
    const asked = zoomRequest(page);
    await dragAcross(page, chart, 0.2, 0.6);
    const dragged = await asked;
    expect(dragged.slug).toBeNull();
    expect(dragged.to - dragged.from).toBeGreaterThan(10 * 60_000);
    expect(dragged.interval).toBe(fittingInterval(dragged));
    await expect(reset).toBeVisible();
    // Zoomed, the right edge is the zoom's end, not the latest reading.
    await expect.poll(async () => (await hover(page, chart, 0.995))[0]! < lastTime).toBe(true);
    await hover(page, chart, 0.45);
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/screenshots/web-chart-zoom-drag-${width}.png` });

    await reset.click();
    await expect(reset).toHaveCount(0);
    await expect(chart).toBeFocused();
    await expect.poll(async () => (await hover(page, chart, 0.995))[0]).toBe(lastTime);

    // Zoom by keyboard: the arrows read the values aloud, Shift+arrows select, Enter zooms.
    const live = chart.locator('[aria-live]');
    await chart.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(live).toHaveText(
      new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}: ${label} \\d{2},\\d{1,2}\u00a0°C$`),
    );
    // From the latest point back to the first: a period the drag's (inside the data) cannot have been, so
    // its buckets are not in the cache already.
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+Home');
    await expect(live).toHaveText(/^Markerat .+ – .+$/);
    const keyed = zoomRequest(page);
    await page.keyboard.press('Enter');
    const zoomed = await keyed;
    expect(zoomed.interval).toBe(fittingInterval(zoomed));
    await expect(live).toHaveText(`Zoomat in på ${stockholm(zoomed.from)} – ${stockholm(zoomed.to)}`);
    await expect(reset).toBeVisible();
    await chart.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(chart.locator('.matnat-chart__tooltip')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/screenshots/web-chart-zoom-keyboard-${width}.png` });

    await reset.focus();
    await page.keyboard.press('Enter');
    await expect(reset).toHaveCount(0);
    await expect(chart).toBeFocused();
  });
}

test("issue 21 point 3: a zoom keeps the range's lines drawn, dimmed, until its finer buckets replace them; the chart is never empty", async ({
  page,
}) => {
  await signedIn(page, 'anna@matnat.se');
  const device = await deviceWithReadings(page, 'e2e-chart-zoom-kept', 'Zoom utan tomrum');
  await page.goto(`${web()}/device/${device.id}`);
  const panel = page.locator('.matnat-line-chart-panel').first();
  const chart = panel.locator('.matnat-chart');
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(panel).toHaveAttribute('aria-busy', 'false');
  const lastTime = (await hover(page, chart, 0.995))[0]!;
  await page.mouse.move(0, 0);

  // The zoom's measurements are held for 1.5 s: the time between the zoom and its answer, made long.
  const held = await holdZoomAnswers(page);
  const stop = await watchLines(chart);
  const asked = zoomRequest(page);
  await dragAcross(page, chart, 0.2, 0.6);
  await asked;
  await page.mouse.move(0, 0);
  // While it loads: the range's lines stay, dimmed, the panel busy and saying so, 'Återställ zoom' there.
  await expect(chart).toHaveClass(/matnat-chart--stale/);
  await expect(panel).toHaveAttribute('aria-busy', 'true');
  await expect(panel.getByText('Laddar…')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Återställ zoom' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Ladda ner CSV' })).toBeDisabled();
  await page.waitForTimeout(1_500);
  await page.screenshot({ path: 'test-results/screenshots/web-chart-zoom-loading-1280.png' });
  const answered = page.waitForResponse((r) => ZOOM_ANSWER.test(r.url()));
  held.release();
  expect((await answered).status()).toBe(200);
  await expect(chart).not.toHaveClass(/matnat-chart--stale/);
  await expect(panel).toHaveAttribute('aria-busy', 'false');
  await expect(panel.getByText('Laddar…')).toHaveCount(0);
  // The zoom's own buckets: the right edge is the zoom's end, not the latest reading.
  await expect.poll(async () => (await hover(page, chart, 0.995))[0]! < lastTime).toBe(true);
  const watched = await stop();
  // Every frame from the drag to the new data had lines; dozens of them were the dimmed range's.
  expect(watched.frames).toBeGreaterThan(30);
  expect(watched.staleFrames).toBeGreaterThan(20);
  expect(watched.fewest).toBeGreaterThan(100);
});
