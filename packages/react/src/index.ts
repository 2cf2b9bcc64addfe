export { preloadCharts } from './charts/chartLibrary';
export { downloadText, measurementsToCsv } from './charts/csv';
export { formatAge, formatReading } from './charts/format';
export type { LineChartPanelProps } from './charts/LineChartPanel';
export { LineChartPanel } from './charts/LineChartPanel';
export type { LineChartItemInput } from './charts/measurements';
export { SERIES_COLORS } from './charts/measurements';
export type { PanelInput, PanelItem, PanelProps } from './charts/Panel';
export { Panel } from './charts/Panel';
export type { SingleValuePanelProps } from './charts/SingleValuePanel';
export { SingleValuePanel } from './charts/SingleValuePanel';
export type { ChartPoint, ChartSeriesInput, TimeSeriesChartProps } from './charts/TimeSeriesChart';
export { TimeSeriesChart } from './charts/TimeSeriesChart';
export { useLiveReadings } from './data/useLiveReadings';
export { TEMPERATURE_STOPS, temperatureColor } from './maps/colorScale';
export type { DeviceMapProps } from './maps/DeviceMap';
export { DeviceMap } from './maps/DeviceMap';
export type {
  DeviceFeature,
  DeviceFeatureCollection,
  DeviceFeatureProperties,
  MapDevice,
  MapFeature,
  MapFeatureCollection,
} from './maps/geo';
export { devicesToFeatureCollection } from './maps/geo';
export type { LeafletLibrary } from './maps/leafletLibrary';
export type { MapBounds, TemperatureMapProps } from './maps/TemperatureMap';
export { TemperatureMap } from './maps/TemperatureMap';
export {
  OSM_ATTRIBUTION,
  OSM_TILE_URL,
  osmAttribution,
  SATELLITE_ATTRIBUTION,
  SATELLITE_TILE_URL,
  satelliteAttribution,
} from './maps/useLeafletMap';
export * from './messages';
export * from './provider';
export * from './shop';
export * from './styles';
export type { PanelRange } from './timeFilter/panelRange';
export type { TimeFilterSelectProps, TimeFilterValue } from './timeFilter/TimeFilterSelect';
export { TimeFilterSelect } from './timeFilter/TimeFilterSelect';
export type { TimePickerProps } from './timeFilter/TimePicker';
export { TimePicker } from './timeFilter/TimePicker';
export type { TimeFilterChangeDetail } from './timeFilter/timeFilterDetail';
export * from './ui';
export { whenIdle } from './widgets/seenQueue';
export { widgetStyles } from './widgets/widgetCss';
