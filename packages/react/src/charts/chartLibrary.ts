import { lazyLibrary } from '../widgets/lazyLibrary';
import { baseOptions } from './chartOptions';
import { tickFormats } from './tickFormats';

export type ChartLibrary = Pick<typeof import('lightweight-charts'), 'createChart' | 'LineSeries'>;

/** Longest wait for the warm-up chart's frame (a page in a background tab draws no frames). */
const WARM_UP_MS = 150;

/**
 * Draws a small chart once out of sight, as ours are made (options, a line, axis labels), and removes it
 * after its first frame: the chart library's code then runs compiled when the first data arrives, instead
 * of being compiled while the visitor waits for the first chart (about half of its time, issue 13).
 */
export function warmUp(lib: ChartLibrary): Promise<void> {
  if (typeof document === 'undefined' || !document.body) return Promise.resolve();
  const box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  box.style.cssText = 'position:fixed;left:-10000px;top:0;width:480px;height:240px;pointer-events:none';
  document.body.append(box);
  const chart = lib.createChart(box, baseOptions('sv-SE', 240, box));
  const line = chart.addSeries(lib.LineSeries, { lineWidth: 2, priceLineVisible: false });
  const start = Math.floor(Date.now() / 60_000) * 60;
  line.setData(
    Array.from({ length: 120 }, (_, i) => ({ time: start + i * 60, value: 10 + Math.sin(i / 9) })) as never,
  );
  chart.timeScale().fitContent();
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

// The default locale's axis formats are made while the library loads, alongside the data request, and a
// chart is drawn once out of sight (warmUp).
export const chartLibrary = lazyLibrary<ChartLibrary>(() =>
  import('lightweight-charts').then(async (lib) => {
    tickFormats('sv-SE');
    await warmUp(lib);
    return lib;
  }),
);
