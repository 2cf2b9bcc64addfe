import { useMemo } from 'react';
import { Panel } from '../charts/Panel';
import { SingleValuePanel } from '../charts/SingleValuePanel';
import type { GeoFeature, GeoFeatureCollection, PanelEntity } from '../data/dataSource';
import { createHttpDataSource } from '../data/httpDataSource';
import { DeviceMap } from '../maps/DeviceMap';
import { TemperatureMap } from '../maps/TemperatureMap';
import { intervalOr, rangeOr } from '../timeFilter/slugs';
import type { TimeFilterValue } from '../timeFilter/TimeFilterSelect';

/** Attributes every element shares: where the API is and how to authenticate. */
interface ApiAttributes {
  /** @default '' (the page's own origin) */
  apiBase?: string;
  /** Read-only embed token for pages on other origins. */
  embedToken?: string;
}

function useDataSource({ apiBase, embedToken }: ApiAttributes) {
  return useMemo(() => createHttpDataSource({ apiBase, embedToken }), [apiBase, embedToken]);
}

export interface PanelElementProps extends ApiAttributes {
  /** The panel to fetch (its type, title and sensors come from the API). */
  panelId?: string;
  /** Instead of `panelId`: the panel given inline, `line_chart` (default) or `single_value`… */
  panelType?: string;
  /** …its sensors, comma-separated… */
  sensorIds?: string;
  /** …and its title. */
  panelTitle?: string;
  range?: string;
  interval?: string;
  height?: number;
  onTimeFilterChange?(value: TimeFilterValue): void;
}

function inlinePanel(type: string | undefined, sensorIds: string, title: string | undefined): PanelEntity {
  const sensors = sensorIds
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
    .map((id) => ({ sensor: { id } }));
  return type === 'single_value'
    ? { id: 'inline', type, title, singleValueItem: sensors[0] ?? null }
    : { id: 'inline', type: 'line_chart', title, lineChartItems: sensors };
}

export function PanelElement(props: PanelElementProps) {
  const { panelId, panelType, sensorIds, panelTitle, range, interval, height, onTimeFilterChange, ...api } =
    props;
  const dataSource = useDataSource(api);
  const panel = useMemo(
    () => (sensorIds ? inlinePanel(panelType, sensorIds, panelTitle) : undefined),
    [panelType, sensorIds, panelTitle],
  );
  if (!panelId && !panel) return null;
  return (
    <Panel
      dataSource={dataSource}
      panel={panel}
      panelId={panelId}
      range={range === undefined ? undefined : rangeOr(range)}
      interval={interval === undefined ? undefined : intervalOr(interval)}
      height={height}
      onChange={onTimeFilterChange}
    />
  );
}

export interface SingleValueElementProps extends ApiAttributes {
  sensorId?: string;
  title?: string;
  unit?: string;
  interval?: string;
}

export function SingleValueElement({ sensorId, title, unit, interval, ...api }: SingleValueElementProps) {
  const dataSource = useDataSource(api);
  if (!sensorId) return null;
  return (
    <SingleValuePanel
      dataSource={dataSource}
      sensorId={sensorId}
      title={title}
      unit={unit}
      interval={intervalOr(interval)}
    />
  );
}

export interface DeviceMapElementProps extends ApiAttributes {
  devices?: GeoFeatureCollection;
  tileUrl?: string;
  attribution?: string;
  satelliteTileUrl?: string;
  height?: number;
  onDeviceSelect?(feature: GeoFeature): void;
}

const NO_DEVICES: GeoFeatureCollection = { type: 'FeatureCollection', features: [] };

export function DeviceMapElement({
  devices,
  tileUrl,
  attribution,
  satelliteTileUrl,
  height,
  onDeviceSelect,
  ...api
}: DeviceMapElementProps) {
  const dataSource = useDataSource(api);
  return (
    <DeviceMap
      devices={devices ?? NO_DEVICES}
      dataSource={dataSource}
      tileUrl={tileUrl}
      attribution={attribution}
      satelliteTileUrl={satelliteTileUrl}
      height={height}
      onSelect={onDeviceSelect}
    />
  );
}

export interface TemperatureMapElementProps extends ApiAttributes {
  tileUrl?: string;
  attribution?: string;
  height?: number;
  refreshMs?: number;
  onReady?(): void;
}

export function TemperatureMapElement({
  tileUrl,
  attribution,
  height,
  refreshMs,
  onReady,
  ...api
}: TemperatureMapElementProps) {
  const dataSource = useDataSource(api);
  return (
    <TemperatureMap
      dataSource={dataSource}
      tileUrl={tileUrl}
      attribution={attribution}
      height={height}
      refreshMs={refreshMs}
      onFirstMarker={onReady}
    />
  );
}
