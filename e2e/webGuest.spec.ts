// Issue 9, the guest's screens of the reference app (apps/web) as `npm start` serves it: the shop (product
// list, product, cart drawer, order), the public temperature map and its NZ page, and about.
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, localTiles, screenshots, web } from './webPages';

const tiles = () => process.env.MATNAT_TILES as string;

const tileCount = async () => ((await (await fetch(`${tiles()}/count`)).json()) as { tiles: number }).tiles;

/** What the server keeps as this browser's cart (GET /cart/retrieve with the page's cookies). */
async function serverCart(page: Page): Promise<number[]> {
  const res = await page.request.get(`${web()}/cart/retrieve`, { headers: { accept: 'application/json' } });
  return ((await res.json()) as { cart: { id: number }[] }).cart.map((item) => item.id);
}

/** Clicks, then waits for the cart's POST /cart/store that follows (spec §4: saved after every change). */
async function andSaved(page: Page, click: () => Promise<void>) {
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/cart/store') && r.request().method() === 'POST',
  );
  await click();
  expect((await saved).ok()).toBe(true);
}

const cartButton = (page: Page) => page.getByRole('button', { name: /^Varukorg/ });

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('issue 9 shop: a guest browses, fills the cart, removes one (toast), signs in with the cart kept, and orders', async ({
  page,
}) => {
  // A long journey (axe and screenshots on five screens) on a shared two-core machine.
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The product list, as a guest (spec §6: guests may open productlist).
  await page.goto(`${web()}/produkter`);
  await expect(page).toHaveTitle('Produkter · Mätnät');
  await expect(page.getByRole('heading', { level: 1, name: 'Webbshop' })).toBeVisible();
  const cards = page.locator('.matnat-shop__grid > li');
  await expect(cards).toHaveCount(3);
  await expect(cartButton(page)).toContainText('0');
  await expectAccessible(page);
  await screenshots(page, 'productlist');

  // The product page: two of the spear.
  await page.getByRole('link', { name: 'Temperaturspjut' }).click();
  await expect(page).toHaveURL(/\/produkt\/\d+$/);
  await expect(page).toHaveTitle('Produkt · Mätnät');
  await expect(page.getByRole('heading', { name: 'Temperaturspjut' })).toBeVisible();
  await expect(page.getByText('1 499,00 kr')).toBeVisible();
  const add = page.getByRole('main').getByRole('button', { name: 'Lägg i varukorgen' });
  await andSaved(page, () => add.click());
  await expect(page.getByText('Temperaturspjut lades i varukorgen').first()).toBeVisible();
  await andSaved(page, () => add.click());
  await expect(cartButton(page)).toContainText('2');
  await expectAccessible(page);
  await screenshots(page, 'product');

  // One of another from the list's card.
  await page.getByRole('link', { name: '← Alla produkter' }).click();
  await expect(page).toHaveURL(`${web()}/produkter`);
  await andSaved(page, () => page.getByRole('button', { name: 'Lägg i varukorgen: Abonnemang' }).click());
  await expect(cartButton(page)).toContainText('3');
  const products = (
    (await (await page.request.get(`${web()}/api/v1/product`)).json()) as {
      data: { id: number; name: string }[];
    }
  ).data;
  const spear = products.find((p) => p.name === 'Temperaturspjut')!.id;
  const subscription = products.find((p) => p.name === 'Abonnemang')!.id;
  expect(await serverCart(page)).toEqual([spear, spear, subscription]);

  // The drawer: remove one spear, with the spec §8 toast; the server has the new cart.
  await cartButton(page).click();
  const drawer = page.getByRole('dialog', { name: 'Varukorg' });
  await expect(drawer).toBeVisible();
  await expect(drawer.locator('.matnat-cart__item')).toHaveCount(2);
  await expect(drawer.locator('.matnat-cart__item').first()).toContainText('Antal: 2');
  await expectAccessible(page);
  await screenshots(page, 'cart');
  await andSaved(page, () => drawer.getByRole('button', { name: 'Ta bort en Temperaturspjut' }).click());
  await expect(page.getByText('Artiklen togs bort')).toBeVisible();
  await expect(drawer.locator('.matnat-cart__item').first()).toContainText('Antal: 1');
  await expect(cartButton(page)).toContainText('2');
  const guestCart = await serverCart(page);
  expect(guestCart).toHaveLength(2);
  expect(guestCart).toContain(spear);
  await drawer.getByRole('button', { name: 'Stäng' }).click();
  await expect(drawer).toBeHidden();

  // Signing in: the guest's cart follows into the account, also after a fresh load of the page.
  await page.goto(`${web()}/login`);
  await page.getByLabel('E-postadress').fill('anna@matnat.se');
  await page.getByLabel('Lösenord').fill('matnat-demo');
  await page.getByRole('button', { name: 'Logga in' }).click();
  await expect(page).toHaveURL(`${web()}/dashboard`);
  expect(await serverCart(page)).toEqual(guestCart);
  await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Webbshop' }).click();
  await expect(cartButton(page)).toContainText('2');
  await page.goto(`${web()}/bestall`);
  await expect(page).toHaveTitle('Beställ · Mätnät');
  const summary = page.getByRole('complementary');
  await expect(summary.locator('.matnat-cart__item')).toHaveCount(2);

  // The order with a missing name: the server's 422 message under the field; nothing ordered.
  // Required fields are labelled 'E-post (obligatoriskt)' for screen readers.
  await page.getByLabel(/^E-post/).fill('anna@matnat.se');
  await page.getByLabel(/^Adress/).fill('Storgatan 1');
  await page.getByLabel(/^Postnummer/).fill('75320');
  await page.getByLabel(/^Ort/).fill('Uppsala');
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/v1/order'));
  await page.getByRole('button', { name: 'Skicka beställning' }).click();
  expect((await refused).status()).toBe(422);
  await expect(page.getByText('Namn måste anges.')).toBeVisible();
  await expect(page.getByLabel(/^Namn/)).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await screenshots(page, 'order-error');

  // Completed: the confirmation with the order number; the cart is empty, here and on the server.
  await page.getByLabel(/^Namn/).fill('Anna Andersson');
  const accepted = page.waitForResponse((r) => r.url().endsWith('/api/v1/order'));
  await page.getByRole('button', { name: 'Skicka beställning' }).click();
  expect((await accepted).status()).toBe(201);
  await expect(page.getByText(/Ordernummer: MN-\d{6}/)).toBeVisible();
  await expect(page.getByText('Tack för din beställning!', { exact: false })).toBeVisible();
  await expect(cartButton(page)).toContainText('0');
  await expect.poll(() => serverCart(page)).toEqual([]);
  await expectAccessible(page);
  await screenshots(page, 'order-done');
  expect(errors).toEqual([]);
});

test('issue 9 tempMap: a guest sees the public spears with the colour scale, full screen on a phone, and the NZ page', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await localTiles(page);
  const before = await tileCount();
  await page.goto(`${web()}/temperaturspjut`);
  await expect(page).toHaveTitle('Temperaturspjut · Mätnät');
  const markers = page.locator('path.matnat-temperature-marker');
  await expect(markers.first()).toBeVisible();
  // Sweden's spears only: the NZ ones have their own page.
  expect(await markers.count()).toBeGreaterThan(30);
  await expect(page.locator('.matnat-legend')).toContainText('Temperatur (°C)');
  await expect.poll(tileCount).toBeGreaterThan(before);
  await expectAccessible(page);
  await screenshots(page, 'tempmap');

  // Below 640 px the map fills the screen under the bar, edge to edge (inside the kit's 1 px border).
  await page.setViewportSize({ width: 375, height: 800 });
  const map = page.locator('.matnat-map__canvas');
  await expect
    .poll(async () => {
      const box = await map.boundingBox();
      if (!box) return false;
      return box.x <= 1 && box.width >= 373 && box.y < 70 && Math.abs(box.y + box.height - 800) <= 2;
    })
    .toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('link', { name: 'Temperaturspjut i Nya Zeeland' }).click();
  await expect(page).toHaveURL(`${web()}/temperaturspjut/nz`);
  await expect(page).toHaveTitle('Temperaturspjut i Nya Zeeland · Mätnät');
  await expect(markers).toHaveCount(5);
  await markers.first().click();
  await expect(page.locator('.matnat-popup')).toContainText(
    /Temperaturspjut (Auckland|Hamilton|Wellington|Christchurch|Dunedin)/,
  );
  await expectAccessible(page);
  await screenshots(page, 'tempmap-nz');
  expect(errors).toEqual([]);
});

test('issue 9 about: Om oss from the main navigation, for guests', async ({ page }) => {
  await page.goto(`${web()}/`);
  await page.setViewportSize({ width: 375, height: 900 });
  await page.getByRole('button', { name: 'Meny' }).click();
  await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Om oss' }).click();
  await expect(page).toHaveURL(`${web()}/about`);
  await expect(page).toHaveTitle('Om oss · Mätnät');
  await expect(page.getByRole('heading', { level: 1, name: 'Om oss' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'info@matnat.se' })).toHaveAttribute(
    'href',
    'mailto:info@matnat.se',
  );
  await expectAccessible(page);
  await screenshots(page, 'about');
});

/** Every public page a guest can open by its address (spec §2's `public` and `guest` routes). */
const PUBLIC_PAGES = [
  '/',
  '/about',
  '/produkter',
  '/bestall',
  '/temperaturspjut',
  '/temperaturspjut/nz',
  '/login',
  '/registrera',
  '/password/reset',
  '/error',
  '/404',
];

test('issue 21 point 7: a guest’s console shows no 401 on the public pages — fresh, with a cart, and after signing out', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await localTiles(page);
  const unauthorized: string[] = [];
  const consoleErrors: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401) unauthorized.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  const visitAll = async (when: string) => {
    for (const path of PUBLIC_PAGES) {
      await page.goto(`${web()}${path}`);
      await expect(page.locator('h1').first(), `${path} (${when})`).toBeAttached();
      // Requests a screen starts after its first paint (the session, the cart, the map's data) have answered.
      await page.waitForTimeout(300);
    }
  };
  await visitAll('a new visitor');
  // A cart makes a guest session on the server (its cookie and the readable XSRF cookie).
  await page.goto(`${web()}/produkter`);
  await andSaved(page, () => page.getByRole('button', { name: 'Lägg i varukorgen: Abonnemang' }).click());
  await visitAll('a guest with a cart');
  // Signed in, then out: the pages as a guest again.
  await page.goto(`${web()}/login`);
  await page.getByLabel('E-postadress').fill('anna@matnat.se');
  await page.getByLabel('Lösenord').fill('matnat-demo');
  await page.getByRole('button', { name: 'Logga in' }).click();
  await expect(page).toHaveURL(`${web()}/dashboard`);
  await page.getByRole('button', { name: /Profilmeny/ }).click();
  await page.getByRole('button', { name: 'Logga ut' }).click();
  await expect(page).toHaveURL(`${web()}/login`);
  await visitAll('after signing out');
  expect(unauthorized).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
