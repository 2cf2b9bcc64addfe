import type { createChart, LineSeries } from 'lightweight-charts';
import { baseOptions } from './chartOptions';
import { PriceLines, TimeBands } from './chartOverlays';
import { ThinnedLines } from './thinnedLines';

type Library = { createChart: typeof createChart; LineSeries: typeof LineSeries };

/** Points of the warm-up chart's line. */
const WARM_UP_POINTS = 5000;
/** Longest wait for the warm-up chart's frame (a page in a background tab draws no frames). */
const WARM_UP_MS = 150;

/**
 * Draws a small chart once out of sight, as ours are made (options, a thinned line, axis labels, a threshold
 * line and a shaded alert period, issue 21), and removes it
 * after its first frame: the chart library's code then runs compiled when the first data arrives, instead
 * of being compiled while the visitor waits for the first chart (about half of its time, issue 13).
 */
export function warmUp(lib: Library): Promise<void> {
  if (typeof document === 'undefined' || !document.body) return Promise.resolve();
  const box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  box.style.cssText = 'position:fixed;left:-10000px;width:480px;height:240px';
  document.body.append(box);
  const chart = lib.createChart(box, baseOptions('sv-SE', 240, box));
  const line = chart.addSeries(lib.LineSeries, { lineWidth: 2, priceLineVisible: false });
  // Enough minute readings to be thinned to the box's pixel columns, as a long series is (thinning.ts).
  const points = Array.from({ length: WARM_UP_POINTS }, (_, i) => ({
    time: i * 60_000,
    value: 10 + Math.sin(i / 90),
  }));
  const lines = new ThinnedLines(chart, () => 480);
  lines.set(line, points);
  lines.draw(true);
  // A limit and a firing period: their code (price lines, axis labels, the pane primitive) runs compiled
  // in the first chart that has thresholds or alerts.
  new PriceLines(box).set(line, [{ value: 10, color: '#b91c1c', label: 'Larm', dashed: true }]);
  const bands = new TimeBands();
  chart.panes()[0]?.attachPrimitive(bands);
  bands.set([{ from: 0, to: 600_000, color: 'rgba(220, 38, 38, 0.14)' }]);
  return new Promise((resolve) => {
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      cancelAnimationFrame(frame);
      chart.remove();
      box.remove();
      resolve();
    };
    // The library paints in its own animation frame callback, which runs before this one.
    const frame = requestAnimationFrame(() => setTimeout(done, 0));
    const timer = setTimeout(done, WARM_UP_MS);
  });
}
