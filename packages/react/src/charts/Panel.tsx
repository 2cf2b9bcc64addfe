import type { IntervalSlug, LineChartItem, Panel as PanelEntity } from '@matnat/core';
import { useResource } from '../data/resource';
import { useWidgetClient } from '../data/useWidgetClient';
import { useWidgetError } from '../data/widgetError';
import { useMessageGroups } from '../messages/context';
import { svPanelGroups } from '../messages/sv';
import type { PanelRange } from '../timeFilter/panelRange';
import type { TimeFilterValue } from '../timeFilter/TimeFilterSelect';
import { WidgetRoot } from '../widgets/WidgetRoot';
import { panelStyles } from '../widgets/widgetCss';
import { LineChartPanel } from './LineChartPanel';
import { SingleValuePanel } from './SingleValuePanel';

/** One sensor of a panel: its id, and its sensor and device when the answer included them. */
export type PanelItem = Pick<LineChartItem, 'sensor_id'> &
  Partial<Pick<LineChartItem, 'sensor' | 'device' | 'color'>>;

/** A panel as the API returns it (the contract's `Panel`), or given inline with just its sensors. */
export type PanelInput = Pick<PanelEntity, 'type'> &
  Partial<Pick<PanelEntity, 'id' | 'title' | 'sensor' | 'device' | 'thresholds'>> & {
    lineChartItems?: PanelItem[];
    singleValueItem?: PanelItem | null;
  };

export interface PanelProps {
  /** The panel with its items; when absent it is fetched by `panelId`. */
  panel?: PanelInput;
  panelId?: number | string;
  /** A preset slug or an absolute range (see `PanelRange`). */
  range?: PanelRange;
  interval?: IntervalSlug;
  onChange?(value: TimeFilterValue): void;
  /** Show a line chart's own range and interval selects; hide them when the page has one filter for all its panels. @default true */
  showTimeFilter?: boolean;
  /** Line-chart height in pixels. @default 300 */
  height?: number;
  /** A line chart draws its sensors' alert limits and shades their firing periods (issue 21). @default true */
  showAlerts?: boolean;
  onFirstData?(): void;
}

function itemLabel(item: PanelItem): string {
  const device = item.device?.title ?? item.device?.external_device_id;
  const sensor = item.sensor?.name ?? `Sensor ${item.sensor_id}`;
  return device ? `${device} · ${sensor}` : sensor;
}

/** The panel's sensors, whichever parts of the panel the answer carried. */
function singleItem(panel: PanelInput): PanelItem | null {
  const item = panel.singleValueItem;
  const sensor = item?.sensor ?? panel.sensor ?? undefined;
  const sensorId = item?.sensor_id ?? sensor?.id;
  if (sensorId == null) return null;
  return { sensor_id: sensorId, sensor, device: item?.device ?? panel.device ?? undefined };
}

function usePanel(given: PanelInput | undefined, panelId: number | string | undefined) {
  const client = useWidgetClient('queries');
  const fetched = useResource({
    ...client.queries.panel(Number(panelId ?? 0)),
    enabled: !given && panelId != null,
  });
  return given ? { data: given, error: null } : fetched;
}

function PanelStatus({ text, alert }: { text: string; alert?: boolean }) {
  return (
    <section className="matnat-panel">
      <p className="matnat-panel__status" role={alert ? 'alert' : undefined}>
        {text}
      </p>
    </section>
  );
}

function PanelView({ panel: given, panelId, ...shared }: PanelProps) {
  const m = useMessageGroups(svPanelGroups).panel;
  const { data: panel, error } = usePanel(given, panelId);
  const failure = useWidgetError(error, m.loadFailed);
  if (!panel) return <PanelStatus text={failure ?? m.loading} alert={Boolean(failure)} />;
  const title = panel.title ?? undefined;
  const id = panel.id ?? panelId;
  const key = id == null ? undefined : `panel-${id}`;
  if (panel.type === 'line_chart') {
    const items = (panel.lineChartItems ?? []).map((item) => ({
      sensorId: item.sensor_id,
      label: itemLabel(item),
      unit: item.sensor?.unit ?? undefined,
      color: item.color ?? undefined,
    }));
    return (
      <LineChartPanel items={items} title={title} filterKey={key} thresholds={panel.thresholds} {...shared} />
    );
  }
  const item = panel.type === 'single_value' ? singleItem(panel) : null;
  if (item) {
    return (
      <SingleValuePanel
        sensorId={item.sensor_id}
        title={title ?? itemLabel(item)}
        unit={item.sensor?.unit ?? undefined}
        thresholds={panel.thresholds}
        range={shared.range}
        interval={shared.interval}
        onChange={shared.onChange}
        filterKey={key}
      />
    );
  }
  return <PanelStatus text={m.unknownPanelType(panel.type)} alert />;
}

/** A dashboard panel by its type (spec §1): a line chart or a single-value readout. */
export function Panel(props: PanelProps) {
  return (
    <WidgetRoot sheet={panelStyles}>
      <PanelView {...props} />
    </WidgetRoot>
  );
}
