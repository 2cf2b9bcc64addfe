import { intervalOr } from '@matnat/core';
import { useMemo } from 'react';
import { Panel, type PanelInput } from '../charts/Panel';
import { SingleValuePanel } from '../charts/SingleValuePanel';
import { DeviceMap } from '../maps/DeviceMap';
import type { MapFeature, MapFeatureCollection } from '../maps/geo';
import { TemperatureMap } from '../maps/TemperatureMap';
import { tileUrlAttr } from '../maps/useLeafletMap';
import { type TimeFilterChangeDetail, timeFilterDetail } from '../timeFilter/timeFilterDetail';
import { type ApiAttributes, ElementProvider } from './ElementProvider';

export interface PanelElementProps extends ApiAttributes {
  /** The panel to fetch (its type, title and sensors come from the API). */
  panelId?: string;
  /** Instead of `panelId`: the panel given inline, `line_chart` (default) or `single_value`… */
  panelType?: string;
  /** …its sensors, comma-separated… */
  sensorIds?: string;
  /** …and its title. */
  panelTitle?: string;
  /** A preset slug or an absolute range as an ISO 8601 interval `from/to` (see `PanelRange`). */
  range?: string;
  interval?: string;
  height?: number;
  /** `show-alerts="false"`: no alert limits or firing periods on a line chart (issue 21). */
  showAlerts?: boolean;
  onTimeFilterChange?(detail: TimeFilterChangeDetail): void;
}

function inlinePanel(type: string | undefined, sensorIds: string, title: string | undefined): PanelInput {
  const items = sensorIds
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
    .map((id) => ({ sensor_id: Number(id) }));
  return type === 'single_value'
    ? { type, title, singleValueItem: items[0] ?? null }
    : { type: 'line_chart', title, lineChartItems: items };
}

export function PanelElement(props: PanelElementProps) {
  const {
    panelId,
    panelType,
    sensorIds,
    panelTitle,
    range,
    interval,
    height,
    showAlerts,
    onTimeFilterChange,
    ...api
  } = props;
  const panel = useMemo(
    () => (sensorIds ? inlinePanel(panelType, sensorIds, panelTitle) : undefined),
    [panelType, sensorIds, panelTitle],
  );
  if (!panelId && !panel) return null;
  return (
    <ElementProvider {...api}>
      <Panel
        panel={panel}
        panelId={panelId}
        range={range}
        interval={interval === undefined ? undefined : intervalOr(interval)}
        height={height}
        showAlerts={showAlerts}
        onChange={onTimeFilterChange && ((value) => onTimeFilterChange(timeFilterDetail(value)))}
      />
    </ElementProvider>
  );
}

export interface SingleValueElementProps extends ApiAttributes {
  sensorId?: string;
  title?: string;
  unit?: string;
  interval?: string;
}

export function SingleValueElement({ sensorId, title, unit, interval, ...api }: SingleValueElementProps) {
  if (!sensorId) return null;
  return (
    <ElementProvider {...api}>
      <SingleValuePanel sensorId={sensorId} title={title} unit={unit} interval={intervalOr(interval)} />
    </ElementProvider>
  );
}

export interface DeviceMapElementProps extends ApiAttributes {
  devices?: MapFeatureCollection;
  /** `tile-url="false"`: no tiles, the built-in basemap (issue 26). */
  tileUrl?: string;
  attribution?: string;
  satelliteTileUrl?: string;
  height?: number;
  /** `legend="false"` hides the legend of the markers' states. */
  legend?: boolean;
  onDeviceSelect?(feature: MapFeature): void;
}

const NO_DEVICES: MapFeatureCollection = { type: 'FeatureCollection', features: [] };

export function DeviceMapElement({
  devices,
  tileUrl,
  attribution,
  satelliteTileUrl,
  height,
  legend,
  onDeviceSelect,
  ...api
}: DeviceMapElementProps) {
  return (
    <ElementProvider {...api}>
      <DeviceMap
        devices={devices ?? NO_DEVICES}
        tileUrl={tileUrlAttr(tileUrl)}
        attribution={attribution}
        satelliteTileUrl={satelliteTileUrl}
        height={height}
        legend={legend}
        onSelect={onDeviceSelect}
      />
    </ElementProvider>
  );
}

export interface TemperatureMapElementProps extends ApiAttributes {
  /** `tile-url="false"`: no tiles, the built-in basemap (issue 26). */
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
  return (
    <ElementProvider {...api}>
      <TemperatureMap
        tileUrl={tileUrlAttr(tileUrl)}
        attribution={attribution}
        height={height}
        refreshMs={refreshMs}
        onFirstMarker={onReady}
      />
    </ElementProvider>
  );
}
