import { isAlertFiring } from '@matnat/contract/plain';
import { type Alert, buildPath, displayTime } from '@matnat/core';
import { Button, useQuery } from '@matnat/react';
import { Link, useSearchParams } from 'react-router';
import { matnat } from '../../matnat';
import { useFormSubmit } from '../../shell/useFormSubmit';
import { isMuted, STATE_CLASSES, STATE_LABELS } from './alertText';

/** Acknowledge (while firing) and mute for an hour / unmute: the alert routes of issue 11. */
function AlertActions({ alert }: { alert: Alert }) {
  const action = useFormSubmit();
  const muted = isMuted(alert, matnat.platform.now());
  const { alerts } = matnat.mutations;
  const mute = (minutes: number, done: string) =>
    action.run(() => alerts.mute(alert.id, minutes), { toast: done });

  return (
    <div className="flex flex-wrap gap-2">
      {alert.state === 'firing' && (
        <Button
          disabled={action.busy}
          onClick={() =>
            action.run(() => alerts.acknowledge(alert.id), { toast: `${alert.name} är kvitterad` })
          }
        >
          Kvittera
        </Button>
      )}
      <Button
        variant="secondary"
        disabled={action.busy}
        onClick={() =>
          muted ? mute(0, `${alert.name} hörs igen`) : mute(60, `${alert.name} är tystad i en timme`)
        }
      >
        {muted ? 'Sluta tysta' : 'Tysta 1 timme'}
      </Button>
      {action.general && (
        <p role="alert" className="w-full text-sm text-red-700">
          {action.general}
        </p>
      )}
    </div>
  );
}

/**
 * alert.index (Notiser): the alerts sorted by name with their state, conditions count and mute;
 * `?filter=firing` shows only those firing (the fleet overview's link, issue 21).
 */
export default function AlertIndex() {
  const alerts = useQuery(matnat.queries.alerts());
  const firingOnly = useSearchParams()[0].get('filter') === 'firing';
  const list = (alerts.data ?? []).filter((a) => !firingOnly || isAlertFiring(a));
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
      {firingOnly && (
        <p className="text-slate-700">
          Visar notiserna som larmar.{' '}
          <Link to={buildPath('alert.index')} className="text-teal-800 underline">
            Visa alla notiser
          </Link>
        </p>
      )}
      {alerts.isPending && <p className="text-slate-600">Laddar…</p>}
      {alerts.isSuccess && list.length === 0 && (
        <p className="text-slate-700">
          {firingOnly ? 'Ingen notis larmar just nu.' : 'Du har inga notiser ännu.'}
        </p>
      )}
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
                    ? ` · tystad till ${displayTime(alert.muted_until)}`
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
