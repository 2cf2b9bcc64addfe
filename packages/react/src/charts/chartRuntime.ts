/**
 * Everything a chart needs once it is drawn: lightweight-charts (only the parts used, by name) and our code
 * that works with it (options, thinning, threshold lines, alert bands, the crosshair tooltip and zoom, the
 * warm-up). Loaded on first use by `chartLibrary`, beside the first panel's data: a page that shows no
 * chart never loads it, and a dashboard's first paint does not evaluate it. The library build makes it an entry of its own
 * (`@matnat/react/chart-runtime`); the script tags bundle it inline.
 */
export { createChart, LineSeries } from 'lightweight-charts';
// Used by TimeSeriesChart once its chart exists: with the library, not in the component's entry.
export { diffOptions } from '../widgets/diffOptions';
export { baseOptions } from './chartOptions';
export { PriceLines, TimeBands } from './chartOverlays';
export { attachParts, drawSeries } from './chartSeries';
export { ThinnedLines } from './thinnedLines';
export { tickFormats } from './tickFormats';
export { warmUp } from './warmUp';
