// Issue 21 as an embedding page shows it: the demo panels' threshold steps (in their colours, named), the
// limit of the alert that watches one of their sensors, and the shaded period while it fires. Shared by the
// examples (examples.spec.ts), the partner apps (partners/) and the app's journeys.
import { expect, type Locator, type Page } from '@playwright/test';
import { fittingInterval } from '../packages/contract/src/ranges';
import { ingestAt } from './ingest';

/** The demo alert on a sensor of 'Inlandet' (apps/api/src/seed/content.ts): Östersund below −10 °C. */
const FROST_ALERT = /^Frost i Jämtland: < [−-]10\s°C/;

/**
 * The most pixels of one column near the right edge of a chart's plot that carry the alert band's
 * translucent red (the limit's dashed line is opaque, the data lines opaque): a band fills a column from top
 * to bottom, a line's anti-aliased edge gives a column one or two.
 */
export function bandPixels(chart: Locator): Promise<number> {
  return chart.evaluate((element) => {
    let most = 0;
    for (const canvas of element.querySelectorAll('canvas')) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width < 150) continue;
      const from = Math.floor(canvas.width * 0.9);
      const { data, width } = context.getImageData(from, 0, canvas.width - from, canvas.height);
      for (let x = 0; x < width; x++) {
        let count = 0;
        for (let y = 0; y < canvas.height; y++) {
          const i = (y * width + x) * 4;
          const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
          if (a > 10 && a < 90 && r > 150 && g < 80 && b < 80) count++;
        }
        most = Math.max(most, count);
      }
    }
    return most;
  });
}

/** What `watchLines` saw from its start: frames sampled, the fewest line pixels of any, frames marked stale. */
export interface LinesWatched {
  frames: number;
  fewest: number;
  staleFrames: number;
}

/**
 * Samples a chart's plot (its first canvas) every frame from now until the returned function stops it: the
 * opaque pixels of its first line's colour (the panel legend's first swatch: grid, axes and labels are grey,
 * the min/max envelope translucent, threshold and alert lines of other colours, so an empty chart has
 * none), the fewest of any frame, and how many frames the chart was marked stale (`matnat-chart--stale`:
 * the previous data dimmed while new data loads).
 */
export async function watchLines(chart: Locator): Promise<() => Promise<LinesWatched>> {
  const handle = await chart.evaluateHandle((element) => {
    const seen = { frames: 0, fewest: Number.POSITIVE_INFINITY, staleFrames: 0, on: true };
    const swatch = element.closest('.matnat-panel')?.querySelector('.matnat-panel__swatch');
    const rgb = (swatch ? getComputedStyle(swatch).backgroundColor : '').match(/\d+/g)?.map(Number) ?? [];
    if (rgb.length < 3) throw new Error("no legend swatch beside the chart: its line's colour is unknown");
    const sample = () => {
      if (!seen.on) return;
      const canvas = element.querySelector('canvas');
      const data = canvas?.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        const off =
          Math.abs(data[i]! - rgb[0]!) + Math.abs(data[i + 1]! - rgb[1]!) + Math.abs(data[i + 2]! - rgb[2]!);
        if (data[i + 3] === 255 && off < 40) count++;
      }
      seen.frames++;
      seen.fewest = Math.min(seen.fewest, count);
      if (element.classList.contains('matnat-chart--stale')) seen.staleFrames++;
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
    return seen;
  });
  return () =>
    handle.evaluate((seen) => {
      seen.on = false;
      return { frames: seen.frames, fewest: seen.fewest, staleFrames: seen.staleFrames };
    });
}

/** The CSS colour a threshold colour name has by default (THRESHOLD_COLOR_DEFAULTS in @matnat/react). */
const STEP_RGB: Record<string, string> = {
  blue: 'rgb(29, 78, 216)',
  green: 'rgb(21, 128, 61)',
  orange: 'rgb(194, 65, 12)',
  yellow: 'rgb(161, 98, 7)',
  red: 'rgb(185, 28, 28)',
};

/** 'Luftfuktighet Åre''s steps (HUMIDITY_STEPS of the seed): the colour a reading is written in. */
const HUMIDITY_STEPS = [
  { value: 0, color: 'orange', label: 'Torrt' },
  { value: 30, color: 'green', label: 'OK' },
  { value: 70, color: 'yellow', label: 'Fuktigt' },
  { value: 90, color: 'red', label: 'Mycket fuktigt' },
];

type Scope = Page | Locator;

/** The line chart 'Inlandet' names its threshold steps in their colours, and the limit of 'Frost i Jämtland'. */
export async function expectChartRules(scope: Scope): Promise<void> {
  const steps = scope.getByRole('list', { name: 'Gränsvärden' });
  await expect(steps.getByRole('listitem')).toHaveText([
    /^Sträng kyla från [−-]10\s°C$/,
    /^Plusgrader från 0\s°C$/,
    /^Värme från 25\s°C$/,
  ]);
  await expect(steps.locator('.matnat-panel__rule').first()).toHaveCSS('border-top-color', STEP_RGB.blue!);
  await expect(steps.locator('.matnat-panel__rule').last()).toHaveCSS('border-top-color', STEP_RGB.red!);
  await expect(scope.getByRole('list', { name: 'Larm' }).getByRole('listitem')).toHaveText([FROST_ALERT]);
}

/** The single value 'Luftfuktighet Åre' writes its reading in its step's colour and names the step. */
export async function expectSingleValueStep(scope: Scope): Promise<void> {
  const single = scope.locator('.matnat-single-value-panel');
  const number = single.locator('.matnat-single-value__number');
  await expect(number).toHaveText(/^\d+(,\d+)?$/);
  const value = Number((await number.textContent())?.replace(',', '.'));
  const step = HUMIDITY_STEPS.filter((s) => value >= s.value).at(-1)!;
  await expect(single.locator('.matnat-single-value').first()).toHaveCSS('color', STEP_RGB[step.color]!);
  await expect(single.locator('.matnat-single-value__step')).toHaveText(step.label);
}

interface PanelAnswer {
  data: { lineChartItems: { sensor_id: number; device: { title: string; external_device_id: string } }[] };
}
interface AlertPeriodsAnswer {
  data: { alerts: { name: string; periods: { to: string | null }[] }[] };
}

/**
 * Posts a reading of −25 °C from Östersund's spear (in 'Inlandet', demo panel 5) to the ingestion API with
 * the demo integration's secret (docs/ingestion.md): 'Frost i Jämtland' fires, or stays firing. Resolves
 * once the alert periods an embed token reads have it firing (an embed token hears no alert events: a page
 * opened after this shows the firing from its first answer).
 */
export async function fireFrostAlert(api: string, embedToken: string): Promise<void> {
  const headers = { authorization: `Bearer ${embedToken}`, origin: new URL(api).origin };
  const get = async <T>(path: string) => {
    const answer = await fetch(`${api}${path}`, { headers });
    expect(answer.status, path).toBe(200);
    return (await answer.json()) as T;
  };
  const panel = await get<PanelAnswer>(
    '/api/v1/panel/5/?include=lineChartItems.device.sensors,lineChartItems.sensor',
  );
  const item = panel.data.lineChartItems.find((i) => i.device.title === 'Temperaturspjut Östersund 1');
  if (!item) throw new Error("no Östersund line in the demo panel 'Inlandet'");
  await ingestAt(api, item.device.external_device_id, [{ sensor: 'temperature', value: -25 }]);
  await expect
    .poll(
      async () => {
        const { data } = await get<AlertPeriodsAnswer>(
          `/api/v1/sensor/${item.sensor_id}/alert-periods?range_slug=prev_24_h`,
        );
        return data.alerts.some((a) => a.name === 'Frost i Jämtland' && a.periods.at(-1)?.to === null);
      },
      { message: "'Frost i Jämtland' fires" },
    )
    .toBe(true);
}

/** The chart in `scope` that shows Östersund shades the firing of 'Frost i Jämtland' and says it fires. */
export async function expectFrostShaded(scope: Scope): Promise<void> {
  const panel = scope.locator('.matnat-line-chart-panel', { hasText: 'Östersund' }).first();
  const chart = panel.locator('.matnat-chart');
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect.poll(() => bandPixels(chart), { message: 'the firing is shaded' }).toBeGreaterThan(50);
  await expect(panel.getByRole('list', { name: 'Larm' })).toContainText('larmar nu');
}

/** A zoom's measurement request or answer: an absolute range (`from=`). */
export const ZOOM_ANSWER = /\/measurements\?.*from=/;

/**
 * Holds every zoom's measurement request until `release()`, which lets them through and every later one at
 * once (the route stays: unrouting while a held request waits would answer it behind the test's back).
 */
export async function holdZoomAnswers(page: Page): Promise<{ release(): void }> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(ZOOM_ANSWER, async (route) => {
    await gate;
    await route.continue();
  });
  return { release };
}

/** The next measurement request of a zoom (an absolute range), with its range and interval. */
export async function zoomRequest(page: Page) {
  const request = await page.waitForRequest((r) => ZOOM_ANSWER.test(r.url()));
  const query = new URL(request.url()).searchParams;
  const [from, to] = [Date.parse(query.get('from') ?? ''), Date.parse(query.get('to') ?? '')];
  return { from, to, interval: query.get('interval_slug'), slug: query.get('range_slug') };
}

/** The plot: the chart's first canvas (the price axis lies right of it, the time axis below). */
export const plotBox = async (chart: Locator) => (await chart.locator('canvas').first().boundingBox())!;

/** Hovers the plot at a fraction of its width; the tooltip's lines. */
/** Drag across a chart's plot from one fraction of its width to another, at mid-height (a zoom). */
export async function dragAcross(page: Page, chart: Locator, from: number, to: number): Promise<void> {
  const box = await plotBox(chart);
  await page.mouse.move(box.x + box.width * from, box.y + box.height * 0.5);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * to, box.y + box.height * 0.5, { steps: 8 });
  await page.mouse.up();
}

export async function hover(page: Page, chart: Locator, at: number): Promise<string[]> {
  const box = await plotBox(chart);
  await page.mouse.move(box.x + box.width * at, box.y + box.height * 0.4);
  const tooltip = chart.locator('.matnat-chart__tooltip');
  await expect(tooltip).toBeVisible();
  return tooltip.evaluate((tip) => [...tip.childNodes].map((node) => node.textContent ?? ''));
}

/**
 * Zoom and read (issue 21 point 3) on the line chart that shows Östersund in `scope`, as a partner's page
 * has it with no attribute or prop set: the crosshair's tooltip gives the time (Stockholm, 'YYYY-MM-DD
 * HH:mm') and a row per line in Swedish (decimal comma, '°C'); a drag across the plot asks the API for that
 * window as an absolute range at the contract's fitting interval (answered 200 for the page's token or
 * session), shows 'Återställ zoom' and draws the window (its right edge before the latest reading); the
 * button returns to the panel's range.
 */
export async function expectZoomByDrag(page: Page, scope: Scope): Promise<void> {
  const panel = scope.locator('.matnat-line-chart-panel', { hasText: 'Östersund' }).first();
  const chart = panel.locator('.matnat-chart');
  await panel.scrollIntoViewIfNeeded();
  await expect(chart.locator('canvas').first()).toBeVisible();
  const reset = panel.getByRole('button', { name: 'Återställ zoom' });
  await expect(reset).toHaveCount(0);
  const lines = await panel.locator('.matnat-panel__legend').first().locator('li').count();
  const [time, ...rows] = await hover(page, chart, 0.5);
  expect(time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  expect(rows).toHaveLength(lines);
  for (const row of rows) expect(row).toMatch(/ (–|[−-]?\d+(,\d+)?\u00a0°C)$/);
  const lastTime = (await hover(page, chart, 0.995))[0]!;

  // The zoom's answer held a moment: until it comes the range's lines stay, dimmed (never an empty chart).
  const held = await holdZoomAnswers(page);
  const watch = await watchLines(chart);
  const asked = zoomRequest(page);
  const answered = page.waitForResponse((r) => ZOOM_ANSWER.test(r.url()));
  await dragAcross(page, chart, 0.3, 0.7);
  const zoomed = await asked;
  expect(zoomed.slug).toBeNull();
  expect(zoomed.to - zoomed.from).toBeGreaterThan(60_000);
  expect(zoomed.interval).toBe(fittingInterval(zoomed));
  await expect(chart).toHaveClass(/matnat-chart--stale/);
  held.release();
  expect((await answered).status()).toBe(200);
  await expect(chart).not.toHaveClass(/matnat-chart--stale/);
  const watched = await watch();
  expect(watched.staleFrames).toBeGreaterThan(0);
  expect(watched.fewest).toBeGreaterThan(50);
  await expect(reset).toBeVisible();
  await expect(panel.getByRole('alert')).toHaveCount(0);
  // The window is drawn: its right edge is the zoom's end, before the latest reading.
  let zoomedEnd = '';
  await expect
    .poll(async () => {
      zoomedEnd = (await hover(page, chart, 0.995))[0]!;
      return zoomedEnd < lastTime;
    })
    .toBe(true);

  await reset.click();
  await expect(reset).toHaveCount(0);
  // The whole range again, to the latest reading: the right edge reads what it read before the zoom, and
  // still does once the chart settled (the view once moved back 1-3 readings ~0.3 s after the reset, when
  // the price axis widened for the full data's labels).
  await expect.poll(async () => (await hover(page, chart, 0.995))[0]).toBe(lastTime);
  expect(lastTime > zoomedEnd).toBe(true);
  await page.waitForTimeout(1000);
  await hover(page, chart, 0.5);
  await expect.poll(async () => (await hover(page, chart, 0.995))[0]).toBe(lastTime);
}
