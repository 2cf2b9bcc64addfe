// Issue 26 point 3: where map tiles cannot load (an intranet, a kiosk without internet, a tile server that is
// down), the maps draw the built-in basemap (Natural Earth's land, lakes and borders) under their markers
// and credit Natural Earth; it is loaded only then. Tiles "fail" here by the browser's requests being aborted.
import { expect, type Page, type Request, test } from '@playwright/test';
import { expectAccessible, localTiles, signedIn, web } from './webPages';

const OSM_TILES = /^https:\/\/([a-z]\.)?tile\.openstreetmap\.org\//;
/** The basemap's own script: the app's lazy chunk (assets/basemap-….js) or the script tags' basemap.js. */
const BASEMAP_SCRIPT = /\/(assets\/basemap-[^/]*|embed\/basemap)\.js$/;

async function tilesFail(page: Page) {
  await page.route(OSM_TILES, (route) => route.abort('connectionfailed'));
}

function basemapRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (BASEMAP_SCRIPT.test(new URL(request.url()).pathname)) seen.push(request);
  });
  return seen;
}

/**
 * The basemap is drawn: land with a coast in view, lakes (Sweden's and New Zealand's maps have lakes in
 * view: Vänern and Vättern, Taupō), under the markers (its pane below theirs), and Natural Earth credited
 * in Swedish.
 */
async function expectBasemap(
  page: Page,
  { marker: markerSelector = 'path.matnat-temperature-marker', lakes = true } = {},
) {
  const land = page.locator('path.matnat-basemap__land');
  await expect(land).toHaveAttribute('d', /^M[\d.-]+ [\d.-]+L/);
  const lakePath = page.locator('path.matnat-basemap__lakes');
  if (lakes) {
    await expect(lakePath).toHaveAttribute('d', /^M[\d.-]+ [\d.-]+L/);
    // Drawn in the water's colour over the land, with a box of its own on the screen.
    await expect(lakePath).toHaveAttribute('fill', '#c9dcea');
    const box = await lakePath.boundingBox();
    expect((box?.width ?? 0) * (box?.height ?? 0)).toBeGreaterThan(4);
  } else {
    await expect(lakePath).toHaveCount(1);
  }
  await expect(page.locator('path.matnat-basemap__borders')).toHaveCount(1);
  await expect(page.locator('.leaflet-control-attribution')).toContainText('Grundkarta: Natural Earth');
  await expect(
    page.locator('.leaflet-control-attribution').getByRole('link', { name: 'Natural Earth' }),
  ).toHaveAttribute('href', 'https://www.naturalearthdata.com/');
  const marker = page.locator(markerSelector).first();
  await expect(marker).toBeVisible();
  // Both panes are in Leaflet's map pane: the basemap's z-index is under the markers' (overlay) pane.
  const paneZ = (el: Element) => Number(getComputedStyle(el.closest('.leaflet-pane') as Element).zIndex);
  const basemapZ = await land.evaluate(paneZ);
  const markerZ = await marker.evaluate(paneZ);
  expect(basemapZ).toBeLessThan(markerZ);
}

async function shoot(page: Page, name: string) {
  for (const [width, height] of [
    [375, 740],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(page.url());
    await expectBasemap(page);
    // Drawn after the first fit (the basemap is redrawn at each moveend).
    await page.waitForTimeout(500);
    await page.screenshot({ path: `test-results/screenshots/web-basemap-${name}-${width}.png` });
  }
}

test('issue 26.3: with the tiles failing, /temperaturspjut and the NZ page draw the basemap under their spears and credit Natural Earth (375 and 1280 px)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await tilesFail(page);
  const requests = basemapRequests(page);
  await page.goto(`${web()}/temperaturspjut`);
  await expectBasemap(page);
  expect(requests.length).toBeGreaterThan(0);
  await shoot(page, 'sweden');
  await page.goto(`${web()}/temperaturspjut/nz`);
  await expectBasemap(page);
  await shoot(page, 'nz');
});

test('issue 26.3: with the tiles working, the basemap is never requested and Natural Earth not credited', async ({
  page,
}) => {
  await localTiles(page);
  const requests = basemapRequests(page);
  await page.goto(`${web()}/temperaturspjut`);
  await expect(page.locator('path.matnat-temperature-marker').first()).toBeVisible();
  await expect(page.locator('.leaflet-tile-loaded').first()).toBeAttached();
  await page.goto(`${web()}/examples/script-tag-temperature-map/`);
  await expect(page.locator('path.matnat-temperature-marker').first()).toBeVisible();
  await expect(page.locator('.leaflet-tile-loaded').first()).toBeAttached();
  await page.waitForTimeout(1500);
  expect(requests.map((r) => r.url())).toEqual([]);
  await expect(page.locator('.leaflet-control-attribution')).not.toContainText('Natural Earth');
});

test('issue 26.3: the script-tag map loads basemap.js (data-basemap-src) when its tiles fail, or takes it from the page', async ({
  page,
}) => {
  await tilesFail(page);
  const requests = basemapRequests(page);
  const example = `${web()}/examples/script-tag-temperature-map/`;
  await page.goto(example);
  await expectBasemap(page);
  // The old unversioned path the example names answers 301 to the major alias (/embed/v0/basemap.js).
  expect(requests.map((r) => new URL(r.url()).pathname)).toContain('/packages/react/dist/embed/basemap.js');
  await page.screenshot({ path: 'test-results/screenshots/web-basemap-script-tag-1280.png' });

  // The page includes basemap.js itself (no data-basemap-src): the map takes it from window.MatnatBasemap.
  await page.route(example, async (route) => {
    const html = (await (await route.fetch()).text())
      .replace(/\s*data-basemap-src="[^"]*"/, '')
      .replace('</body>', '<script src="/packages/react/dist/embed/basemap.js" defer></script></body>');
    await route.fulfill({ contentType: 'text/html', body: html });
  });
  await page.goto(example);
  await expectBasemap(page);
});

test('issue 26.3: a tile URL that is not http(s) asks for nothing, says so in the console and draws the basemap', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const example = `${web()}/examples/script-tag-temperature-map/`;
  await page.route(example, async (route) => {
    const html = (await (await route.fetch()).text()).replace(
      /data-tile-url="[^"]*"/,
      'data-tile-url="javascript:alert(1)//{z}/{x}/{y}"',
    );
    await route.fulfill({ contentType: 'text/html', body: html });
  });
  await page.goto(example);
  await expectBasemap(page);
  await expect(page.locator('.leaflet-tile')).toHaveCount(0);
  expect(errors).toContain(
    'Mätnät: tileUrl "javascript:alert(1)//{z}/{x}/{y}" is not an http(s) URL; the built-in basemap is drawn instead',
  );
});

test('issue 26.3: with the tiles failing, the signed-in /map draws the basemap under the devices and credits Natural Earth (375 and 1280 px, axe), and so do /map/devices and a device page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await tilesFail(page);
  const requests = basemapRequests(page);
  await signedIn(page, 'anna@matnat.se');
  for (const [width, height] of [
    [375, 740],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`${web()}/map`);
    // anna's devices may be close together: the map's zoom need not show a lake.
    await expectBasemap(page, { marker: '.matnat-device-marker', lakes: false });
    await expect(page.locator('.leaflet-tile-loaded')).toHaveCount(0);
    await expectAccessible(page);
    await page.waitForTimeout(500);
    await page.screenshot({ path: `test-results/screenshots/web-basemap-map-${width}.png` });
  }
  expect(requests.length).toBeGreaterThan(0);
  // The app's other maps are the same kit map: the devices listed beside it, and a device's own page.
  await page.goto(`${web()}/map/devices`);
  await expectBasemap(page, { marker: '.matnat-device-marker', lakes: false });
  const placed = await page.evaluate(async () => {
    const answer = await fetch('/api/v1/device', { headers: { accept: 'application/json' } });
    const devices = ((await answer.json()) as { data: { id: number; lat: number | null }[] }).data;
    return devices.find((d) => d.lat !== null)?.id;
  });
  expect(placed).toBeDefined();
  await page.goto(`${web()}/device/${placed}`);
  await expectBasemap(page, { marker: '.matnat-device-marker', lakes: false });
  await expect(page.locator('.leaflet-tile-loaded')).toHaveCount(0);
});
