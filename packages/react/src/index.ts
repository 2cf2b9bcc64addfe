export { downloadText, measurementsToCsv } from './charts/csv';
export { formatAge, formatReading } from './charts/format';
export type { LineChartPanelProps } from './charts/LineChartPanel';
export { LineChartPanel } from './charts/LineChartPanel';
export type { LineChartItemInput } from './charts/measurements';
export { SERIES_COLORS } from './charts/measurements';
export type { PanelProps } from './charts/Panel';
export { Panel } from './charts/Panel';
export type { SingleValuePanelProps } from './charts/SingleValuePanel';
export { SingleValuePanel } from './charts/SingleValuePanel';
export type { ChartPoint, ChartSeriesInput, TimeSeriesChartProps } from './charts/TimeSeriesChart';
export { TimeSeriesChart } from './charts/TimeSeriesChart';
export { dataSourceFromClient, useDataSource } from './data/clientDataSource';
export type * from './data/dataSource';
export type { HttpDataSourceOptions } from './data/httpDataSource';
export { createHttpDataSource, MatnatHttpError } from './data/httpDataSource';
export { TEMPERATURE_STOPS, temperatureColor } from './maps/colorScale';
export type { DeviceMapProps } from './maps/DeviceMap';
export { DeviceMap } from './maps/DeviceMap';
export { readSettings, SETTINGS_KEY, writeSettings } from './maps/settings';
export type { TemperatureMapProps } from './maps/TemperatureMap';
export { TemperatureMap } from './maps/TemperatureMap';
export {
  OSM_ATTRIBUTION,
  OSM_TILE_URL,
  SATELLITE_ATTRIBUTION,
  SATELLITE_TILE_URL,
} from './maps/useLeafletMap';
export * from './messages';
export * from './provider';
export * from './shop';
export * from './styles';
export type { IntervalSlug, RangeSlug } from './timeFilter/slugs';
export { INTERVAL_SLUGS, RANGE_SLUGS } from './timeFilter/slugs';
export type { TimeFilterSelectProps, TimeFilterValue } from './timeFilter/TimeFilterSelect';
export { TimeFilterSelect } from './timeFilter/TimeFilterSelect';
export * from './ui';
export { widgetStyles } from './widgets/widgetCss';
