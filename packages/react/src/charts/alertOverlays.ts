import { rangeQuery } from '@matnat/contract/plain';
import type { LiveEvent, SensorAlert, SensorAlertPeriods } from '@matnat/core';
import { useEffect, useMemo, useState } from 'react';
import { fetchResource, keepPreviousOfSensors, useResource } from '../data/resource';
import { useWidgetClient } from '../data/useWidgetClient';
import type { TimeFilterValue } from '../timeFilter/TimeFilterSelect';
import { useLatest } from '../widgets/useLatest';
import type { ChartBand, ChartLine } from './chartOverlays';

/** An alert's limit on a chart (dashed); a host re-themes it with `--matnat-alert-limit`. */
export const ALERT_LIMIT_COLOR = 'var(--matnat-alert-limit, #b91c1c)';
/** A firing period behind the lines; a host re-themes it with `--matnat-alert-band`. */
export const ALERT_BAND_COLOR = 'var(--matnat-alert-band, rgba(220, 38, 38, 0.14))';

/** An alert's state change for a sensor heard on the live stream. */
type Change = Pick<Extract<LiveEvent, { type: 'alert' }>, 'alert_id' | 'sensor_id' | 'state' | 'at'>;

/** An alert watching one of the chart's sensors, with its periods as the server and the stream tell them. */
export interface ChartAlert extends SensorAlert {
  sensor_id: number;
  /** Whether it is firing at the end of what is known (an open period). */
  firing: boolean;
}

const OPEN = new Set(['firing', 'acknowledged']);

/**
 * The server's periods of each alert on each sensor, with the stream's changes since the answers applied: a
 * firing opens a period at its instant (unless one is open), a resolution closes the open one.
 */
export function chartAlerts(
  answers: readonly SensorAlertPeriods[],
  changes: readonly Change[],
): ChartAlert[] {
  return answers.flatMap((answer) =>
    answer.alerts.map((alert) => {
      const periods = alert.periods.map((p) => ({ ...p }));
      for (const change of changes) {
        if (change.alert_id !== alert.alert_id || change.sensor_id !== answer.sensor_id) continue;
        const open = periods.find((p) => p.to === null);
        if (OPEN.has(change.state)) {
          if (!open) periods.push({ from: change.at, to: null });
        } else if (open) open.to = change.at;
      }
      const firing = periods.some((p) => p.to === null);
      return { ...alert, periods, sensor_id: answer.sensor_id, firing };
    }),
  );
}

/** Each alert's limits as dashed lines named by the alert (once per alert and value, whichever sensor). */
export function alertLines(alerts: readonly ChartAlert[]): ChartLine[] {
  const seen = new Set<string>();
  return alerts.flatMap((alert) =>
    alert.limits.flatMap((limit) => {
      const key = `${alert.alert_id}|${limit.threshold}`;
      if (seen.has(key)) return [];
      seen.add(key);
      return [{ value: limit.threshold, color: ALERT_LIMIT_COLOR, label: alert.name, dashed: true }];
    }),
  );
}

/** Every firing period as a shaded band. */
export function alertBands(alerts: readonly ChartAlert[]): ChartBand[] {
  return alerts.flatMap((alert) =>
    alert.periods.map((p) => ({
      from: Date.parse(p.from),
      to: p.to === null ? null : Date.parse(p.to),
      color: ALERT_BAND_COLOR,
    })),
  );
}

/**
 * The alerts watching the sensors over the filter's range, fetched with the readings' refresh interval, and
 * kept current by the live stream's alert changes (a signed-in viewer's; an embed token hears none, so its
 * panels see a new firing with the next refresh). Nothing is fetched or heard when `enabled` is false;
 * nothing is fetched before the panel is `seen` (issue 22), but its alert events are heard from the mount,
 * so the page's one stream opens once with `alerts=1` instead of reopening as panels scroll into view.
 */
export function useChartAlerts(
  ids: readonly string[],
  filter: TimeFilterValue,
  refetchMs: number,
  enabled: boolean,
  seen = true,
): ChartAlert[] {
  const client = useWidgetClient('queries', 'readings');
  const window = rangeQuery(filter);
  const { data } = useResource<SensorAlertPeriods[]>({
    queryKey: ['sensor', 'alert-periods', ids, window],
    queryFn: () =>
      Promise.all(
        ids.map((id) =>
          fetchResource(client, client.queries.alertPeriods(Number(id), window), refetchMs / 2),
        ),
      ),
    refetchInterval: refetchMs,
    enabled: enabled && seen && ids.length > 0,
    // A new range keeps the alerts of the one before (dimmed with the chart's lines) until its own come.
    placeholderData: keepPreviousOfSensors(ids),
  });
  const changes = useAlertChanges(ids, data, enabled);
  return useMemo(() => (data ? chartAlerts(data, changes) : []), [data, changes]);
}

/** The alert changes of the sensors heard since the answers came (new answers hold them). */
function useAlertChanges(ids: readonly string[], data: SensorAlertPeriods[] | undefined, enabled: boolean) {
  const { readings } = useWidgetClient('readings');
  const [changes, setChanges] = useState<Change[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when new answers came
  useEffect(() => setChanges((prev) => (prev.length ? [] : prev)), [data]);
  const watched = useLatest(ids);
  useEffect(() => {
    if (!enabled) return;
    return readings.onEvent((event) => {
      if (
        event.type === 'alert' &&
        event.kind === 'value' &&
        watched.current.includes(String(event.sensor_id))
      )
        setChanges((prev) => [...prev, event]);
    });
  }, [readings, enabled, watched]);
  return changes;
}
