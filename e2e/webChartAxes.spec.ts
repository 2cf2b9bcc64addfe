// Issue 21 point 7, "y-axis labels never clipped": on the pages the issue names, every chart's lowest and
// highest price-axis label lies wholly inside its canvas, and the canvas wholly inside its panel, at 375 and
// 1280 px in real Chromium.
import { expect, type Page, test } from '@playwright/test';
import { connectedLabels, type DrawnLabel, latestDraw, recordCanvasText } from './canvasText';
import { expectAccessible, signedIn, web } from './webPages';

const WIDTHS = [375, 1280] as const;
const PAGES = ['/dashboard/1', '/device/12'] as const;

/** A number as the price axis writes it ("−12,00", "1 250,5"). */
const NUMBER = /^[−-]?\d[\d\s\u00a0]*(,\d+)?$/;

/**
 * The price axes of the charts on the page: for each canvas in a chart's right price-axis cell, the labels
 * of its latest draw, with whether the canvas lies wholly inside its panel's box.
 */
async function priceAxes(page: Page) {
  const labels = await connectedLabels(page);
  const canvases = await page.evaluate(() => {
    const w = window as unknown as { labelCanvases: HTMLCanvasElement[] };
    return w.labelCanvases.map((canvas) => {
      const chart = canvas.closest('.matnat-chart');
      const panel = canvas.closest('.matnat-line-chart-panel') ?? chart;
      if (!canvas.isConnected || !chart || !panel) return null;
      const box = canvas.getBoundingClientRect();
      const panelBox = panel.getBoundingClientRect();
      // lightweight-charts lays a chart out as a table: the pane's row first (left axis, pane, right axis),
      // then the time axis's.
      const cell = canvas.closest('td');
      const row = cell?.parentElement as HTMLTableRowElement | null | undefined;
      return {
        axis: Boolean(cell && row && row.rowIndex === 0 && cell === row.lastElementChild),
        inside:
          box.left >= panelBox.left - 0.5 &&
          box.right <= panelBox.right + 0.5 &&
          box.top >= panelBox.top - 0.5 &&
          box.bottom <= panelBox.bottom + 0.5,
      };
    });
  });
  return canvases.flatMap((canvas, index) => {
    if (!canvas?.axis) return [];
    const drawn = latestDraw(labels, index).filter((d) => NUMBER.test(d.text.trim()));
    return drawn.length ? [{ inside: canvas.inside, labels: drawn }] : [];
  });
}

function expectInside(label: DrawnLabel, which: string) {
  const what = `the ${which} y-axis label "${label.text}"`;
  expect(label.top, `${what} starts below the canvas's top`).toBeGreaterThanOrEqual(-0.5);
  expect(label.bottom, `${what} ends above the canvas's bottom`).toBeLessThanOrEqual(
    label.canvasHeight + 0.5,
  );
  expect(label.left, `${what} starts inside the canvas`).toBeGreaterThanOrEqual(-0.5);
  expect(label.right, `${what} ends inside the canvas`).toBeLessThanOrEqual(label.canvasWidth + 0.5);
}

for (const width of WIDTHS) {
  for (const path of PAGES) {
    test(`issue 21 point 7: on ${path} no chart's lowest or highest y-axis label is clipped, at ${width} px`, async ({
      page,
    }) => {
      await recordCanvasText(page);
      await page.setViewportSize({ width, height: 900 });
      await signedIn(page, 'anna@matnat.se');
      await page.goto(`${web()}${path}`);
      const charts = page.locator('.matnat-line-chart-panel .matnat-chart');
      await expect(charts.first()).toBeVisible();
      const count = await charts.count();
      // Every chart has drawn its axis with its data (more than one label), after any resize of the layout.
      await expect
        .poll(async () => (await priceAxes(page)).filter((axis) => axis.labels.length > 1).length)
        .toBeGreaterThanOrEqual(count);
      await page.waitForTimeout(500);
      for (const axis of await priceAxes(page)) {
        expect(axis.inside, 'the price axis lies inside its panel').toBe(true);
        const byHeight = [...axis.labels].sort((a, b) => a.top - b.top);
        expectInside(byHeight[0] as DrawnLabel, 'highest');
        expectInside(byHeight.at(-1) as DrawnLabel, 'lowest');
      }
      await expectAccessible(page);
      await page.screenshot({
        path: `test-results/screenshots/web-y-axis-${path.replaceAll('/', '-').slice(1)}-${width}.png`,
        fullPage: true,
      });
    });
  }
}
