import { rangeQuery } from '@matnat/contract/plain';
import {
  type IntervalSlug,
  intervalMs,
  type LiveReading,
  type MeasurementBuckets,
  type ThresholdStep,
} from '@matnat/core';
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import { fetchResource, keepPreviousOfSensors, useResource } from '../data/resource';
import { useLiveReadings } from '../data/useLiveReadings';
import { useWidgetClient } from '../data/useWidgetClient';
import { useWidgetError } from '../data/widgetError';
import { useMessageGroups } from '../messages/context';
import { svPanelGroups } from '../messages/sv';
import { type PanelRange, rangeKey } from '../timeFilter/panelRange';
import {
  TimeFilterSelectView as TimeFilterSelect,
  type TimeFilterValue,
} from '../timeFilter/TimeFilterSelect';
import { useSeen } from '../widgets/useSeen';
import { WidgetRoot } from '../widgets/WidgetRoot';
import { panelStyles } from '../widgets/widgetCss';
import { ALERT_LIMIT_COLOR, alertBands, alertLines, useChartAlerts } from './alertOverlays';
import { preloadCharts } from './chartLibrary';
import { downloadText, measurementsToCsv } from './csv';
import { formatReading } from './format';
import { bucketsToSeries, type LineChartItemInput, seriesLook } from './measurements';
import { type ChartLine, TimeSeriesChart } from './TimeSeriesChart';
import { thresholdColor } from './thresholds';
import { usePanelTimeFilter } from './usePanelTimeFilter';

export interface LineChartPanelProps {
  /** One line per item (sensor). */
  items: LineChartItemInput[];
  title?: string;
  /**
   * A preset slug or an absolute range (`'2026-11-01/2026-11-03'`, `{ from, to }`; see `PanelRange`); a new
   * value overrides what the viewer chose. @default the stored choice, else 'prev_5_days'
   */
  range?: PanelRange;
  /** Refresh interval slug: the data is fetched again this often. @default the stored choice, else '15_m' */
  interval?: IntervalSlug;
  /** The viewer changed the range or interval. */
  onChange?(value: TimeFilterValue): void;
  /**
   * Where the viewer's range and interval are kept (with the page's path) in the core's time-filter store.
   * @default 'sensors-' and the sensor ids
   */
  filterKey?: string;
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
  /** Threshold steps (ascending values, issue 21): drawn as lines in their colours and named under the chart. */
  thresholds?: readonly ThresholdStep[];
  /**
   * Draw the limits of the alerts that watch the sensors (dashed, named by the alert) and shade the periods
   * they fired in the range, live as they fire (issue 21). @default true
   */
  showAlerts?: boolean;
}

/** The buckets of every item over the filter, each sensor's series shared with any other widget asking. */
function useSeries(
  ids: string[],
  filter: TimeFilterValue,
  maxPoints: number,
  refetchMs: number,
  enabled: boolean,
) {
  const client = useWidgetClient('queries');
  const query = { ...rangeQuery(filter), interval_slug: filter.interval_slug, max_points: maxPoints };
  return useResource<MeasurementBuckets[]>({
    queryKey: ['sensor', 'series', ids, query],
    queryFn: () =>
      Promise.all(
        ids.map((id) => fetchResource(client, client.queries.measurements(Number(id), query), refetchMs / 2)),
      ),
    refetchInterval: refetchMs,
    enabled,
    // A zoom or a new range keeps the lines it had (dimmed, busy) until its own buckets come (issue 21).
    placeholderData: keepPreviousOfSensors(ids),
  });
}

/** Readings pushed by the stream since the buckets were fetched, per sensor. */
function useLiveSince(ids: string[], data: unknown): Record<string, LiveReading[]> {
  const [live, setLive] = useState<Record<string, LiveReading[]>>({});
  // New buckets replace what the stream added. Kept as it was when nothing was added: a new empty object
  // re-rendered the panel after every answer and handed the same data to the chart again (a second paint).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when new buckets came
  useEffect(() => setLive((prev) => (Object.keys(prev).length ? {} : prev)), [data]);
  // The stream is joined at mount, with every other widget of the page: joined at each panel's first
  // buckets instead, a dashboard's one connection was reopened once per panel as their answers came in.
  useLiveReadings(ids, (reading) => {
    const key = String(reading.sensor_id);
    setLive((prev) => ({ ...prev, [key]: [...(prev[key] ?? []), reading] }));
  });
  return live;
}

function LineChartPanelView(props: LineChartPanelProps) {
  const { items, title, showTimeFilter = true, showDownload = true, maxPoints = 1000, height = 300 } = props;
  const messages = useMessageGroups(svPanelGroups);
  const m = messages.panel;
  const ids = items.map((i) => String(i.sensorId));
  const [filter, setFilter, badRange] = usePanelTimeFilter(
    props.filterKey ?? `sensors-${ids.join(',')}`,
    props.range,
    props.interval,
    props.onChange,
  );
  // Nothing is asked for and no chart is made before the panel comes near the viewport (issue 22).
  const box = useRef<HTMLElement>(null);
  const seen = useSeen(box);
  // The chart library (and its warm-up) is asked for in the render that first sees the panel, before the
  // data: its request goes out ahead of the measurement requests, which on HTTP/1.1 share six connections
  // with it (a dashboard's library waited behind its panels' nine answers, issue 8). A failure is reported
  // by the chart waiting for it.
  const libraryAsked = useRef(false);
  if (seen && !libraryAsked.current) {
    libraryAsked.current = true;
    preloadCharts();
  }
  // A zoom (issue 21) shows its period at its fitting interval until the viewer resets it or picks a range;
  // the data is refreshed as often as the filter says.
  const [zoom, setZoom] = useState<[string, TimeFilterValue] | null>(null);
  const zoomed = zoom?.[0] === rangeKey(filter) ? zoom[1] : null;
  const fetched = useSeries(
    ids,
    zoomed ?? filter,
    maxPoints,
    intervalMs(filter.interval_slug),
    seen && badRange === undefined,
  );
  const { error, isPending } = fetched;
  // A range the host gave that cannot be shown (issue 21 Bad input): no data, not even the default
  // range's from the cache; the panel says why instead.
  const data = badRange === undefined ? fetched.data : undefined;
  // The lines of the range or zoom before, shown dimmed until this one's buckets replace them: never as if
  // they were this range's (no download of them, the panel busy, 'Laddar…' over them).
  const stale = data !== undefined && fetched.isPlaceholderData;
  // The stream's readings since the range's buckets: kept while zoomed (the zoom's buckets do not hold
  // them), drawn again after 'Återställ zoom'.
  const rangeData = useRef(data);
  if (!zoomed) rangeData.current = data;
  const live = useLiveSince(ids, rangeData.current);
  const failure =
    useWidgetError(error, m.loadFailed) ??
    (badRange === undefined ? null : messages.chart.badRange(badRange));

  // The first line's colour is the theme's primary as CSS: the chart resolves it when it draws the line (an
  // effect at mount that read it forced a style recalculation and rendered every panel twice, issue 8).
  // biome-ignore lint/correctness/useExhaustiveDependencies: items are compared by sensor id
  const series = useMemo(
    () =>
      data
        ? items.map((item, i) =>
            // A zoomed period ends where it ends: no live readings after it.
            bucketsToSeries(
              item,
              i,
              data[i] as MeasurementBuckets,
              zoomed ? [] : live[String(item.sensorId)],
            ),
          )
        : [],
    [data, live, ids.join(), zoomed],
  );
  const empty = data !== undefined && series.every((s) => s.points.length === 0);
  const alerts = useChartAlerts(
    ids,
    filter,
    intervalMs(filter.interval_slug),
    props.showAlerts !== false && badRange === undefined,
    seen,
  );
  const lines = useMemo(
    (): ChartLine[] => [
      ...(props.thresholds ?? []).map((step) => ({
        value: step.value,
        color: thresholdColor(step.color),
        label: step.label,
      })),
      ...alertLines(alerts),
    ],
    [props.thresholds, alerts],
  );
  const bands = useMemo(() => alertBands(alerts), [alerts]);
  const unit = items[0]?.unit ?? '';
  const unitText = unit ? `\u00a0${unit}` : '';
  // The chart is created with its first data, not empty before it: an empty chart painted while the request
  // is under way, then resized its canvases and painted twice more when the data came (issue 13).
  const [charted, setCharted] = useState(false);
  if (seen && data !== undefined && !charted) setCharted(true);

  const download = () => {
    if (!data) return;
    const rows = items.map((item, i) => ({ item, data: data[i] as MeasurementBuckets }));
    downloadText(
      `${(title ?? 'matnat-panel').replace(/[^\p{L}\p{N}_-]+/gu, '-')}-${filter.range_slug}.csv`,
      measurementsToCsv(rows, m.csvHeader, messages.locale),
    );
  };

  return (
    <section ref={box} className="matnat-panel matnat-line-chart-panel" aria-busy={isPending || stale}>
      <header className="matnat-panel__header">
        {title ? <h3 className="matnat-panel__title">{title}</h3> : null}
        <div className="matnat-panel__tools">
          {zoomed ? (
            <button
              type="button"
              className="matnat-widget-button"
              // Back on the chart: the button goes with the zoom, the keyboard's place with it.
              onClick={() => {
                setZoom(null);
                box.current?.querySelector<HTMLElement>('.matnat-chart')?.focus();
              }}
            >
              {messages.chart.resetZoom}
            </button>
          ) : null}
          {showTimeFilter ? <TimeFilterSelect value={filter} onChange={setFilter} /> : null}
          {showDownload ? (
            <button
              type="button"
              className="matnat-widget-button"
              onClick={download}
              disabled={!data || stale}
            >
              {m.downloadCsv}
            </button>
          ) : null}
        </div>
      </header>
      {/* From the items, not the data: a legend appearing with the data would push the chart down. */}
      <ul className="matnat-panel__legend">
        {items
          .map((item, i) => seriesLook(item, i))
          .map((s) => (
            <li key={s.id}>
              <span className="matnat-panel__swatch" style={{ background: s.color }} />
              {s.label}
            </li>
          ))}
      </ul>
      {props.thresholds?.length ? (
        <RuleLegend
          label={m.thresholds}
          rules={props.thresholds.map((step) => ({
            key: `${step.value}`,
            color: thresholdColor(step.color),
            text: `${step.label} ${m.fromValue(formatReading(step.value, messages.locale, 2), unit)}`,
          }))}
        />
      ) : null}
      <div className="matnat-panel__body">
        {charted ? (
          <TimeSeriesChart
            series={series}
            className={stale ? 'matnat-chart--stale' : undefined}
            height={height}
            locale={messages.locale}
            onFirstData={props.onFirstData}
            lines={lines}
            bands={bands}
            onZoom={(value) => setZoom([rangeKey(filter), value])}
          />
        ) : (
          <div className="matnat-chart" style={{ height }} />
        )}
        {(isPending || stale) && !failure ? <p className="matnat-panel__status">{m.loading}</p> : null}
        {failure && !data ? (
          <p className="matnat-panel__status" role="alert">
            {failure}
          </p>
        ) : null}
        {empty ? <p className="matnat-panel__status">{m.noData}</p> : null}
        {/* For screen readers, inside the chart's box: named when their answer comes, they move nothing. */}
        {alerts.length ? (
          <RuleLegend
            label={m.alerts}
            style={VISUALLY_HIDDEN}
            rules={alerts.map((alert) => ({
              key: `${alert.alert_id}-${alert.sensor_id}`,
              color: ALERT_LIMIT_COLOR,
              dashed: true,
              text: `${alert.name}: ${alert.limits
                .map((l) => `${l.operator} ${formatReading(l.threshold, messages.locale, 2)}${unitText}`)
                .join(', ')}`,
              strong: alert.firing ? m.alertFiring : undefined,
            }))}
          />
        ) : null}
      </div>
    </section>
  );
}

/** One line of a legend of rules: a short line in its colour (dashed: an alert's limit) and its words. */
interface Rule {
  key: string;
  color: string;
  dashed?: boolean;
  text: string;
  /** Said after the text in the rule's colour ('– larmar nu'). */
  strong?: string;
}

/**
 * The alerts' legend is for screen readers: the chart names each limit on its axis and shades the firing,
 * and a legend that appeared with its answer moved the page (the dashboard's layout-shift check).
 */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/** Threshold steps or alert limits in words: a line's colour alone would tell nothing to some readers. */
function RuleLegend({
  label,
  rules,
  style,
}: {
  label: string;
  rules: readonly Rule[];
  style?: CSSProperties;
}) {
  return (
    <ul className="matnat-panel__legend" aria-label={label} style={style}>
      {rules.map((rule) => (
        <li key={rule.key}>
          <span
            className="matnat-panel__rule"
            style={{ borderColor: rule.color, borderTopStyle: rule.dashed ? 'dashed' : undefined }}
          />
          {rule.text}
          {rule.strong ? <strong style={{ color: rule.color }}>{` ${rule.strong}`}</strong> : null}
        </li>
      ))}
    </ul>
  );
}

/** A line chart of one or more sensors over the time filter's range, refreshed every interval. */
export function LineChartPanel(props: LineChartPanelProps) {
  return (
    <WidgetRoot sheet={panelStyles}>
      <LineChartPanelView {...props} />
    </WidgetRoot>
  );
}
