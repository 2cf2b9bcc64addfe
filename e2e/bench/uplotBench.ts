// The peer half of `pnpm bench:render`: uPlot drawing the same `?n=` points in the same box, `?charts=`
// charts one after the other in the page, as chartBench.tsx does with ours.
import uPlot from 'uplot';
import { benchSeries, params, peerCharts } from './benchPage';

const { times, values } = benchSeries(Number(params.get('n')));
const data: uPlot.AlignedData = [Float64Array.from(times, (t) => t / 1000), values];
const options: uPlot.Options = {
  width: 1000,
  height: 400,
  legend: { show: false },
  series: [{}, { stroke: '#0d9488', width: 2 }],
};
const host = document.getElementById('chart') as HTMLElement;

void peerCharts(() => {
  const chart = new uPlot(options, data, host);
  return () => chart.destroy();
});
