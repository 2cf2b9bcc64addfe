import { type IntervalSlug, intervalMs, intervalOr, type LatestMeasurement, toEpochMs } from '@matnat/core';
import { useEffect, useState } from 'react';
import { useResource } from '../data/resource';
import { useLiveReadings } from '../data/useLiveReadings';
import { useWidgetClient } from '../data/useWidgetClient';
import { useWidgetError } from '../data/widgetError';
import { useMessages } from '../messages';
import { WidgetRoot } from '../widgets/WidgetRoot';
import { formatAge, formatReading } from './format';

export interface SingleValuePanelProps {
  sensorId: number | string;
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

/** The latest reading: fetched every interval, replaced by each reading the live stream pushes. */
function useLatestReading(sensorId: number | string, refreshMs: number) {
  const client = useWidgetClient('queries');
  const fetched = useResource({ ...client.queries.latest(Number(sensorId)), refetchInterval: refreshMs });
  const [pushed, setPushed] = useState<LatestMeasurement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh answer replaces what was pushed
  useEffect(() => setPushed(null), [fetched.data, sensorId]);
  useLiveReadings([sensorId], (live) =>
    setPushed({ sensor_id: live.sensor_id, value: live.value, measured_at: live.measured_at }),
  );
  // A pushed reading keeps the unit the server gave with the fetched one.
  return { ...fetched, data: pushed ? { ...pushed, unit: fetched.data?.unit } : fetched.data };
}

/** Re-renders every 15 s so that the age text moves on between refreshes. */
function useAgeTick() {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), AGE_TICK_MS);
    return () => clearInterval(timer);
  }, []);
}

function SingleValuePanelView({
  sensorId,
  title,
  unit,
  interval,
  digits = 1,
  now = Date.now,
}: SingleValuePanelProps) {
  const messages = useMessages();
  const m = messages.panel;
  const { data: reading, error, isPending } = useLatestReading(sensorId, intervalMs(intervalOr(interval)));
  const failure = useWidgetError(error, m.loadFailed);
  useAgeTick();

  const shownUnit = unit ?? reading?.unit ?? '';
  const measuredAt = toEpochMs(reading?.measured_at);
  return (
    <section className="matnat-panel matnat-single-value-panel" aria-busy={isPending}>
      {title ? <h3 className="matnat-panel__title">{title}</h3> : null}
      {failure && !reading ? (
        <p className="matnat-panel__status" role="alert">
          {failure}
        </p>
      ) : isPending ? (
        <p className="matnat-panel__status">{m.loading}</p>
      ) : !reading ? (
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
                {m.measuredAt(formatAge(measuredAt, now(), messages.locale, m.justNow))}
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
