// What a partner sees on a page with the three widgets: a chart with its data drawn, its threshold steps and
// alert limit (shaded while the alert fires), zoom by drag and its reset, a single value with its unit in its
// step's colour, the temperature map's markers over the (local) tiles, and nothing gone wrong on the way.
import { expect, type Page } from '@playwright/test';
import {
  expectChartRules,
  expectFrostShaded,
  expectSingleValueStep,
  expectZoomByDrag,
  fireFrostAlert,
} from '../panelChecks';
import { api, embedToken } from './servedApp';

interface PageWatch {
  /** Uncaught errors, console errors and requests that left the machine, in the order they came. */
  problems: string[];
  /** Requests to the local tile server, whose address the page was given as `tileUrl`. */
  tileRequests: number;
}

/** Collects what a partner would find in the browser's console or network tab. */
function watchPage(page: Page): PageWatch {
  const watch: PageWatch = { problems: [], tileRequests: 0 };
  const tiles = new URL(process.env.MATNAT_TILES as string).origin;
  page.on('pageerror', (e) => watch.problems.push(`page error: ${e.message}`));
  page.on('console', (msg) => {
    // Chromium asks every origin for /favicon.ico; the apps have none.
    if (msg.type() === 'error' && !msg.location().url.endsWith('/favicon.ico')) {
      watch.problems.push(`console error: ${msg.text()}`);
    }
  });
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.origin === tiles) watch.tileRequests++;
    if (url.protocol.startsWith('http') && url.hostname !== '127.0.0.1') {
      watch.problems.push(`request off the machine: ${req.url()}`);
    }
  });
  return watch;
}

/**
 * Opaque, clearly coloured pixels in the page's canvases: the chart's data lines. Grid, axes and labels are
 * grey and the min/max envelope is translucent, so an empty chart has none.
 */
function colouredChartPixels(page: Page): Promise<number> {
  return page.locator('canvas').evaluateAll((canvases) => {
    let count = 0;
    for (const c of canvases as HTMLCanvasElement[]) {
      if (!c.width || !c.height) continue;
      const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
      if (!data) continue;
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b, a] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0, data[i + 3] ?? 0];
        if (a === 255 && Math.max(r, g, b) - Math.min(r, g, b) > 60) count++;
      }
    }
    return count;
  });
}

/**
 * Opens the page and expects the line chart (panel 5), the single value (panel 6) and the temperature map,
 * as the demo data has them. The first visit to a dev server compiles the page, hence the long timeout.
 */
export async function expectWidgetsShown(page: Page, url: string): Promise<void> {
  const watch = watchPage(page);
  await fireFrostAlert(api(), embedToken());
  await page.goto(url, { timeout: 240_000 });
  try {
    await expectWidgets(page, watch);
  } catch (error) {
    // A widget that never shows usually has its reason in the console: put it in the failure.
    if (error instanceof Error && watch.problems.length > 0) {
      error.message += `\n\nOn the page:\n${watch.problems.join('\n')}`;
    }
    throw error;
  }
}

async function expectWidgets(page: Page, watch: PageWatch): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Inlandet' })).toBeVisible();
  await expect
    .poll(() => colouredChartPixels(page), { message: 'the line chart draws its data' })
    .toBeGreaterThan(100);

  await expect(page.getByRole('heading', { name: 'Luftfuktighet Åre' })).toBeVisible();
  // The latest humidity in the Swedish number format with its unit, e.g. "63,2 %".
  await expect(page.getByText(/^\s*-?\d+(,\d+)?\s*%\s*$/).first()).toBeVisible();
  // Issue 21: the stored panels' threshold steps, the alert watching one of the chart's sensors, its firing.
  await expectChartRules(page);
  await expectSingleValueStep(page);
  await expectFrostShaded(page);
  // Issue 21 point 3: zoom by drag into a period and back with 'Återställ zoom', no prop set.
  await expectZoomByDrag(page, page);

  const markers = page.locator('.matnat-temperature-marker');
  await expect(markers.first()).toBeVisible();
  expect(await markers.count(), 'one marker per public temperature spear').toBeGreaterThan(3);
  expect(watch.tileRequests, 'map tiles come from the tileUrl given').toBeGreaterThan(0);

  // Widgets report a failure as an alert in their own place on the page.
  await expect(page.locator('main').getByRole('alert')).toHaveCount(0);
  expect(watch.problems).toEqual([]);
}
