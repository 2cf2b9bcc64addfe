import { useParams } from 'react-router';
import { PanelForm } from '../shell/PanelForm';

/** dashboard.panelform.simple: one sensor, as a line chart or a single value, picked by device then sensor. */
export default function PanelFormSimple() {
  const { dashboard_id } = useParams();
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-2xl font-semibold text-slate-900">Ny panel</h1>
      <PanelForm mode="simple" dashboardId={Number(dashboard_id)} />
    </section>
  );
}
