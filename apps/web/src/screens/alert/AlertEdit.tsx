import { useQuery } from '@matnat/react';
import { useParams } from 'react-router';
import { matnat } from '../../matnat';
import { usePageTitle } from '../../shell/usePageTitle';
import NotFound from '../NotFound';
import { AlertForm } from './AlertForm';
import { AlertDeliveries } from './AlertNotify';

/** alert.edit: the alert with its conditions, in the same form; another team's alert is the 404 page. */
export default function AlertEdit() {
  const id = Number(useParams().alert_id);
  const alert = useQuery(matnat.queries.alert(id));
  usePageTitle(alert.data ? `Redigera ${alert.data.name}` : null);
  if (alert.isError) return <NotFound />;
  if (!alert.data) return <p className="text-slate-600">Laddar…</p>;
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Redigera {alert.data.name}</h1>
      <AlertForm key={alert.data.id} alert={alert.data} />
      <AlertDeliveries alertId={alert.data.id} />
    </section>
  );
}
