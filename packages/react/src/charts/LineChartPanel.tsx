import { useEffect, useMemo, useRef, useState } from 'react';
import { useDataSource } from '../data/clientDataSource';
import type { LiveReading, MatnatDataSource, MeasurementSeries } from '../data/dataSource';
import { useMessages } from '../messages';
import { type IntervalSlug, intervalMs, type RangeSlug } from '../timeFilter/slugs';
import {
  TimeFilterSelectView as TimeFilterSelect,
  type TimeFilterValue,
} from '../timeFilter/TimeFilterSelect';
import { useLatest } from '../widgets/useLatest';
import { WidgetRoot } from '../widgets/WidgetRoot';
import { downloadText, measurementsToCsv } from './csv';
import { bucketsToSeries, type LineChartItemInput } from './measurements';
import { TimeSeriesChart } from './TimeSeriesChart';
import { useTimeFilterState } from './useTimeFilterState';

export interface LineChartPanelProps {
  /** One line per item (sensor). */
  items: LineChartItemInput[];
  /** Where readings come from. @default one over the surrounding MatnatProvider's client */
  dataSource?: MatnatDataSource;
  title?: string;
  /** Range slug; a new value overrides what the viewer chose. @default 'prev_5_days' */
  range?: RangeSlug;
  /** Refresh interval slug: the data is fetched again this often. @default '15_m' */
  interval?: IntervalSlug;
  /** The viewer changed the range or interval. */
  onChange?(value: TimeFilterValue): void;
  /** Show the range and interval selects. @default true */
  showTimeFilter?: boolean;
  /** Show the CSV download button. @default true */
  showDownload?: boolean;
  /** Upper bound of buckets per sensor asked from the server. @default 1000 */
  maxPoints?: number;
  /** Chart height in pixels. @default 300 */
  height?: number;
  /** Called when a chart first painted data (benchmarks, analytics). */
  onFirstData?(): void;
}

type LoadState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; data: MeasurementSeries[] };

function LineChartPanelView(props: LineChartPanelProps) {
  const { items, title, showTimeFilter = true, showDownload = true, maxPoints = 1000, height = 300 } = props;
  const dataSource = useDataSource(props.dataSource);
  const messages = useMessages();
  const m = messages.panel;
  const [filter, setFilter] = useTimeFilterState(props.range, props.interval, props.onChange);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [tick, setTick] = useState(0);
  const [live, setLive] = useState<Record<string, LiveReading[]>>({});
  const itemsKey = items.map((i) => String(i.sensorId)).join(',');
  const itemsRef = useLatest(items);
  const rootRef = useRef<HTMLElement>(null);
  const [primary, setPrimary] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (rootRef.current)
      setPrimary(getComputedStyle(rootRef.current).getPropertyValue('--matnat-primary').trim() || undefined);
  }, []);

  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), intervalMs(filter.interval));
    return () => clearInterval(timer);
  }, [filter.interval]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch when the sensors (by id), range or tick change
  useEffect(() => {
    const controller = new AbortController();
    const query = { range_slug: filter.range, interval_slug: filter.interval, max_points: maxPoints };
    Promise.all(
      itemsRef.current.map((item) => dataSource.measurements(item.sensorId, query, controller.signal)),
    ).then(
      (data) => {
        if (controller.signal.aborted) return;
        setLive({});
        setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [dataSource, itemsKey, filter.range, maxPoints, tick]);

  useEffect(() => {
    if (!dataSource.subscribe) return;
    return dataSource.subscribe(itemsKey.split(','), (reading) => {
      setLive((prev) => {
        const key = String(reading.sensor_id);
        return { ...prev, [key]: [...(prev[key] ?? []), reading] };
      });
    });
  }, [dataSource, itemsKey]);

  const data = state.status === 'ready' ? state.data : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: items are compared by sensor id
  const series = useMemo(
    () =>
      data
        ? items.map((item, i) =>
            bucketsToSeries(item, i, data[i] as MeasurementSeries, live[String(item.sensorId)], primary),
          )
        : [],
    [data, live, itemsKey, primary],
  );
  const empty = data !== undefined && series.every((s) => s.points.length === 0);

  const download = () => {
    if (!data) return;
    const rows = items.map((item, i) => ({ item, data: data[i] as MeasurementSeries }));
    downloadText(
      `${(title ?? 'matnat-panel').replace(/[^\p{L}\p{N}_-]+/gu, '-')}-${filter.range}.csv`,
      measurementsToCsv(rows, m.csvHeader, messages.locale),
    );
  };

  return (
    <section
      ref={rootRef}
      className="matnat-panel matnat-line-chart-panel"
      aria-busy={state.status === 'loading'}
    >
      <header className="matnat-panel__header">
        {title ? <h3 className="matnat-panel__title">{title}</h3> : null}
        <div className="matnat-panel__tools">
          {showTimeFilter ? (
            <TimeFilterSelect range={filter.range} interval={filter.interval} onChange={setFilter} />
          ) : null}
          {showDownload ? (
            <button type="button" className="matnat-widget-button" onClick={download} disabled={!data}>
              {m.downloadCsv}
            </button>
          ) : null}
        </div>
      </header>
      {series.length ? (
        <ul className="matnat-panel__legend">
          {series.map((s) => (
            <li key={s.id}>
              <span className="matnat-panel__swatch" style={{ background: s.color }} />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="matnat-panel__body">
        <TimeSeriesChart
          series={series}
          height={height}
          locale={messages.locale}
          onFirstData={props.onFirstData}
        />
        {state.status === 'loading' ? <p className="matnat-panel__status">{m.loading}</p> : null}
        {state.status === 'error' ? (
          <p className="matnat-panel__status" role="alert">
            {m.loadFailed}
          </p>
        ) : null}
        {empty ? <p className="matnat-panel__status">{m.noData}</p> : null}
      </div>
    </section>
  );
}

/** A line chart of one or more sensors over the time filter's range, refreshed every interval. */
export function LineChartPanel(props: LineChartPanelProps) {
  return (
    <WidgetRoot>
      <LineChartPanelView {...props} />
    </WidgetRoot>
  );
}
