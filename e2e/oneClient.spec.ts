// One client per page (issue 7): web components naming the same API share one client, so one cache, one
// live stream and one cart. Counted in Chromium against the real API server.
import { expect, type Page, test } from '@playwright/test';

const api = () => process.env.MATNAT_API as string;

async function signIn(page: Page, email: string) {
  await page.goto(`${api()}/`);
  const request = page.context().request;
  await request.get(`${api()}/sanctum/csrf-cookie`);
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const login = await request.post(`${api()}/api/login`, {
    data: { email, password: 'matnat-demo' },
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf), accept: 'application/json' },
  });
  expect(login.ok()).toBe(true);
}

/** Requests the page makes whose path matches, counted from now on. */
function countRequests(page: Page, pattern: RegExp) {
  const urls: string[] = [];
  page.on('request', (req) => {
    if (pattern.test(new URL(req.url()).pathname)) urls.push(req.url());
  });
  return urls;
}

test('eight panels over four sensors on one page make four measurement requests and open one stream', async ({
  page,
}) => {
  await signIn(page, 'anna@matnat.se');
  const sensorIds = await page.evaluate(async () => {
    const get = async (url: string) =>
      ((await (await fetch(url, { headers: { accept: 'application/json' } })).json()) as { data: unknown })
        .data;
    const sensors = (await get('/api/v1/sensor')) as { id: number }[];
    return sensors.slice(0, 4).map((s) => s.id);
  });
  expect(sensorIds).toHaveLength(4);
  const measurements = countRequests(page, /\/measurements$/);
  const streams = countRequests(page, /^\/api\/v1\/stream$/);
  await page.addScriptTag({ url: '/packages/react/dist/embed/elements.js' });
  await page.evaluate((ids) => {
    const main = document.querySelector('main') ?? document.body;
    for (const [i, id] of [...ids, ...ids].entries()) {
      const panel = document.createElement('matnat-panel');
      panel.id = `p${i}`;
      panel.setAttribute('sensor-ids', String(id));
      panel.setAttribute('panel-title', `Panel ${i + 1}`);
      panel.setAttribute('height', '160');
      main.append(panel);
    }
  }, sensorIds);
  for (let i = 0; i < 8; i++) await expect(page.locator(`#p${i} canvas`).first()).toBeVisible();
  await expect.poll(() => measurements.length).toBe(4);
  await expect.poll(() => streams.length).toBe(1);
  expect(new Set(measurements.map((u) => new URL(u).pathname)).size).toBe(4);
  const streamUrl = new URL(streams[0]!);
  expect((streamUrl.searchParams.get('sensor_ids') ?? '').split(',').sort()).toEqual(
    sensorIds.map(String).sort(),
  );
  // Nothing more is asked for while the page sits: no panel has a stream or a cache of its own.
  await page.waitForTimeout(1000);
  expect(measurements).toHaveLength(4);
  expect(streams).toHaveLength(1);
});

test('the shop elements on one page share one cart, loaded once from /cart/retrieve and kept over a reload', async ({
  page,
}) => {
  await page.goto(`${api()}/`);
  const retrieves = countRequests(page, /^\/cart\/retrieve$/);
  const addShop = async () => {
    await page.addScriptTag({ url: '/packages/react/dist/embed/elements.js' });
    await page.evaluate(() => {
      const main = document.querySelector('main') ?? document.body;
      main.append(document.createElement('matnat-product-list'), document.createElement('matnat-cart'));
    });
  };
  await addShop();
  const add = page.locator('matnat-product-list').getByRole('button', { name: /^Lägg i varukorgen/ });
  await expect(add.first()).toBeVisible();
  const name = ((await add.first().getAttribute('aria-label')) ?? '').replace(/^Lägg i varukorgen: /, '');
  await add.first().click();
  await add.first().click();
  const cart = page.locator('matnat-cart');
  await expect(cart.getByText(name)).toBeVisible();
  await expect(cart.getByText('Antal: 2')).toBeVisible();
  expect(retrieves).toHaveLength(1);
  await page.reload();
  await addShop();
  await expect(page.locator('matnat-cart').getByText(name)).toBeVisible();
  await expect(page.locator('matnat-cart').getByText('Antal: 2')).toBeVisible();
});
