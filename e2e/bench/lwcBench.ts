// The second peer of `pnpm bench:render`: lightweight-charts alone (no React, no wrapper, no thinning) drawing
// the same `?n=` points in the same box with the whole series in view, `?charts=` charts one after the other,
// as uplotBench.ts does with uPlot: the floor of the chart library that our charts are made with.
import { createChart, LineSeries, type UTCTimestamp } from 'lightweight-charts';
import { benchSeries, params, peerCharts } from './benchPage';

const { times, values } = benchSeries(Number(params.get('n')));
const points = Array.from(times, (t, i) => ({
  time: (t / 1000) as UTCTimestamp,
  value: values[i] as number,
}));
const host = document.getElementById('chart') as HTMLElement;

void peerCharts(() => {
  const chart = createChart(host, {
    width: 1000,
    height: 400,
    layout: { attributionLogo: false },
    // Every point in view, as ours shows the whole series (the default minimum is 0.5 px a point).
    timeScale: { minBarSpacing: 0.001 },
  });
  chart.addSeries(LineSeries, { color: '#0d9488', lineWidth: 2, priceLineVisible: false }).setData(points);
  chart.timeScale().fitContent();
  return () => chart.remove();
});
