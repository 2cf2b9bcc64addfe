// The reference app's maps (issue 9): map (Karta) and map.devices, on the real server (SQLite). Tiles come
// from the local tile server: the app keeps OpenStreetMap's URL and the browser's requests are answered here.
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, localTiles, screenshots, signedIn, web } from './webPages';

/** anna's devices with a position, as the API gives them to her. */
async function placedDevices(page: Page): Promise<{ id: number; title: string | null }[]> {
  return page.evaluate(async () => {
    const answer = await fetch('/api/v1/device', { headers: { accept: 'application/json' } });
    const devices = (
      (await answer.json()) as {
        data: { id: number; title: string | null; lat: number | null; lng: number | null }[];
      }
    ).data;
    return devices.filter((d) => d.lat !== null && d.lng !== null).map(({ id, title }) => ({ id, title }));
  });
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

test("map: anna's placed devices as markers; a popup's latest readings and its link to the device; the satellite toggle survives a reload", async ({
  page,
}) => {
  await localTiles(page);
  await signedIn(page, 'anna@matnat.se');
  const placed = await placedDevices(page);
  expect(placed.length).toBeGreaterThan(1);
  await page.getByRole('navigation').getByRole('link', { name: 'Karta' }).first().click();
  await expect(page).toHaveURL(`${web()}/map`);
  await expect(page).toHaveTitle(/· Mätnät$/);
  const markers = page.locator('.matnat-device-marker');
  await expect(markers).toHaveCount(placed.length);
  await expectAccessible(page);
  await screenshots(page, 'map', { fullPage: false });

  const toggle = page.getByRole('button', { name: 'Satellit' });
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Karta', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.reload();
  await expect(page.getByRole('button', { name: 'Karta', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Karta', exact: true }).click();

  await markers.first().click({ force: true });
  const popup = page.locator('.matnat-popup');
  await expect(popup.locator('li').first()).toContainText(/\d/);
  const link = popup.getByRole('link', { name: 'Visa mätenhet' });
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/device\/\d+$/);
  expect(placed.map((d) => `/device/${d.id}`)).toContain(href);
  await link.click();
  await expect(page).toHaveURL(`${web()}${href}`);
});

test('map.devices: the devices listed beside the map; choosing one centres the map on it and opens its popup', async ({
  page,
}) => {
  await localTiles(page);
  await signedIn(page, 'anna@matnat.se');
  const placed = await placedDevices(page);
  await page.goto(`${web()}/map/devices`);
  const list = page.getByRole('navigation', { name: 'Mätenheter på kartan' }).getByRole('button');
  await expect(list).toHaveCount(placed.length);
  const names = await list.allTextContents();
  expect(names).toEqual([...names].sort(new Intl.Collator('sv', { numeric: true }).compare));
  await list.nth(1).click();
  await expect(list.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.matnat-popup strong').first()).toHaveText(names[1] ?? '');
  await expectAccessible(page);
  await screenshots(page, 'map-devices', { fullPage: false });
});
