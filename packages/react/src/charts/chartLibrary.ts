import { lazyLibrary } from '../widgets/lazyLibrary';

export type ChartLibrary = Pick<typeof import('lightweight-charts'), 'createChart' | 'LineSeries'>;

export const chartLibrary = lazyLibrary<ChartLibrary>(() => import('lightweight-charts'));
