import { expect, type Page, test } from '@playwright/test';
import {
  expectChartRules,
  expectFrostShaded,
  expectSingleValueStep,
  expectZoomByDrag,
  fireFrostAlert,
} from './panelChecks';
import { expectOnGrid, recordPositions } from './publicPositions';

const examples = () => process.env.MATNAT_EXAMPLES as string;
const tiles = () => process.env.MATNAT_TILES as string;
const api = () => process.env.MATNAT_API as string;
const token = () => process.env.MATNAT_TOKEN as string;

const WIDTHS = [375, 1280] as const;

const OSM_TILES = /^https:\/\/([a-z]\.)?tile\.openstreetmap\.org\//;

/** Fails the test on any request that would leave the machine (CDNs, tile servers not answered locally). */
function guardRequests(page: Page) {
  const outside: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.protocol.startsWith('http') && url.hostname !== '127.0.0.1' && !OSM_TILES.test(req.url())) {
      outside.push(req.url());
    }
  });
  return outside;
}

/**
 * Pages served by the API (as under `npm start`) keep their OpenStreetMap tile URL, which the server's CSP
 * allows; the browser's tile requests are answered by the local tile server instead of the internet.
 */
async function localTiles(page: Page) {
  await page.route(OSM_TILES, async (route) => {
    const res = await fetch(`${tiles()}${new URL(route.request().url()).pathname}`);
    await route.fulfill({
      status: res.status,
      contentType: 'image/png',
      body: Buffer.from(await res.arrayBuffer()),
    });
  });
}

async function tileCount(): Promise<number> {
  return ((await (await fetch(`${tiles()}/count`)).json()) as { tiles: number }).tiles;
}

/** Whether a canvas has any non-transparent pixel, i.e. lightweight-charts painted into it. */
async function paintedCanvases(page: Page, host: string): Promise<number> {
  return page.locator(`${host} canvas`).evaluateAll(
    (canvases) =>
      canvases.filter((c) => {
        const canvas = c as HTMLCanvasElement;
        if (!canvas.width || !canvas.height) return false;
        const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
        if (!data) return false;
        for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
        return false;
      }).length,
  );
}

for (const width of WIDTHS) {
  test(`script tag: temperature-map.js auto-initialises the public map with markers and a legend at ${width} px`, async ({
    page,
  }) => {
    const outside = guardRequests(page);
    await page.setViewportSize({ width, height: 800 });
    await localTiles(page);
    const positions = recordPositions(page);
    const before = await tileCount();
    // Served by the API server itself, as `npm start` serves it: no API address or token on the page.
    await page.goto(`${api()}/script-tag-temperature-map/`);
    const markers = page.locator('[data-matnat-temperature-map] path.matnat-temperature-marker');
    await expect(markers.first()).toBeVisible();
    expect(await markers.count()).toBeGreaterThan(3);
    await expect(page.locator('[data-matnat-temperature-map] .matnat-legend')).toContainText(
      'Temperatur (°C)',
    );
    // Tooltip and popup text are made when first shown (issue 13): a spear's name and reading in °C.
    await markers.first().dispatchEvent('mouseover');
    await expect(page.locator('[data-matnat-temperature-map] .leaflet-tooltip')).toContainText(
      /: (–|[−-]?\d+(,\d+)?\u00a0°C)/,
    );
    await markers.first().dispatchEvent('click');
    await expect(page.locator('[data-matnat-temperature-map] .matnat-popup')).toContainText('Temperatur:');
    // Leaflet's CSS is inside the shadow root: tiles are positioned absolutely, the map clips them.
    const position = await page
      .locator('[data-matnat-temperature-map] .leaflet-tile')
      .first()
      .evaluate((el) => getComputedStyle(el).position);
    expect(position).toBe('absolute');
    await expect.poll(tileCount).toBeGreaterThan(before);
    expect(
      await page.evaluate(
        () => typeof window.Matnat?.load === 'function' && typeof window.Matnat?.reload === 'function',
      ),
    ).toBe(true);
    // An element added later is filled in by window.Matnat.load(), once however often it is called.
    await page.evaluate(() => {
      const first = document.querySelector('[data-matnat-temperature-map]') as HTMLElement;
      const later = first.cloneNode(false) as HTMLElement;
      later.id = 'later';
      first.after(later);
      window.Matnat?.load();
      window.Matnat?.load();
    });
    await expect(page.locator('#later path.matnat-temperature-marker').first()).toBeVisible();
    await expect(page.locator('#later .leaflet-container')).toHaveCount(1);
    await page.evaluate(() => document.getElementById('later')?.remove());
    await page.screenshot({ path: `test-results/screenshots/temperature-map-${width}.png`, fullPage: true });
    // Issue 26.2: the script tag received the spears on their ~1 km grid, never exactly.
    expectOnGrid(positions, 4);
    expect(outside).toEqual([]);
  });

  test(`web component: <matnat-panel> with an embed token on another origin paints a chart with its thresholds and alert limit, shades a firing, zooms by drag and resets, at ${width} px`, async ({
    page,
  }) => {
    const outside = guardRequests(page);
    await page.setViewportSize({ width, height: 900 });
    const measurementRequests: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/measurements')) measurementRequests.push(req.url());
    });
    const positions = recordPositions(page);
    await fireFrostAlert(api(), token());
    // Another origin than the API's: the demo token names it among its allowed origins.
    await page.goto(`${examples()}/examples/web-component-panel/`);
    expect(new URL(examples()).origin).not.toBe(new URL(api()).origin);
    await expect(page.locator('#single').getByText('Luftfuktighet Åre')).toBeVisible();
    await expect.poll(() => paintedCanvases(page, '#panel')).toBeGreaterThan(0);
    await expect(page.locator('#single .matnat-single-value__number')).toBeVisible();
    // The seed's last reading is on a 15-minute step: within a minute of one, its age is 'nyss'.
    await expect(page.locator('#single .matnat-single-value__age')).toHaveText(/^Mätt (för .+ sedan|nyss)/);
    expect(measurementRequests.some((u) => u.includes('range_slug=prev_24_h'))).toBe(true);
    // Issue 21: the stored panels' threshold steps and the alert on one of their sensors.
    await expectChartRules(page.locator('#panel'));
    await expectSingleValueStep(page.locator('#single'));
    await expectFrostShaded(page.locator('#panel'));
    await page.screenshot({
      path: `test-results/screenshots/web-component-panel-${width}.png`,
      fullPage: true,
    });
    // Issue 21 point 3: zoom by drag and reset, with no attribute set.
    await expectZoomByDrag(page, page.locator('#panel'));
    // Issue 26.2: the panels' devices reached the web components with their positions on the grid.
    expectOnGrid(positions, 1);
    expect(outside).toEqual([]);
  });
}

for (const width of WIDTHS) {
  test(`web component: <matnat-temperature-map tile-url="false"> with basemap.js on the page draws the built-in basemap under the spears and asks for no tile at ${width} px (issue 26.3)`, async ({
    page,
  }) => {
    const outside = guardRequests(page);
    const tileRequests: string[] = [];
    page.on('request', (req) => {
      if (OSM_TILES.test(req.url()) || req.url().startsWith(tiles())) tileRequests.push(req.url());
    });
    await page.setViewportSize({ width, height: 800 });
    const positions = recordPositions(page);
    const before = await tileCount();
    await page.goto(`${api()}/`);
    // The web components' build does not carry the basemap: the page includes basemap.js (docs/embedding.md).
    await page.addScriptTag({ url: '/packages/react/dist/embed/basemap.js' });
    await page.addScriptTag({ url: '/packages/react/dist/embed/elements.js' });
    await page.evaluate(() => {
      const map = document.createElement('matnat-temperature-map');
      map.id = 'spears';
      map.setAttribute('tile-url', 'false');
      map.setAttribute('height', '480');
      document.querySelector('main')?.append(map);
    });
    const markers = page.locator('#spears path.matnat-temperature-marker');
    await expect(markers.first()).toBeVisible();
    expect(await markers.count()).toBeGreaterThan(3);
    // Land, Sweden's lakes and the borders, in the shadow root, under the spears.
    await expect(page.locator('#spears path.matnat-basemap__land')).toHaveAttribute(
      'd',
      /^M[\d.-]+ [\d.-]+L/,
    );
    await expect(page.locator('#spears path.matnat-basemap__lakes')).toHaveAttribute(
      'd',
      /^M[\d.-]+ [\d.-]+L/,
    );
    await expect(page.locator('#spears path.matnat-basemap__borders')).toHaveAttribute('d', /^M/);
    await expect(page.locator('#spears .leaflet-control-attribution')).toContainText(
      'Grundkarta: Natural Earth',
    );
    await expect(page.locator('#spears .matnat-legend')).toContainText('Temperatur (°C)');
    // No tile layer at all: nothing asked of OpenStreetMap or the local tile server, however long we wait.
    await page.waitForTimeout(1500);
    await expect(page.locator('#spears .leaflet-tile')).toHaveCount(0);
    expect(tileRequests).toEqual([]);
    expect(await tileCount()).toBe(before);
    await page.screenshot({
      path: `test-results/screenshots/web-component-basemap-${width}.png`,
      fullPage: true,
    });
    expectOnGrid(positions, 4);
    expect(outside).toEqual([]);
  });
}

test("web component: the host sets the range by attribute, hears the viewer's change as a composed CustomEvent, and a removed attribute falls back to the default", async ({
  page,
}) => {
  const ranges: string[] = [];
  page.on('request', (req) => {
    const m = /range_slug=(\w+)/.exec(req.url());
    if (m?.[1]) ranges.push(m[1]);
  });
  // Served by the API, as under `npm start`: its CSP allows the page's own script file, not inline ones.
  await page.goto(`${api()}/web-component-panel/`);
  await expect.poll(() => paintedCanvases(page, '#panel')).toBeGreaterThan(0);

  await page.evaluate(() => document.getElementById('panel')?.setAttribute('range', 'prev_3_h'));
  await expect.poll(() => ranges.includes('prev_3_h')).toBe(true);
  await expect(page.locator('#panel select').first()).toHaveValue('prev_3_h');

  await page.locator('#panel select').first().selectOption('prev_30_days');
  await expect(page.locator('#log')).toHaveText(
    'Vald period: Senaste 30 dagarna, uppdatering: var 5:e minut',
  );

  await page.evaluate(() => document.getElementById('panel')?.removeAttribute('range'));
  await expect(page.locator('#panel select').first()).toHaveValue('prev_5_days');
});

test('web component (issue 22): a panel below the fold asks for no data and draws nothing until it is scrolled near the viewport', async ({
  page,
}) => {
  // The second panel three screens down, and no idle period ever comes (the panels further down would
  // otherwise follow at idle time, by design): only scrolling can release it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
    new MutationObserver((_, observer) => {
      const single = document.getElementById('single');
      if (!single) return;
      single.style.marginTop = '2400px';
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  const latest: string[] = [];
  page.on('request', (req) => {
    if (/\/latest(\?|$)/.test(new URL(req.url()).pathname)) latest.push(req.url());
  });
  await page.goto(`${api()}/web-component-panel/`);
  await expect.poll(() => paintedCanvases(page, '#panel')).toBeGreaterThan(0);
  // Long enough for its reading to come and be shown, were it asked for.
  await page.waitForTimeout(1500);
  expect(latest).toEqual([]);
  await expect(page.locator('#single .matnat-single-value__number')).toHaveCount(0);

  await page.locator('#single').scrollIntoViewIfNeeded();
  await expect(page.locator('#single .matnat-single-value__number')).toBeVisible();
  expect(latest.length).toBeGreaterThan(0);
});

test('React app (Vite build): a dashboard of embedded panels under StrictMode paints its chart and single value, with thresholds, the alert limit, a shaded firing and zoom by drag', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1280, height: 900 });
  await fireFrostAlert(api(), token());
  // The examples index (the API's front end under `npm start`) links the Vite app's build.
  await page.goto(`${api()}/`);
  await page.getByRole('link', { name: 'react-embed' }).click();
  await expect(page).toHaveURL(`${api()}/react-embed/dist/`);
  await expect.poll(() => paintedCanvases(page, '#root')).toBeGreaterThan(0);
  await expect(page.locator('#root .matnat-single-value__number')).toBeVisible();
  await expectChartRules(page.locator('#root'));
  await expectSingleValueStep(page.locator('#root'));
  await expectFrostShaded(page.locator('#root'));
  // The page styles h3, button and p by tag: the React-mode widgets do not take those rules.
  const title = page.locator('#root .matnat-panel__title').first();
  await expect(title).toHaveCSS('text-transform', 'none');
  expect(await title.evaluate((el) => getComputedStyle(el).color)).not.toBe('rgb(185, 28, 28)');
  await expect(page.getByRole('button', { name: 'Ladda ner CSV' }).first()).toHaveCSS(
    'text-transform',
    'none',
  );
  await expect(page.locator('#root .matnat-single-value__age')).toHaveCSS('text-decoration-line', 'none');
  // Two panels side by side at 1280 px are about 530 px wide: the header lays out by the panel's width.
  const panelWidth = (await page.locator('#root .matnat-line-chart-panel').boundingBox())?.width ?? 0;
  expect(panelWidth).toBeLessThan(640);
  await expect(page.locator('#root .matnat-panel__header').first()).toHaveCSS('flex-direction', 'column');
  await page.screenshot({ path: 'test-results/screenshots/react-embed-1280.png', fullPage: true });
  await expectZoomByDrag(page, page.locator('#root'));
  // Narrowed to a phone: the charts shrink with the page instead of pushing it sideways.
  await page.setViewportSize({ width: 375, height: 900 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: 'test-results/screenshots/react-embed-375.png', fullPage: true });
  expect(errors).toEqual([]);
});

test('script tag: panel.js fills in a data-matnat-panel element by panel id with an embed token and themes it from the page; thresholds, the alert limit, a shaded firing and zoom by drag', async ({
  page,
}) => {
  const outside = guardRequests(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await fireFrostAlert(api(), token());
  await page.goto(`${api()}/script-tag-panel/`);
  await expect.poll(() => paintedCanvases(page, '[data-matnat-panel]')).toBeGreaterThan(0);
  await expect(page.locator('[data-matnat-panel] .matnat-panel__title')).toHaveText('Inlandet');
  await expect(page.locator('[data-matnat-panel] select').first()).toHaveValue('prev_7_days');
  const color = await page
    .locator('[data-matnat-panel] .matnat-panel__swatch')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(color).toBe('rgb(124, 58, 237)');
  await expectChartRules(page.locator('[data-matnat-panel]'));
  await expectFrostShaded(page.locator('[data-matnat-panel]'));
  expect(await page.evaluate(() => Object.keys(window.Matnat?.builds ?? {}))).toEqual(['panel']);
  await page.screenshot({ path: 'test-results/screenshots/script-tag-panel-1280.png', fullPage: true });
  await expectZoomByDrag(page, page.locator('[data-matnat-panel]'));
  expect(outside).toEqual([]);
});

interface EmbedScriptsAnswer {
  data: { version: string; scripts: { name: string; url: string; major_url: string; integrity: string }[] };
}

/**
 * On a partner's page (another origin, e2e/fixtures/partner.html), the script tag of the token page's
 * snippet: a panel element, then panel.js from the API's origin with `integrity` and `crossorigin`.
 */
async function addPanelScript(page: Page, src: string, integrity: string) {
  await page.evaluate(
    ({ apiBase, token, src, integrity }) => {
      const panel = document.createElement('div');
      Object.assign(panel.dataset, { matnatPanel: '', apiBase, embedToken: token, panelId: '5' });
      const script = Object.assign(document.createElement('script'), {
        src,
        integrity,
        crossOrigin: 'anonymous',
      });
      document.querySelector('main')?.append(panel, script);
    },
    { apiBase: api(), token: process.env.MATNAT_TOKEN ?? '', src, integrity },
  );
}

test('issue 23 point 8: a partner page loads panel.js from its exact-version URL with the integrity the API names, and the browser refuses other bytes', async ({
  page,
}) => {
  const outside = guardRequests(page);
  const { data } = (await (await fetch(`${api()}/api/v1/embed-script`)).json()) as EmbedScriptsAnswer;
  const panel = data.scripts.find((s) => s.name === 'panel');
  expect(panel?.url).toBe(`/embed/${data.version}/panel.js`);
  const url = `${api()}${panel?.url}`;
  await page.goto(`${examples()}/e2e/fixtures/partner.html`);
  const script = page.waitForResponse(url);
  await addPanelScript(page, url, panel?.integrity ?? '');
  expect((await script).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  await expect.poll(() => paintedCanvases(page, '[data-matnat-panel]')).toBeGreaterThan(0);
  await expect(page.locator('[data-matnat-panel] .matnat-panel__title')).toHaveText('Inlandet');

  // Bytes that are not the published build (a tampered CDN copy): the browser does not run them.
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /integrity/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(`${examples()}/e2e/fixtures/partner.html`);
  await addPanelScript(page, url, `sha384-${Buffer.alloc(48).toString('base64')}`);
  await expect.poll(() => refused.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.Matnat === undefined)).toBe(true);
  await expect(page.locator('[data-matnat-panel] .matnat-panel__title')).toHaveCount(0);
  expect(outside).toEqual([]);
});

for (const width of WIDTHS) {
  test(`web component: <matnat-device-map> shows a signed-in user's devices coloured by their state with a legend (legend="false" hides it), a popup with each sensor's latest reading, and a satellite toggle at ${width} px`, async ({
    page,
  }) => {
    const outside = guardRequests(page);
    await localTiles(page);
    await page.setViewportSize({ width, height: 800 });
    // Signed in as anna on the API's origin: the element reads with the session cookie, no token.
    await page.goto(`${api()}/`);
    const request = page.context().request;
    await request.get(`${api()}/sanctum/csrf-cookie`);
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const login = await request.post(`${api()}/api/login`, {
      data: { email: 'anna@matnat.se', password: 'matnat-demo' },
      headers: { 'x-xsrf-token': decodeURIComponent(xsrf), accept: 'application/json' },
    });
    expect(login.ok()).toBe(true);
    await page.addScriptTag({ url: '/packages/react/dist/embed/elements.js' });
    const placed = await page.evaluate(async () => {
      type Device = { id: number; title: string; lat: number | null; lng: number | null };
      type Sensor = { id: number; device_id: number; name: string; unit: string; type: string };
      const get = async (url: string) =>
        ((await (await fetch(url, { headers: { accept: 'application/json' } })).json()) as { data: unknown })
          .data;
      const devices = (await get('/api/v1/device')) as Device[];
      const sensors = (await get('/api/v1/sensor')) as Sensor[];
      // Issue 21: a feature's state colours its marker (the host's own states here: one in alarm).
      const features = devices
        .filter((d) => d.lat !== null && d.lng !== null)
        .map((d, i) => ({
          type: 'Feature' as const,
          geometry: { type: 'Point' as const, coordinates: [d.lng as number, d.lat as number] },
          properties: {
            id: d.id,
            title: d.title,
            state: i === 0 ? 'alarm' : 'ok',
            sensors: sensors.filter((s) => s.device_id === d.id),
          },
        }));
      const map = document.createElement('matnat-device-map') as HTMLElement & { devices?: unknown };
      map.id = 'devices';
      map.setAttribute('height', '480');
      map.devices = { type: 'FeatureCollection', features };
      document.querySelector('main')?.append(map);
      return features.length;
    });
    expect(placed).toBeGreaterThan(3);
    const markers = page.locator('#devices .matnat-device-marker');
    await expect(markers).toHaveCount(placed);
    await expect(page.locator('#devices .matnat-device-marker.matnat-state--alarm')).toHaveCount(1);
    const legend = page.locator('#devices').getByRole('figure', { name: 'Status' });
    await expect(legend.locator('li[data-state="alarm"]')).toHaveText('Larm 1');
    await expect(legend.locator('li[data-state="ok"]')).toHaveText(`OK ${placed - 1}`);
    await expect(page.locator('#devices').getByRole('button', { name: 'Zooma in' })).toBeVisible();
    await markers.first().click({ force: true });
    const popup = page.locator('#devices .matnat-popup');
    await expect(popup).toBeVisible();
    await expect(popup.locator('li').first()).toContainText(/\d/);
    // Leaflet pans the map so that the filled-in popup is readable inside it.
    const mapTop = (await page.locator('#devices .matnat-device-map').boundingBox())?.y ?? 0;
    await expect.poll(async () => ((await popup.boundingBox())?.y ?? -1) >= mapTop).toBe(true);
    await expect.poll(tileCount).toBeGreaterThan(0);
    await page.screenshot({ path: `test-results/screenshots/device-map-${width}.png`, fullPage: true });
    await page.locator('#devices .matnat-map__toggle').click();
    await expect(page.locator('#devices .matnat-map__toggle')).toHaveAttribute('aria-pressed', 'true');
    await page.locator('#devices').evaluate((el) => el.setAttribute('legend', 'false'));
    await expect(legend).toHaveCount(0);
    expect(outside.filter((u) => !u.startsWith('https://server.arcgisonline.com/'))).toEqual([]);
  });
}
