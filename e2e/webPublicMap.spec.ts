// Issue 26: the public map is opt-in. A team switches "Visa på den publika kartan" on the device list; the
// public map (/temperaturspjut) and the script-tag example show the change on their next load.
import { expect, type Page, test } from '@playwright/test';
import { expectOnGrid, recordPositions } from './publicPositions';
import { expectAccessible, localTiles, signedIn, web } from './webPages';

const markerCount = async (page: Page, url: string) => {
  await page.goto(url);
  const markers = page.locator('path.matnat-temperature-marker');
  await expect(markers.first()).toBeVisible();
  // The markers are drawn in one commit: once one is visible, all are.
  return markers.count();
};

test('issue 26.1: a spear switched off on the device list leaves the public map and the script-tag map within one refresh', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const guest = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await localTiles(guest);
  await localTiles(page);
  const positions = recordPositions(guest);
  const mapUrl = `${web()}/temperaturspjut`;
  const scriptTagUrl = `${web()}/examples/script-tag-temperature-map/`;
  const onMap = await markerCount(guest, mapUrl);
  const onScriptTag = await markerCount(guest, scriptTagUrl);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page, 'anna@matnat.se');
  await page.goto(`${web()}/device`);
  const table = page.getByRole('table', { name: 'Mätenheter' });
  await expect(table.getByRole('columnheader', { name: 'Publika kartan' })).toBeVisible();
  const spear = table
    .getByRole('checkbox', { name: /^Visa Temperaturspjut .+ på den publika kartan$/ })
    .first();
  await expect(spear).toBeChecked();
  const label = (await spear.evaluate((el) => el.closest('label')?.textContent)) ?? '';
  const title = label.replace(/^Visa (.+) på den publika kartan$/, '$1');
  await spear.uncheck();
  await expect(page.getByText(/visas inte längre på den publika kartan$/)).toBeVisible();
  await expect(spear).not.toBeChecked();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/screenshots/web-public-map-optin-1280.png' });

  try {
    // One refresh of each public page: one marker fewer.
    expect(await markerCount(guest, mapUrl)).toBe(onMap - 1);
    expect(await markerCount(guest, scriptTagUrl)).toBe(onScriptTag - 1);
    // The device page shows the same switch, off.
    await table.getByRole('link', { name: title, exact: true }).click();
    const own = page.getByRole('checkbox', { name: 'Visa på den publika kartan' });
    await expect(own).not.toBeChecked();
    await own.check();
    await expect(page.getByText(/visas på den publika kartan$/)).toBeVisible();
    await expect(own).toBeChecked();
    expect(await markerCount(guest, mapUrl)).toBe(onMap);
    expect(await markerCount(guest, scriptTagUrl)).toBe(onScriptTag);
    // Issue 26.2: the team picks the grid its position is rounded to for the public.
    const grid = page.getByLabel('Rutnät på den publika kartan');
    await expect(grid).toHaveValue('1000');
    await grid.selectOption({ label: 'Avrundad till 5 km' });
    await expect(page.getByText(/avrundad till 5 km på den publika kartan$/)).toBeVisible();
    await expect(grid).toHaveValue('5000');
    await page.screenshot({ path: 'test-results/screenshots/web-public-map-grid-1280.png' });
    expect(await markerCount(guest, mapUrl)).toBe(onMap);
    await grid.selectOption('1000');
    await expect(grid).toHaveValue('1000');
    // Everything the guest's pages received was on the grid.
    expectOnGrid(positions, onMap * 4);
  } finally {
    await guest.close();
  }
});
