import { lazyLibrary } from '../widgets/lazyLibrary';

export type ChartLibrary = typeof import('lightweight-charts');

export const chartLibrary = lazyLibrary<ChartLibrary>(() => import('lightweight-charts'));
