// The reference app's dashboards and panels (issue 8), as `npm start` serves them: built, from the API's
// origin, on SQLite with the demo data. The journeys run in order on one user's dashboards.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible, screenshots, signedIn, web } from './webPages';

/** Picks a device, then one of its sensors, in the line `n` (1-based; the simple form has one, unnumbered). */
async function pickSensor(page: Page, device: string, sensor: RegExp, n?: number) {
  const suffix = n ? ` ${n}` : '';
  await page.getByLabel(`Mätenhet${suffix}`, { exact: true }).selectOption({ label: device });
  const select = page.getByLabel(`Sensor${suffix}`, { exact: true });
  const label = await select.locator('option').filter({ hasText: sensor }).first().textContent();
  await select.selectOption({ label: label ?? '' });
}

const panelOrder = (page: Page) =>
  page
    .getByRole('list', { name: 'Paneler' })
    .locator(':scope > li')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));

/** The id of another user's dashboard, read from their own dashboard list. */
async function erikDashboardId(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedIn(page, 'erik@matnat.se');
  const href = await page.getByRole('link', { name: /Odlingar i Skåne/ }).getAttribute('href');
  await context.close();
  return href?.split('/').pop() ?? '';
}

test.describe.configure({ mode: 'serial' });

let page: Page;
let boardPath = '';
const TITLE = 'Övervakning Norrland';

test.beforeAll(async ({ browser }) => {
  // A context of its own: axe needs the page's context to be one the test created.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await signedIn(page, 'anna@matnat.se');
});

test.afterAll(async () => {
  await page.context().close();
});

test('dashboard.form: the contract checks the title before sending; the server 422 shows under the field; create opens the dashboard', async () => {
  await page.getByRole('link', { name: 'Ny dashboard' }).click();
  await expect(page).toHaveURL(`${web()}/dashboard/create`);
  await expect(page).toHaveTitle('Ny dashboard · Mätnät');
  await page.getByRole('button', { name: 'Skapa dashboard' }).click();
  await expect(page.getByText('Titel måste anges.')).toBeVisible();
  await expect(page.getByLabel('Titel')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await screenshots(page, 'dashboard-form');
  // What the server says wins: a title too long for the server, sent past the form's own check.
  await page.route('**/api/v1/dashboard', (route) =>
    route.continue({ postData: JSON.stringify({ title: 'x'.repeat(300) }) }),
  );
  await page.getByLabel('Titel').fill(TITLE);
  await page.getByRole('button', { name: 'Skapa dashboard' }).click();
  await expect(page.getByText('Titel får vara högst 255 tecken.')).toBeVisible();
  await page.unroute('**/api/v1/dashboard');
  await page.getByRole('button', { name: 'Skapa dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/\d+$/);
  boardPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page.getByText('Dashboarden har inga paneler än.')).toBeVisible();
});

test('dashboard.panelform.simple: one sensor picked by device then sensor, as a line chart and as a single value', async () => {
  await page.getByRole('link', { name: 'Ny panel', exact: true }).click();
  await expect(page).toHaveURL(`${web()}${boardPath}/panel/simple`);
  await expect(page).toHaveTitle('Ny panel · Mätnät');
  // Nothing picked: the contract's messages, per field.
  await page.getByRole('button', { name: 'Skapa panel' }).click();
  await expect(page.getByLabel('Mätenhet', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Sensor', { exact: true })).toBeDisabled();
  await expectAccessible(page);
  await screenshots(page, 'panel-simple');
  await page.getByLabel('Titel (valfri)').fill('Abisko linje');
  await pickSensor(page, 'Temperaturspjut Abisko 1', /temperatur/i);
  await page.getByRole('button', { name: 'Skapa panel' }).click();
  await expect(page).toHaveURL(`${web()}${boardPath}`);
  await page.getByRole('link', { name: 'Ny panel', exact: true }).click();
  await page.getByLabel('Titel (valfri)').fill('Kiruna nu');
  await page.getByLabel('Enskilt värde').check();
  await pickSensor(page, 'Temperaturspjut Kiruna 1', /temperatur/i);
  await page.getByRole('button', { name: 'Skapa panel' }).click();
  await expect(page).toHaveURL(`${web()}${boardPath}`);
  await expect.poll(() => panelOrder(page)).toEqual(['Abisko linje', 'Kiruna nu']);
});

test('dashboard.panelform.advanced: several lines across devices, each with its colour', async () => {
  await page.getByRole('link', { name: 'Ny avancerad panel' }).click();
  await expect(page).toHaveURL(`${web()}${boardPath}/panel/advanced`);
  await expect(page).toHaveTitle('Ny avancerad panel · Mätnät');
  await page.getByLabel('Titel (valfri)').fill('Fjällen jämförda');
  await pickSensor(page, 'Temperaturspjut Abisko 1', /temperatur/i, 1);
  await page.getByRole('button', { name: 'Lägg till linje' }).click();
  await pickSensor(page, 'Temperaturspjut Gällivare 1', /temperatur/i, 2);
  await page.getByLabel('Färg 2').fill('#b91c1c');
  await expectAccessible(page);
  await screenshots(page, 'panel-advanced');
  await page.getByRole('button', { name: 'Skapa panel' }).click();
  await expect(page).toHaveURL(`${web()}${boardPath}`);
  await expect.poll(() => panelOrder(page)).toEqual(['Abisko linje', 'Kiruna nu', 'Fjällen jämförda']);
  const advanced = page.getByRole('listitem', { name: 'Fjällen jämförda' });
  await expect(advanced.getByText('Gällivare 1', { exact: false }).first()).toBeVisible();
});

test('dashboard.show: panels painted, one stream; reorder by keyboard (announced, focus kept) and by drag; saved', async () => {
  const streams: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/stream')) streams.push(r.url());
  });
  await page.reload();
  // Issue 21 point 7: the tab names the dashboard.
  await expect(page).toHaveTitle(`${TITLE} · Mätnät`);
  await expect(page.locator('.matnat-chart canvas, .matnat-panel canvas').first()).toBeVisible();
  await expect(page.locator('.matnat-single-value__number')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'dashboard-show');
  // The panels share the app's client with the bell: the one connection opens once the start has settled (a
  // second after the last subscriber or answered request), for the bell's alert events and all the panels'
  // sensors together. It once opened for the bell alone while the dashboard was asked for, and was reopened.
  await expect.poll(() => streams.length).toBe(1);
  const stream = new URL(streams[0]!).searchParams;
  expect(stream.get('alerts')).toBe('1');
  expect(stream.get('sensor_ids')?.split(',').length).toBeGreaterThanOrEqual(2);
  await page.waitForTimeout(500);
  expect(streams).toHaveLength(1);

  // Keyboard: the move buttons, the live region says where the panel went, focus stays on the button.
  const down = page.getByRole('button', { name: 'Flytta Abisko linje ned' });
  await down.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => panelOrder(page)).toEqual(['Kiruna nu', 'Abisko linje', 'Fjällen jämförda']);
  await expect(page.getByText('Abisko linje flyttades till plats 2 av 3.')).toBeAttached();
  await expect(down).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => panelOrder(page)).toEqual(['Kiruna nu', 'Fjällen jämförda', 'Abisko linje']);

  // Drag: the handle of the last panel dropped on the first.
  await page
    .getByRole('img', { name: 'Dra för att flytta Abisko linje' })
    .dragTo(page.getByRole('listitem', { name: 'Kiruna nu' }));
  await expect.poll(() => panelOrder(page)).toEqual(['Abisko linje', 'Kiruna nu', 'Fjällen jämförda']);
  await page.reload();
  await expect.poll(() => panelOrder(page)).toEqual(['Abisko linje', 'Kiruna nu', 'Fjällen jämförda']);
});

test('dashboard.show: the title is on screen before the panels start their chart library, and nothing moves after', async () => {
  // When the title entered the page, and the frame that painted it: the animation frame after that (a frame's
  // callbacks run just before it is painted). Not the largest-contentful-paint entry, which a busy machine
  // may report late or, for a title smaller than what painted before it, never.
  await page.addInitScript(() => {
    const seen = { title: Number.NaN, frame: Number.NaN, shift: 0 };
    (window as unknown as { seen: typeof seen }).seen = seen;
    new MutationObserver((_, observer) => {
      if (!document.querySelector('main h1')) return;
      observer.disconnect();
      seen.title = performance.now();
      requestAnimationFrame(() => {
        seen.frame = performance.now();
      });
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) seen.shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.reload();
  await expect(page.locator('.matnat-panel canvas').first()).toBeVisible();
  await expect(page.locator('.matnat-single-value__number')).toBeVisible();
  const { title, frame, shift, panelsStarted } = await page.evaluate(() => {
    // The route's loader asks for the first screen's measurements before the screen has loaded (issue 22):
    // requests, not main-thread work. The chart library and the charts wait for the title's frame.
    const started = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => /lightweight-charts|chartRuntime/.test(e.name))
      .map((e) => e.startTime);
    const { seen } = window as unknown as { seen: { title: number; frame: number; shift: number } };
    return { ...seen, panelsStarted: Math.min(...started) };
  });
  expect(title).toBeGreaterThan(0);
  expect(frame).toBeGreaterThanOrEqual(title);
  expect(panelsStarted).toBeGreaterThan(frame);
  expect(shift).toBe(0);
});

test("the app starts in four tasks (issue 22): /api/me asked in the first, the router created in a later one, the route's requests in a later one still, the first render after them", async () => {
  const fresh = await page.context().newPage();
  // A message posted to a channel runs in a task after the one that posted it, in order with the app's own
  // (main.tsx's nextTask posts one too): whether it ran tells whether two things happened in the same task.
  await fresh.addInitScript(() => {
    const seen: { routeAfterMe?: boolean; routeTwoTasksAfterMe?: boolean; renderAfterRoute?: boolean } = {};
    (window as unknown as { start: typeof seen }).start = seen;
    // `then` runs in the mark's task: the mark it posts runs a task later (two tasks after the first mark's).
    const mark = (then?: () => void) => {
      const flag = { ran: false };
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        flag.ran = true;
        channel.port1.close();
        then?.();
      };
      channel.port2.postMessage(null);
      return flag;
    };
    let me: { ran: boolean } | undefined;
    let afterMe: { ran: boolean } | undefined;
    let route: { ran: boolean } | undefined;
    const fetch = window.fetch;
    window.fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith('/api/me')) me ??= mark(() => (afterMe = mark()));
      else if (me && !route && /\/api\/v1\/dashboard\/\d+/.test(url)) {
        seen.routeAfterMe = me.ran;
        // The router's creation took the task after /api/me's: its first navigation is a task later still.
        seen.routeTwoTasksAfterMe = afterMe?.ran ?? false;
        route = mark();
      }
      return fetch(input, init);
    };
    new MutationObserver((records, observer) => {
      const root = document.getElementById('root');
      if (!route || !root || !records.some((r) => root.contains(r.target))) return;
      observer.disconnect();
      seen.renderAfterRoute = route.ran;
    }).observe(document, { childList: true, attributes: true, characterData: true, subtree: true });
  });
  const boards = (await (await page.request.get(`${web()}/api/v1/dashboard`)).json()) as {
    data: { id: number }[];
  };
  await fresh.goto(`${web()}/dashboard/${boards.data[0]?.id}`);
  await expect(fresh.locator('main h1')).toBeVisible();
  expect(await fresh.evaluate(() => (window as unknown as { start: object }).start)).toEqual({
    routeAfterMe: true,
    routeTwoTasksAfterMe: true,
    renderAfterRoute: true,
  });
  await fresh.close();
});

test('dashboard.show (issue 22): a tab opened in the background creates no chart; shown, it draws its panels', async ({
  browser,
}) => {
  const context = await browser.newContext({
    storageState: await page.context().storageState(),
    viewport: { width: 1280, height: 900 },
  });
  const hidden = await context.newPage();
  // The tab opens in the background: the page reads `hidden` until the test shows it.
  await hidden.addInitScript(() => {
    let state: DocumentVisibilityState = 'hidden';
    Object.defineProperty(document, 'visibilityState', { get: () => state });
    (window as unknown as { show(): void }).show = () => {
      state = 'visible';
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    };
  });
  await hidden.goto(page.url());
  await expect(hidden.getByRole('list', { name: 'Paneler' })).toBeVisible();
  // Long enough for the panels' data to come and their charts to be made, were they to be made.
  await hidden.waitForTimeout(2000);
  await expect(hidden.locator('.matnat-panel canvas')).toHaveCount(0);
  await hidden.evaluate(() => (window as unknown as { show(): void }).show());
  await expect(hidden.locator('.matnat-line-chart-panel canvas').first()).toBeVisible();
  await expect(hidden.locator('.matnat-single-value__number')).toBeVisible();
  await context.close();
});

test('dashboard.show: a reading posted through the ingestion API shows live on the open dashboard', async () => {
  const single = page.getByRole('listitem', { name: 'Kiruna nu' });
  await expect(single.locator('.matnat-single-value__number')).toBeVisible();
  const panelId = await single.getAttribute('data-panel-id');
  // The device's external id (its DevEUI), as the ingestion API names it.
  const external = await page.evaluate(async (id) => {
    const panel = await (await fetch(`/api/v1/panel/${id}/?include=device,singleValueItem`)).json();
    const deviceId = panel.data.singleValueItem?.device_id ?? panel.data.device_id;
    const device = await (await fetch(`/api/v1/device/${deviceId}/`)).json();
    return device.data.external_device_id as string;
  }, panelId);
  const answer = await fetch(`${web()}/api/v1/ingest`, {
    method: 'POST',
    headers: { authorization: 'Bearer mtn_demo_ingest_key', 'content-type': 'application/json' },
    body: JSON.stringify({ device: external, readings: [{ sensor: 'temperature', value: 31.7 }] }),
  });
  expect(answer.status).toBe(200);
  await expect(single.locator('.matnat-single-value__number')).toHaveText('31,7');
});

const picker = () => page.getByRole('button', { name: /^Tidsperiod:/ });
const pickerPanel = () => page.getByRole('dialog', { name: 'Tidsperiod' });

test('dashboard.show: one compact time picker (17 presets, custom från–till, 9 intervals) by keyboard; it survives a reload, per route path', async () => {
  // Issue 21 point 4: the picker sits in the header row; the panels start right below it.
  const gap = await page.evaluate(() => {
    const title = document.querySelector('main h1')?.getBoundingClientRect();
    const panels = document.querySelector('main ol')?.getBoundingClientRect();
    return (panels?.top ?? 0) - (title?.bottom ?? 0);
  });
  expect(gap).toBeLessThan(60);
  await expect(picker()).toHaveText(/Senaste 5 dagarna.*Var 15:e minut/);
  // The picker's sheet reverts a host's tag styles inside the picker only: the panels keep their own
  // (their legends once showed bullets under it).
  await expect(page.locator('.matnat-panel__legend').first()).toHaveCSS('list-style-type', 'none');
  await expect(page.locator('.matnat-panel__title').first()).toHaveCSS('margin-top', '0px');
  await expect(picker()).toHaveAttribute('aria-expanded', 'false');
  // By keyboard: open, the current preset has focus, two back is 'Senaste 24 timmarna'.
  await picker().focus();
  await page.keyboard.press('Enter');
  await expect(pickerPanel()).toBeVisible();
  await expect(pickerPanel().getByRole('button', { pressed: true })).toBeFocused();
  await expect(pickerPanel().locator('.matnat-time-picker__preset')).toHaveCount(17);
  await expect(pickerPanel().getByLabel('Uppdatering').locator('option')).toHaveCount(9);
  await expectAccessible(page);
  await screenshots(page, 'dashboard-time-picker', { fullPage: false });
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(pickerPanel().getByRole('button', { name: 'Senaste 24 timmarna' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(pickerPanel()).toBeHidden();
  await expect(picker()).toBeFocused();
  await expect(picker()).toContainText('Senaste 24 timmarna');
  await page.keyboard.press('Enter');
  await pickerPanel().getByLabel('Uppdatering').selectOption('1_m');
  await page.keyboard.press('Escape');
  await expect(pickerPanel()).toBeHidden();
  await expect(picker()).toBeFocused();
  await expect(picker()).toHaveText(/Senaste 24 timmarna.*Varje minut/);
  await page.reload();
  await expect(picker()).toHaveText(/Senaste 24 timmarna.*Varje minut/);

  // A custom range: from after till is refused under the field, in Swedish; then a good one is shown.
  await picker().click();
  await pickerPanel().getByLabel('Från').fill('2026-11-03T08:00');
  await pickerPanel().getByLabel('Till').fill('2026-11-01T08:00');
  await pickerPanel().getByRole('button', { name: 'Visa perioden' }).click();
  await expect(pickerPanel().getByText('Från måste ligga före Till.')).toBeVisible();
  await expect(pickerPanel().getByLabel('Till')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await pickerPanel().getByLabel('Från').fill('2026-10-01T08:00');
  await pickerPanel().getByRole('button', { name: 'Visa perioden' }).click();
  await expect(pickerPanel()).toBeHidden();
  await expect(picker()).toContainText('2026-10-01 08:00 – 2026-11-01 08:00');
  await page.reload();
  await expect(picker()).toContainText('2026-10-01 08:00 – 2026-11-01 08:00');
  // Back to a preset for the journeys after this one.
  await picker().click();
  await pickerPanel().getByRole('button', { name: 'Senaste 24 timmarna' }).click();

  // Another dashboard is another route: its own (default) filter.
  await page.goto(`${web()}/dashboard`);
  await page.getByRole('link', { name: /Skogens temperaturer/ }).click();
  await expect(picker()).toContainText('Senaste 5 dagarna');
  await page.goto(`${web()}${boardPath}`);
  await expect(picker()).toContainText('Senaste 24 timmarna');
});

test('dashboard.show: the 12-column grid — resize by keyboard (announced) survives a reload at 1280 and 375 px; one column under 640 px; one title per panel', async () => {
  const card = page.getByRole('listitem', { name: 'Abisko linje' });
  const handle = card.getByRole('button', { name: 'Ändra storlek på Abisko linje' });
  const live = page.locator('[aria-live="polite"]').filter({ hasText: /kolumner|Flyttades|flyttades/ });
  const share = () =>
    card.evaluate((li) => li.getBoundingClientRect().width / (li.parentElement?.clientWidth ?? 1));
  // One title per panel: the panel's own heading, not a second one in the tools' row.
  await expect(card.getByText('Abisko linje', { exact: true })).toHaveCount(1);
  await expect(card).toHaveAttribute('data-width', '6');
  expect(await share()).toBeGreaterThan(0.45);
  expect(await share()).toBeLessThan(0.52);
  await handle.focus();
  await page.keyboard.press('ArrowRight');
  await expect(live).toHaveText('Abisko linje: 7 av 12 kolumner bred, 3 rader hög.');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(live).toHaveText('Abisko linje: 8 av 12 kolumner bred, 4 rader hög.');
  await expect(handle).toBeFocused();
  await expectAccessible(page);
  await screenshots(page, 'dashboard-grid');
  await page.reload();
  await expect(card).toHaveAttribute('data-width', '8');
  await expect(card).toHaveAttribute('data-height', '4');
  expect(await share()).toBeGreaterThan(0.62);
  expect(await share()).toBeLessThan(0.68);
  // By pointer on a desktop: dragged two columns to the left and one row down, saved when let go.
  const box = await handle.boundingBox();
  const column = await card.evaluate((li) => ((li.parentElement?.clientWidth ?? 0) + 16) / 12);
  if (!box) throw new Error('the resize handle has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x - 2 * column, box.y + box.height / 2 + 80, { steps: 5 });
  await page.mouse.up();
  await expect(live).toHaveText('Abisko linje: 6 av 12 kolumner bred, 5 rader hög.');
  await page.reload();
  await expect(card).toHaveAttribute('data-width', '6');
  await expect(card).toHaveAttribute('data-height', '5');
  await handle.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await expect(live).toHaveText('Abisko linje: 8 av 12 kolumner bred, 4 rader hög.');
  // A phone: one column whatever the width; the keyboard resizes there too, and it survives a reload.
  await page.setViewportSize({ width: 375, height: 900 });
  expect(await share()).toBeGreaterThan(0.98);
  await handle.focus();
  await page.keyboard.press('ArrowUp');
  await expect(live).toHaveText('Abisko linje: 8 av 12 kolumner bred, 3 rader hög.');
  await expectAccessible(page);
  await page.reload();
  await expect(card).toHaveAttribute('data-height', '3');
  expect(await share()).toBeGreaterThan(0.98);
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('dashboard.show: edit the title; panel.edit changes a panel; remove a panel after the confirm', async () => {
  await page.getByRole('button', { name: 'Redigera titel' }).click();
  await page.getByLabel('Titel').fill('');
  await page.getByRole('button', { name: 'Spara' }).click();
  await expect(page.getByText('Titel måste anges.')).toBeVisible();
  await page.getByLabel('Titel').fill(`${TITLE} 2`);
  await page.getByRole('button', { name: 'Spara' }).click();
  await expect(page.getByRole('heading', { name: `${TITLE} 2` })).toBeVisible();
  await expect(page).toHaveTitle(`${TITLE} 2 · Mätnät`);
  // The PATCH answer carries the panels without their lines: the open dashboard keeps the loaded ones.
  const advanced = page.getByRole('listitem', { name: 'Fjällen jämförda' });
  await expect(advanced.getByText('Gällivare 1', { exact: false }).first()).toBeVisible();
  await expect(advanced.locator('.matnat-chart canvas').first()).toBeVisible();

  await page.getByRole('link', { name: 'Redigera Fjällen jämförda' }).click();
  await expect(page).toHaveURL(/\/panel\/\d+\/edit$/);
  await expect(page).toHaveTitle('Redigera Fjällen jämförda · Mätnät');
  await expect(page.getByLabel('Färg 2')).toHaveValue('#b91c1c');
  await expectAccessible(page);
  await screenshots(page, 'panel-edit');
  await page.getByLabel('Titel (valfri)').fill('Fjällen');
  await page.getByRole('button', { name: 'Spara panel' }).click();
  await expect(page).toHaveURL(`${web()}${boardPath}`);
  await expect.poll(() => panelOrder(page)).toEqual(['Abisko linje', 'Kiruna nu', 'Fjällen']);

  await page.getByRole('button', { name: 'Ta bort Kiruna nu' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Avbryt' }).click();
  await expect.poll(() => panelOrder(page)).toEqual(['Abisko linje', 'Kiruna nu', 'Fjällen']);
  await page.getByRole('button', { name: 'Ta bort Kiruna nu' }).click();
  await dialog.getByRole('button', { name: 'Ta bort' }).click();
  await expect.poll(() => panelOrder(page)).toEqual(['Abisko linje', 'Fjällen']);
  await page.reload();
  await expect.poll(() => panelOrder(page)).toEqual(['Abisko linje', 'Fjällen']);
});

test('dashboard.index: favourite toggle (kept), then delete with the confirm-danger dialog and the toast', async () => {
  const title = `${TITLE} 2`;
  await page.goto(`${web()}/dashboard`);
  const star = page.getByRole('button', { name: `Favorit: ${title}` });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);
  await screenshots(page, 'dashboard-index');

  await page.getByRole('button', { name: `Ta bort ${title}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('button', { name: 'Avbryt' })).toBeFocused();
  await screenshots(page, 'dashboard-delete-dialog');
  await dialog.getByRole('button', { name: 'Ta bort' }).click();
  // Spec §4: the row leaves 500 ms after the server replied, then the toast shows.
  await expect(page.getByText('Dashboarden har tagits bort')).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('link', { name: /Skogens temperaturer/ })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
});

test('anna cannot open another team’s dashboard by URL: the 404 page', async ({ browser }) => {
  const id = await erikDashboardId(browser);
  expect(id).toMatch(/^\d+$/);
  await page.goto(`${web()}/dashboard/${id}`);
  await expect(page).toHaveURL(`${web()}/404`);
  await expect(page.getByRole('heading', { name: 'Sidan hittades inte' })).toBeVisible();
  await page.goto(`${web()}/dashboard/999999`);
  await expect(page).toHaveURL(`${web()}/404`);
});
