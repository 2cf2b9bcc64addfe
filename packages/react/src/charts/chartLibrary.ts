import { lazyLibrary } from '../widgets/lazyLibrary';
import { tickFormats } from './tickFormats';

export type ChartLibrary = Pick<typeof import('lightweight-charts'), 'createChart' | 'LineSeries'>;

// The default locale's axis formats are made while the library loads, alongside the data request.
export const chartLibrary = lazyLibrary<ChartLibrary>(() =>
  import('lightweight-charts').then((lib) => {
    tickFormats('sv-SE');
    return lib;
  }),
);
