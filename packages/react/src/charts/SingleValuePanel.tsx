import { useEffect, useState } from 'react';
import { useDataSource } from '../data/clientDataSource';
import type { LatestReading, MatnatDataSource } from '../data/dataSource';
import { useMessages } from '../messages';
import { DEFAULT_INTERVAL, type IntervalSlug, intervalMs, intervalOr } from '../timeFilter/slugs';
import { WidgetRoot } from '../widgets/WidgetRoot';
import { formatAge, formatReading } from './format';
import { toEpochMs } from './timeFormat';

export interface SingleValuePanelProps {
  sensorId: number | string;
  /** Where readings come from. @default one over the surrounding MatnatProvider's client */
  dataSource?: MatnatDataSource;
  title?: string;
  /** Unit shown after the value; the reading's own unit when absent. */
  unit?: string;
  /** Refresh interval slug. @default '15_m' */
  interval?: IntervalSlug;
  /** Decimals shown at most. @default 1 */
  digits?: number;
  /** Clock, for tests. @default Date.now */
  now?(): number;
}

const AGE_TICK_MS = 15_000;

function SingleValuePanelView({
  sensorId,
  dataSource: given,
  title,
  unit,
  interval,
  digits = 1,
  now = Date.now,
}: SingleValuePanelProps) {
  const dataSource = useDataSource(given);
  const messages = useMessages();
  const m = messages.panel;
  const [reading, setReading] = useState<LatestReading | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  const refreshMs = intervalMs(intervalOr(interval, DEFAULT_INTERVAL));

  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs]);

  // The age text moves on between refreshes.
  const [, setAgeTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setAgeTick((t) => t + 1), AGE_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: tick triggers the periodic refetch
  useEffect(() => {
    const controller = new AbortController();
    dataSource.latest(sensorId, controller.signal).then(
      (r) => {
        if (controller.signal.aborted) return;
        setReading(r);
        setFailed(false);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [dataSource, sensorId, tick]);

  useEffect(() => {
    if (!dataSource.subscribe) return;
    return dataSource.subscribe([sensorId], (live) =>
      setReading((prev) => ({
        sensor_id: live.sensor_id,
        value: live.value,
        measured_at: live.measured_at,
        unit: prev?.unit ?? null,
      })),
    );
  }, [dataSource, sensorId]);

  const shownUnit = unit ?? reading?.unit ?? '';
  const measuredAt = toEpochMs(reading?.measured_at);
  return (
    <section className="matnat-panel matnat-single-value-panel" aria-busy={reading === undefined && !failed}>
      {title ? <h3 className="matnat-panel__title">{title}</h3> : null}
      {failed && !reading ? (
        <p className="matnat-panel__status" role="alert">
          {m.loadFailed}
        </p>
      ) : reading === undefined ? (
        <p className="matnat-panel__status">{m.loading}</p>
      ) : reading === null || reading.value == null ? (
        <p className="matnat-panel__status">{m.noData}</p>
      ) : (
        <>
          <p className="matnat-single-value">
            <span className="matnat-single-value__number">
              {formatReading(reading.value, messages.locale, digits)}
            </span>
            {shownUnit ? <span className="matnat-single-value__unit">{`\u00a0${shownUnit}`}</span> : null}
          </p>
          {Number.isNaN(measuredAt) ? null : (
            <p className="matnat-single-value__age">
              <time dateTime={new Date(measuredAt).toISOString()}>
                {m.measuredAt(formatAge(measuredAt, now(), messages.locale))}
              </time>
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** The latest reading of one sensor: value and unit in the locale's number format, and how old it is. */
export function SingleValuePanel(props: SingleValuePanelProps) {
  return (
    <WidgetRoot>
      <SingleValuePanelView {...props} />
    </WidgetRoot>
  );
}
