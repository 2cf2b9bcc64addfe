import { useEffect, useState } from 'react';
import { useDataSource } from '../data/clientDataSource';
import type { MatnatDataSource, PanelEntity } from '../data/dataSource';
import { useMessages } from '../messages';
import type { IntervalSlug, RangeSlug } from '../timeFilter/slugs';
import type { TimeFilterValue } from '../timeFilter/TimeFilterSelect';
import { WidgetRoot } from '../widgets/WidgetRoot';
import { LineChartPanel } from './LineChartPanel';
import { SingleValuePanel } from './SingleValuePanel';

export interface PanelProps {
  /** Where readings come from. @default one over the surrounding MatnatProvider's client */
  dataSource?: MatnatDataSource;
  /** The panel with its items; when absent it is fetched by `panelId`. */
  panel?: PanelEntity;
  panelId?: number | string;
  range?: RangeSlug;
  interval?: IntervalSlug;
  onChange?(value: TimeFilterValue): void;
  /** Show a line chart's own range and interval selects; hide them when the page has one filter for all its panels. @default true */
  showTimeFilter?: boolean;
  /** Line-chart height in pixels. @default 300 */
  height?: number;
  onFirstData?(): void;
}

function sensorLabel(item: {
  sensor: { id: number | string; name?: string | null; title?: string | null };
  device?: { title?: string | null; external_device_id?: string | null } | null;
}) {
  const device = item.device?.title ?? item.device?.external_device_id;
  const sensor = item.sensor.name ?? item.sensor.title ?? `Sensor ${item.sensor.id}`;
  return device ? `${device} · ${sensor}` : sensor;
}

function PanelView({
  dataSource: givenSource,
  panel: given,
  panelId,
  range,
  interval,
  onChange,
  showTimeFilter,
  height,
  onFirstData,
}: PanelProps) {
  const dataSource = useDataSource(givenSource);
  const m = useMessages().panel;
  const [loaded, setLoaded] = useState<PanelEntity | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (given || panelId == null) return;
    const controller = new AbortController();
    setFailed(false);
    dataSource.panel(panelId, controller.signal).then(
      (p) => !controller.signal.aborted && setLoaded(p),
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, [dataSource, given, panelId]);

  const panel = given ?? loaded;
  if (!panel) {
    return (
      <section className="matnat-panel">
        <p className="matnat-panel__status" role={failed ? 'alert' : undefined}>
          {failed ? m.loadFailed : m.loading}
        </p>
      </section>
    );
  }
  const title = panel.title ?? undefined;
  if (panel.type === 'line_chart') {
    const items = (panel.lineChartItems ?? []).map((item) => ({
      sensorId: item.sensor.id,
      label: sensorLabel(item),
      unit: item.sensor.unit ?? undefined,
      color: item.color ?? undefined,
    }));
    return (
      <LineChartPanel
        items={items}
        dataSource={dataSource}
        title={title}
        range={range}
        interval={interval}
        onChange={onChange}
        showTimeFilter={showTimeFilter}
        height={height}
        onFirstData={onFirstData}
      />
    );
  }
  if (panel.type === 'single_value') {
    const item =
      panel.singleValueItem ?? (panel.sensor ? { sensor: panel.sensor, device: panel.device } : null);
    if (item) {
      return (
        <SingleValuePanel
          sensorId={item.sensor.id}
          dataSource={dataSource}
          title={title ?? sensorLabel(item)}
          unit={item.sensor.unit ?? undefined}
          interval={interval}
        />
      );
    }
  }
  return (
    <section className="matnat-panel">
      <p className="matnat-panel__status" role="alert">
        {m.unknownPanelType(panel.type)}
      </p>
    </section>
  );
}

/** A dashboard panel by its type (spec §1): a line chart or a single-value readout. */
export function Panel(props: PanelProps) {
  return (
    <WidgetRoot>
      <PanelView {...props} />
    </WidgetRoot>
  );
}
