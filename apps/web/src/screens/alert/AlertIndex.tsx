import { type Alert, buildPath, parseFormErrors, sortAlerts } from '@matnat/core';
import { Button, useQuery } from '@matnat/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { matnat } from '../../matnat';
import { isMuted, STATE_CLASSES, STATE_LABELS } from './alertText';

const timeFormat = new Intl.DateTimeFormat('sv-SE', { timeStyle: 'short', timeZone: 'Europe/Stockholm' });

/** Acknowledge (while firing) and mute for an hour / unmute: the alert routes of issue 11. */
function AlertActions({ alert }: { alert: Alert }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const muted = isMuted(alert, matnat.platform.now());

  async function post(path: string, body: unknown, done: string) {
    setBusy(true);
    setError(null);
    try {
      await matnat.http.post(`/api/v1/alert/${alert.id}/${path}`, body);
      matnat.toasts.show(done);
    } catch (e) {
      const errors = parseFormErrors(e);
      setError(Object.values(errors.fields)[0]?.[0] ?? errors.general);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      {alert.state === 'firing' && (
        <Button disabled={busy} onClick={() => post('acknowledge', {}, `${alert.name} är kvitterad`)}>
          Kvittera
        </Button>
      )}
      <Button
        variant="secondary"
        disabled={busy}
        onClick={() =>
          muted
            ? post('mute', { minutes: 0 }, `${alert.name} hörs igen`)
            : post('mute', { minutes: 60 }, `${alert.name} är tystad i en timme`)
        }
      >
        {muted ? 'Sluta tysta' : 'Tysta 1 timme'}
      </Button>
      {error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** alert.index (Notiser): the alerts sorted by name with their state, conditions count and mute. */
export default function AlertIndex() {
  const alerts = useQuery(matnat.queries.alerts());
  const list = sortAlerts(alerts.data ?? []);
  const now = matnat.platform.now();
  return (
    <section className="space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Notiser</h1>
        <Link
          to={buildPath('alert.create')}
          className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800"
        >
          Ny notis
        </Link>
      </header>
      {alerts.isError && (
        <p role="alert" className="text-red-800">
          Notiserna kunde inte hämtas. Försök igen.
        </p>
      )}
      {alerts.isPending && <p className="text-slate-600">Laddar…</p>}
      {alerts.isSuccess && list.length === 0 && <p className="text-slate-700">Du har inga notiser ännu.</p>}
      <ul aria-label="Notiser" className="space-y-3">
        {list.map((alert) => {
          const state = alert.state ?? 'ok';
          return (
            <li
              key={alert.id}
              className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200 md:flex-row md:items-center md:justify-between"
            >
              <div className="space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={buildPath('alert.edit', { alert_id: alert.id })}
                    className="font-medium text-teal-800 underline-offset-2 hover:underline"
                  >
                    {alert.name}
                  </Link>
                  <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATE_CLASSES[state]}`}>
                    {STATE_LABELS[state]}
                  </span>
                  {!alert.is_enabled && <span className="text-xs text-slate-600">Avstängd</span>}
                </div>
                <p className="text-sm text-slate-600">
                  {alert.conditions_count ?? 0} villkor
                  {isMuted(alert, now) && alert.muted_until
                    ? ` · tystad till ${timeFormat.format(new Date(alert.muted_until))}`
                    : ''}
                </p>
              </div>
              <AlertActions alert={alert} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
