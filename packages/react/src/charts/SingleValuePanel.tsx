import { rangeQuery } from '@matnat/contract/plain';
import {
  type IntervalSlug,
  intervalMs,
  type LatestMeasurement,
  type MeasurementBuckets,
  type ThresholdStep,
  toEpochMs,
} from '@matnat/core';
import { useEffect, useRef, useState } from 'react';
import { keepPreviousOfSensors, useResource } from '../data/resource';
import { useLiveReadings } from '../data/useLiveReadings';
import { useWidgetClient } from '../data/useWidgetClient';
import { useWidgetError } from '../data/widgetError';
import { useMessageGroups } from '../messages/context';
import { svPanelGroups } from '../messages/sv';
import type { PanelRange } from '../timeFilter/panelRange';
import type { TimeFilterValue } from '../timeFilter/TimeFilterSelect';
import { useSeen } from '../widgets/useSeen';
import { WidgetRoot } from '../widgets/WidgetRoot';
import { panelStyles } from '../widgets/widgetCss';
import { formatAge, formatDuration, formatReading } from './format';
import { Sparkline } from './Sparkline';
import { stepOf, thresholdColor } from './thresholds';
import { usePanelTimeFilter } from './usePanelTimeFilter';

export interface SingleValuePanelProps {
  sensorId: number | string;
  title?: string;
  /** Unit shown after the value; the reading's own unit when absent. */
  unit?: string;
  /**
   * The range of the sparkline under the value: a preset slug or an absolute range (see `PanelRange`).
   * @default the stored choice, else 'prev_5_days'
   */
  range?: PanelRange;
  /** Refresh interval slug. @default the stored choice, else '15_m' */
  interval?: IntervalSlug;
  /**
   * Threshold steps (ascending values, issue 21): the value is written in its step's colour and the step's
   * label is shown beside it.
   */
  thresholds?: readonly ThresholdStep[];
  /**
   * Seconds after which the reading counts as stale ("Mätt för 3 timmar sedan" turns into a warning).
   * @default the device's expected interval, as the API answers it with the reading
   */
  expectedIntervalS?: number;
  /** Show the sparkline of the range. @default true */
  showSparkline?: boolean;
  /** Where the range and interval are kept in the core's time-filter store. @default 'sensor-' and the id */
  filterKey?: string;
  /** The range or interval changed through `range`/`interval`… reported like a line chart's. */
  onChange?(value: TimeFilterValue): void;
  /** Decimals shown at most. @default 1 */
  digits?: number;
  /** Clock, for tests. @default Date.now */
  now?(): number;
}

const AGE_TICK_MS = 15_000;
/** Buckets of the sparkline: about one per two pixels of a panel's width. */
const SPARKLINE_POINTS = 120;

/** The latest reading: fetched every interval, replaced by each reading the live stream pushes. */
function useLatestReading(sensorId: number | string, refreshMs: number, enabled: boolean) {
  const client = useWidgetClient('queries');
  const fetched = useResource({
    ...client.queries.latest(Number(sensorId)),
    refetchInterval: refreshMs,
    enabled,
  });
  const [pushed, setPushed] = useState<LatestMeasurement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh answer replaces what was pushed
  useEffect(() => setPushed(null), [fetched.data, sensorId]);
  useLiveReadings([sensorId], (live) =>
    setPushed({ sensor_id: live.sensor_id, value: live.value, measured_at: live.measured_at }),
  );
  // A pushed reading keeps what the server gave with the fetched one (unit, expected interval).
  return {
    ...fetched,
    data: pushed && fetched.data ? { ...fetched.data, ...pushed } : (pushed ?? fetched.data),
  };
}

/** The sensor's buckets over the panel's range, for the sparkline (shared with any widget asking the same). */
function useSparkline(sensorId: number | string, filter: TimeFilterValue, enabled: boolean) {
  const client = useWidgetClient('queries');
  const query = { ...rangeQuery(filter), interval_slug: filter.interval_slug, max_points: SPARKLINE_POINTS };
  return useResource<MeasurementBuckets>({
    ...client.queries.measurements(Number(sensorId), query),
    refetchInterval: intervalMs(filter.interval_slug),
    enabled,
    // A new range keeps the sensor's sparkline it had until its own buckets come (issue 21): the panel is
    // aria-busy meanwhile, which dims it (panelCss); isPlaceholderData is only ever true with data.
    placeholderData: keepPreviousOfSensors(sensorId, 1),
  });
}

/** Re-renders every 15 s so that the age text moves on between refreshes. */
function useAgeTick() {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), AGE_TICK_MS);
    return () => clearInterval(timer);
  }, []);
}

function SingleValuePanelView(props: SingleValuePanelProps) {
  const { sensorId, title, unit, thresholds, showSparkline = true, digits = 1, now = Date.now } = props;
  const messages = useMessageGroups(svPanelGroups);
  const m = messages.panel;
  const [filter, , badRange] = usePanelTimeFilter(
    props.filterKey ?? `sensor-${sensorId}`,
    props.range,
    props.interval,
    props.onChange,
  );
  const refreshMs = intervalMs(filter.interval_slug);
  // Asked for once the panel comes near the viewport, in the viewport's order with the page's other panels.
  const box = useRef<HTMLElement>(null);
  const seen = useSeen(box);
  const { data: reading, error, isPending } = useLatestReading(sensorId, refreshMs, seen);
  const spark = useSparkline(sensorId, filter, seen && showSparkline && badRange === undefined);
  const failure = useWidgetError(error, m.loadFailed);
  // A range the host gave that cannot be shown (issue 21 Bad input) is said in place of the value.
  const problem = badRange === undefined ? failure && !reading && failure : messages.chart.badRange(badRange);
  useAgeTick();

  const shownUnit = unit ?? reading?.unit ?? '';
  const measuredAt = toEpochMs(reading?.measured_at);
  const step = reading ? stepOf(reading.value, thresholds) : null;
  const color = step ? thresholdColor(step.color) : undefined;
  const expected = props.expectedIntervalS ?? reading?.expected_interval_s;
  const stale = expected !== undefined && now() - measuredAt > expected * 1000;
  return (
    <section
      ref={box}
      className="matnat-panel matnat-single-value-panel"
      aria-busy={isPending || spark.isPlaceholderData}
    >
      {title ? <h3 className="matnat-panel__title">{title}</h3> : null}
      {problem ? (
        <p className="matnat-panel__status" role="alert">
          {problem}
        </p>
      ) : isPending ? (
        <p className="matnat-panel__status">{m.loading}</p>
      ) : !reading ? (
        <div className="matnat-single-value-panel__empty">
          <p className="matnat-single-value matnat-single-value--none">{m.noValue}</p>
          <p className="matnat-single-value__age">{m.noValueHint}</p>
        </div>
      ) : (
        <>
          <div className="matnat-single-value-panel__reading">
            <p className="matnat-single-value" style={color ? { color } : undefined}>
              <span className="matnat-single-value__number">
                {formatReading(reading.value, messages.locale, digits)}
              </span>
              {shownUnit ? <span className="matnat-single-value__unit">{`\u00a0${shownUnit}`}</span> : null}
            </p>
            {/* The step in words too: its colour alone would tell nothing to some readers. */}
            {step ? (
              <p className="matnat-single-value__step" style={{ color }}>
                <span className="matnat-panel__swatch" style={{ background: color }} />
                {step.label}
              </p>
            ) : null}
          </div>
          {/* Its place is kept while its buckets load (or when there are none): nothing below it moves. */}
          {showSparkline ? (
            spark.data && spark.data.buckets.length > 1 ? (
              <Sparkline
                buckets={spark.data.buckets}
                color={color}
                label={(min, max) =>
                  m.sparkline(
                    formatReading(min, messages.locale, digits),
                    formatReading(max, messages.locale, digits),
                    shownUnit,
                  )
                }
              />
            ) : (
              <div className="matnat-sparkline" />
            )
          ) : null}
          {Number.isNaN(measuredAt) ? null : (
            <p className={`matnat-single-value__age${stale ? ' matnat-single-value__age--stale' : ''}`}>
              {stale ? (
                <span className="matnat-single-value__warning" aria-hidden="true">
                  {'⚠ '}
                </span>
              ) : null}
              <time dateTime={new Date(measuredAt).toISOString()}>
                {m.measuredAt(formatAge(measuredAt, now(), messages.locale, m.justNow))}
              </time>
              {stale && expected !== undefined
                ? ` · ${m.stale(formatDuration(expected, messages.locale))}`
                : null}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * The latest reading of one sensor: value and unit in the locale's number format (in its threshold step's
 * colour, with the step's label), a sparkline of the range, how old it is (a warning once it is older than
 * the device's expected interval), and "Inget värde" before the first reading.
 */
export function SingleValuePanel(props: SingleValuePanelProps) {
  return (
    <WidgetRoot sheet={panelStyles}>
      <SingleValuePanelView {...props} />
    </WidgetRoot>
  );
}
