import { expect, type Page, test } from '@playwright/test';
import { connectedLabels, type DrawnLabel, latestDraw, recordCanvasText } from './canvasText';

const api = () => process.env.MATNAT_API as string;

const WIDTHS = [375, 1280] as const;

/**
 * The time axis's labels of its latest draw: the text drawn last on the widest short canvas still in the
 * page.
 */
async function timeAxisLabels(page: Page): Promise<DrawnLabel[]> {
  const drawn = await connectedLabels(page);
  const axis = drawn
    .filter((d) => d.canvasHeight < 80 && /^\d|[a-zåäö]/i.test(d.text))
    .sort((a, b) => b.canvasWidth - a.canvasWidth)[0]?.canvas;
  return axis === undefined ? [] : latestDraw(drawn, axis);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'maj', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'];

/** Days between the first and the last date label ("17 nov.", or "nov." for its first day; times skipped). */
function daySpan(labels: DrawnLabel[]): number {
  const days: number[] = [];
  for (const { text } of labels) {
    const match = /^(?:(\d{1,2})\s+)?([a-zåäö]+)\.?$/i.exec(text.trim());
    if (!match) continue;
    const month = MONTHS.findIndex((m) => match[2]?.toLowerCase().startsWith(m));
    if (month < 0) continue;
    let day = month * 31 + Number(match[1] ?? 1);
    // Across a new year the months start again.
    while (days.length && day < (days.at(-1) as number)) day += 12 * 31;
    days.push(day);
  }
  return days.length < 2 ? 0 : (days.at(-1) as number) - (days[0] as number);
}

for (const width of WIDTHS) {
  test(`line chart: a new range (Senaste 30 dagarna) fits its data, and no time-axis label is cut at either end, at ${width} px`, async ({
    page,
  }) => {
    await recordCanvasText(page);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${api()}/web-component-panel/`);
    const select = page.locator('#panel select').first();
    await expect(select).toBeVisible();
    await expect.poll(async () => (await timeAxisLabels(page)).length).toBeGreaterThan(1);

    const answered = page.waitForResponse((r) => r.url().includes('range_slug=prev_30_days'));
    await select.selectOption('prev_30_days');
    await answered;
    // The chart shows all 30 days: its date labels are weeks apart, not the last day of the earlier range.
    await expect.poll(async () => daySpan(await timeAxisLabels(page))).toBeGreaterThanOrEqual(14);

    const labels = await timeAxisLabels(page);
    for (const label of labels) {
      expect(label.left, `"${label.text}" starts inside the axis`).toBeGreaterThanOrEqual(-0.5);
      expect(label.right, `"${label.text}" ends inside the axis`).toBeLessThanOrEqual(
        label.canvasWidth + 0.5,
      );
    }
    await page.screenshot({
      path: `test-results/screenshots/line-chart-30-days-${width}.png`,
      fullPage: true,
    });
  });
}
